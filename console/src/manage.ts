/**
 * The page of a manage link (docs/manage-links.md), served at /manage/{account}/{token}: the
 * person who booked sees the booking (the business, what and where, when in the resource's
 * time zone), cancels it, or moves it to a free time the search offers. Both ask once first
 * (confirm.ts). No API key: the link's path is the credential, sent back to /v1/manage/….
 * Errors are the console's sentences (words.ts), with the code and ids behind "Details".
 */
import './style.css';
import { errorFromResponse } from '@scheduling/client';
import { h, replace, say } from './dom.js';
import { explain, sayFailed, type Context } from './words.js';
import { confirmStep } from './confirm.js';
import { addDays, toInstant, toLocal, iso } from './time.js';
import { formatRange, formatDay, formatTime, inViewerZone, partOfDay, useLocale, useViewerZone, viewerZone, zoneLabel } from './zone.js';

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
  business: { name: string; accent_color: string | null };
  segments: { resource: string; resource_name: string | null; timezone: string; location: { id: string; name: string } | null }[];
  /** The customer's, when the booking names them: the page formats in that locale and shows "your time" in that zone. */
  locale: string | null;
  time_zone: string | null;
}

const STATUS: Record<string, string> = {
  pending: 'Waiting for confirmation',
  requested: 'Waiting for approval',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  completed: 'Completed',
  no_show: 'Missed',
};

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  // The API's error shape as the typed client reads it, so words.ts can explain its code.
  if (!res.ok) throw errorFromResponse(res.status, json);
  return json as T;
}

/** Names the resources of an error the way the page does. */
const namesOf = (view: View): Context => ({
  name: (id) => view.segments.find((s) => s.resource === id)?.resource_name ?? 'The resource',
});

/** The business's name and colour on the header (the colour through the CSSOM: the CSP allows no inline style). */
function brand(view: View) {
  const name = view.business.name || 'Your booking';
  document.title = `${name}: your booking`;
  const brandEl = document.querySelector('.brand');
  if (brandEl) brandEl.textContent = name;
  const accent = view.business.accent_color;
  if (accent) {
    document.documentElement.style.setProperty('--accent', accent);
    document.documentElement.style.setProperty('--on-accent', readableOn(accent));
  }
}

/** White or ink on the accent, whichever reads (WCAG relative luminance). */
function readableOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (1.05 / (luminance + 0.05)) >= ((luminance + 0.05) / 0.05) ? '#ffffff' : '#1d2330';
}

/** "10:00–11:00, Paris time" and, when the viewer's clock differs, their own reading of it. */
function whenBlock(start: string, end: string, tz: string): HTMLElement {
  const theirs = inViewerZone(start, end, tz);
  return h('dd', { id: 'when-text' },
    h('span', { class: 'when-main' }, formatRange(start, end, tz)),
    h('span', { class: 'zone-label' }, ` (${zoneLabel(tz)})`),
    theirs && h('span', { class: 'viewer-time' }, `Your time (${zoneLabel(viewerZone())}): ${theirs}`),
  );
}

async function load(): Promise<void> {
  let view: View;
  try {
    view = await call<View>('');
  } catch (err) {
    const { sentence, details } = explain(err);
    const dead = (err as { code?: string }).code === 'resource_missing';
    replace(
      main,
      h('h1', {}, dead ? 'This link does not work' : 'Your booking could not be shown'),
      h('p', { id: 'load-error' }, sentence),
      details && h('details', { class: 'ids' }, h('summary', {}, 'Details'), h('code', {}, details)),
    );
    return;
  }
  brand(view);
  useLocale(view.locale);
  useViewerZone(view.time_zone);
  const b = view.booking;
  const tz = view.segments[0]?.timezone ?? 'UTC';
  const names = [...new Set(view.segments.map((s) => s.resource_name).filter(Boolean))].join(', ');
  const places = [...new Set(view.segments.map((s) => s.location?.name).filter(Boolean))].join(', ');
  replace(
    main,
    h('h1', {}, b.status === 'cancelled' ? 'Your booking is cancelled' : `Your booking with ${view.business.name}`),
    h('dl', { class: 'card summary', id: 'when', 'data-status': b.status },
      names && h('dt', {}, 'What'), names && h('dd', { id: 'what' }, names),
      places && h('dt', {}, 'Where'), places && h('dd', { id: 'where' }, places),
      h('dt', {}, 'When'), whenBlock(b.start, b.end, tz),
      h('dt', {}, 'Status'), h('dd', { class: `status-text status-${b.status}` }, STATUS[b.status] ?? b.status),
    ),
    view.can_change ? actions(view, tz) : h('p', {}, 'This booking can no longer be changed here.'),
  );
}

