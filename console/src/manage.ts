/**
 * The page of a manage link (docs/manage-links.md), served at /manage/{account}/{token}: the
 * person who booked sees the booking, cancels it, or moves it to a slot the search offers.
 * No API key: the link's path is the credential, sent back to the /v1/manage/… endpoints.
 */
import './style.css';
import { h, replace, say } from './dom.js';

const [, , account, token] = location.pathname.split('/');
const base = `/v1/manage/${encodeURIComponent(account ?? '')}/${encodeURIComponent(token ?? '')}`;
const main = document.getElementById('main')!;

interface Segment {
  resource: string;
  start: string;
  end: string;
}
interface Booking {
  id: string;
  status: string;
  start: string;
  end: string;
  segments: Segment[];
}
interface View {
  booking: Booking;
  can_change: boolean;
  link: { expires_at: string };
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(json?.error?.message ?? `Error ${res.status}`);
  return json as T;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
const time = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));

async function load(): Promise<void> {
  let view: View;
  try {
    view = await call<View>('');
  } catch (err) {
    replace(main, h('h1', {}, 'This link does not work'), h('p', {}, (err as Error).message));
    return;
  }
  const b = view.booking;
  replace(
    main,
    h('h1', {}, b.status === 'cancelled' ? 'Cancelled booking' : 'Your booking'),
    h('p', { id: 'when', 'data-status': b.status }, `${when(b.start)} – ${time(b.end)}`),
    h('p', {}, `Status: ${b.status}`),
    view.can_change ? actions(b) : h('p', {}, 'This booking can no longer be changed here.'),
  );
}

function actions(b: Booking): HTMLElement {
  const day = h('input', { type: 'date', id: 'day', value: b.start.slice(0, 10), 'aria-label': 'Day to move to' });
  const slots = h('div', { id: 'slots' });
  const find = async () => {
    const from = `${day.value}T00:00:00Z`;
    const to = new Date(Date.parse(from) + 86_400_000).toISOString();
    try {
      const found = await call<{ slots: { start: string }[] }>('/availability', { from, to });
      replace(
        slots,
        found.slots.length
          ? h('ul', {}, ...found.slots.map((s) => h('li', {}, h('button', { type: 'button', class: 'slot', 'data-start': s.start, onclick: () => move(s.start) }, time(s.start)))))
          : h('p', {}, 'No free time that day.'),
      );
    } catch (err) {
      say((err as Error).message, 'error');
    }
  };
  const move = async (start: string) => {
    try {
      await call('/reschedule', { start });
      say(`Moved to ${when(start)}.`);
      await load();
    } catch (err) {
      say((err as Error).message, 'error');
    }
  };
  const cancel = async () => {
    if (!confirm('Cancel this booking?')) return;
    try {
      await call('/cancel', {});
      say('Your booking is cancelled.');
      await load();
    } catch (err) {
      say((err as Error).message, 'error');
    }
  };
  return h(
    'section',
    {},
    h('h2', {}, 'Move it'),
    h('label', { for: 'day' }, 'Day '),
    day,
    h('button', { type: 'button', id: 'find', onclick: find }, 'Show free times'),
    slots,
    h('h2', {}, 'Cancel it'),
    h('button', { type: 'button', id: 'cancel', class: 'danger', onclick: cancel }, 'Cancel booking'),
  );
}

void load();