function actions(view: View, tz: string): HTMLElement {
  const b = view.booking;
  const day = h('input', { type: 'date', id: 'day', value: toLocal(b.start, tz).date });
  const slots = h('div', { id: 'slots', 'aria-live': 'polite' });
  const find = async () => {
    if (!day.value) return;
    const from = iso(toInstant(day.value, 0, tz));
    const to = iso(toInstant(addDays(day.value, 1), 0, tz));
    try {
      const found = await call<{ slots: { start: string; end: string }[] }>('/availability', { from, to });
      const groups = (['Morning', 'Afternoon', 'Evening'] as const)
        .map((part) => ({ part, list: found.slots.filter((s) => partOfDay(s.start, tz) === part) }))
        .filter((g) => g.list.length > 0);
      replace(
        slots,
        groups.length
          ? h('div', { class: 'slot-groups' },
              h('p', { class: 'muted' }, `Free times on ${formatDay(from, tz)} (${zoneLabel(tz)})`),
              ...groups.map((g) =>
                h('section', { class: 'slot-group', 'aria-label': g.part },
                  h('h3', {}, g.part),
                  h('ul', { class: 'slot-list' },
                    ...g.list.map((s) =>
                      h('li', {}, h('button', { type: 'button', class: 'slot', 'data-start': s.start, onclick: () => void move(s) }, formatTime(s.start, tz))),
                    ),
                  ),
                ),
              ),
            )
          : h('p', {}, 'No free time that day. Try another day.'),
      );
    } catch (err) {
      sayFailed('Finding free times', err, namesOf(view));
    }
  };
  const move = async (slot: { start: string; end: string }) => {
    const theirs = inViewerZone(slot.start, slot.end, tz);
    const yes = await confirmStep({
      title: 'Move your booking?',
      lines: [
        `New time: ${formatRange(slot.start, slot.end, tz)} (${zoneLabel(tz)}).`,
        ...(theirs ? [`Your time (${zoneLabel(viewerZone())}): ${theirs}.`] : []),
        `Your current time, ${formatRange(b.start, b.end, tz)}, is given up. ${view.business.name} is told, and this link keeps working for the new time.`,
      ],
      yes: 'Move booking',
      no: 'Keep current time',
    });
    if (!yes) return;
    try {
      await call('/reschedule', { start: slot.start });
      say(`Moved to ${formatRange(slot.start, slot.end, tz)} (${zoneLabel(tz)}).`);
      await load();
    } catch (err) {
      sayFailed('Moving your booking', err, namesOf(view));
    }
  };
  const cancel = async () => {
    const yes = await confirmStep({
      title: 'Cancel your booking?',
      lines: [`${formatRange(b.start, b.end, tz)} (${zoneLabel(tz)}) is cancelled and the time is given up. ${view.business.name} is told. This cannot be undone.`],
      yes: 'Cancel booking',
      no: 'Keep booking',
      danger: true,
    });
    if (!yes) return;
    try {
      await call('/cancel', {});
      say('Your booking is cancelled.');
      await load();
    } catch (err) {
      sayFailed('Cancelling your booking', err, namesOf(view));
    }
  };
  return h(
    'div',
    { class: 'manage-actions' },
    h('section', { class: 'card', 'aria-labelledby': 'move-title' },
      h('h2', { id: 'move-title' }, 'Move it'),
      h('div', { class: 'row' },
        h('label', { for: 'day' }, 'Day'),
        day,
        h('button', { type: 'button', id: 'find', onclick: () => void find() }, 'Show free times'),
      ),
      slots,
    ),
    h('section', { class: 'card', 'aria-labelledby': 'cancel-title' },
      h('h2', { id: 'cancel-title' }, 'Cancel it'),
      h('button', { type: 'button', id: 'cancel', class: 'danger', onclick: () => void cancel() }, 'Cancel booking'),
    ),
  );
}

void load();
