/**
 * The days of one resource: the week at tablet and desktop sizes, one or three days on a
 * phone. Working hours (the availability calendar), blocks, bookings labelled and coloured by
 * status with conflicts flagged, cancelled ones stepped aside, today's column and a now line.
 * Free time is empty space: hovering or focusing it shows "Book 10:00" (one Tab stop a day,
 * arrow keys choose the hour). Bookings are moved by dragging them or with Alt+arrows, and
 * arrow keys go from booking to booking and day to day.
 */
import type { ListItem, ResponseBody, Scheduling } from '@scheduling/client';
import { h, replace } from './dom.js';
import { addDays, dayLabel, hhmm, iso, mondayOf, toInstant, toLocal } from './time.js';
import { zoneLabel } from './zone.js';
import { showBookingDetails, openCreateDialog, reschedule } from './booking-actions.js';

type Booking = ListItem<'/v1/bookings'>;
type Block = ListItem<'/v1/blocks'>;
type Resource = ListItem<'/v1/resources'>;
type Calendar = ResponseBody<'get', '/v1/availability/calendar'>;
type Slot = ResponseBody<'post', '/v1/availability'>['slots'][number];

export interface WeekState {
  resource: Resource;
  /** Every active resource of the account, to name a booking's segments and errors. */
  resources: Resource[];
  /** The first day shown, and how many: 7 (a week from Monday) or, on a phone, 1 or 3. */
  start: string;
  span: number;
  /** The account's booking_label_metadata_key (docs/accounts.md#pages). */
  labelKey: string | null;
  /** What to focus once the days are drawn again (a moved or created booking). */
  focus?: string;
}

/** Pixels per minute of the grid (48 px an hour). */
const PX = 0.8;
const SNAP = 15;

export interface WeekData {
  calendar: Calendar;
  bookings: Booking[];
  blocks: Block[];
  slots: Slot[];
}

/** How the page redraws: `focus` is the booking id to focus afterwards. */
export type Refresh = (focus?: string) => void;

async function collect<T>(items: AsyncIterable<T>, max = 500): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

export async function loadWeek(client: Scheduling, state: WeekState): Promise<WeekData> {
  const tz = state.resource.timezone;
  const from = iso(toInstant(state.start, 0, tz));
  const to = iso(toInstant(addDays(state.start, state.span), 0, tz));
  const resource = state.resource.id;
  const [calendar, bookings, blocks, accountBlocks, slots] = await Promise.all([
    client.get('/v1/availability/calendar', { params: { query: { resource, from, to, timezone: tz } } }),
    collect(client.list('/v1/bookings', { params: { query: { resource, from, to, limit: 100, order: 'start' } } })),
    collect(client.list('/v1/blocks', { params: { query: { resource, from, to, limit: 100 } } })),
    collect(client.list('/v1/blocks', { params: { query: { account_wide: true, from, to, limit: 100 } } })),
    client
      .post('/v1/availability', {
        body: { from, to, timezone: tz, segments: [{ resource, duration_minutes: 60 }], slot_interval_minutes: 60, limit: 200 },
      })
      .then((r) => r.slots),
  ]);
  // A rescheduled booking is replaced by a new one: only the new one is drawn.
  return { calendar, bookings: bookings.filter((b) => !b.replaced_by), blocks: [...blocks, ...accountBlocks], slots };
}

interface Placed {
  date: string;
  top: number;
  bottom: number;
}

/** Splits [start, end) into its pieces per local date (a booking across midnight shows on both days). */
function pieces(start: string, end: string, tz: string): Placed[] {
  const out: Placed[] = [];
  const s = toLocal(start, tz);
  const e = toLocal(end, tz);
  let date = s.date;
  let top = s.minutes;
  while (date < e.date) {
    out.push({ date, top, bottom: 1440 });
    date = addDays(date, 1);
    top = 0;
  }
  if (e.minutes > top || out.length === 0) out.push({ date, top, bottom: Math.max(e.minutes, top + 1) });
  return out;
}

/** The calendar splits open time where free capacity changes; the view shows working time whole. */
function merged(list: Placed[]): Placed[] {
  const out: Placed[] = [];
  for (const p of [...list].sort((a, b) => a.date.localeCompare(b.date) || a.top - b.top)) {
    const last = out[out.length - 1];
    if (last && last.date === p.date && p.top <= last.bottom) last.bottom = Math.max(last.bottom, p.bottom);
    else out.push({ ...p });
  }
  return out;
}

/** Side-by-side lanes for overlapping items of one day. */
function lanes<T extends { top: number; bottom: number }>(items: T[]): { item: T; lane: number; of: number }[] {
  const sorted = [...items].sort((a, b) => a.top - b.top || a.bottom - b.bottom);
  const ends: number[] = [];
  const placed = sorted.map((item) => {
    let lane = ends.findIndex((end) => end <= item.top);
    if (lane === -1) lane = ends.push(0) - 1;
    ends[lane] = item.bottom;
    return { item, lane };
  });
  return placed.map((p) => ({ ...p, of: Math.max(1, ends.length) }));
}

export const STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  completed: 'Completed',
  no_show: 'No-show',
};

/** Holds no time: drawn aside, narrow, so the free time it left is visible. */
const STEPS_ASIDE = new Set(['cancelled', 'expired']);

/** A booking's label: the customer's name, else the account's chosen metadata field, else the resource's name. */
export function bookingLabel(booking: Booking, state: Pick<WeekState, 'labelKey' | 'resources' | 'resource'>): string {
  const customer = (booking as { customer?: { name?: string | null } | null }).customer;
  if (customer?.name) return customer.name;
  const fromMetadata = state.labelKey ? booking.metadata?.[state.labelKey] : undefined;
  if (fromMetadata) return fromMetadata;
  const first = booking.segments[0]?.resource;
  return state.resources.find((r) => r.id === first)?.name ?? state.resource.name;
}

/** Seats used against capacity: a class's seats taken of its seats, else the units held of the resource's. */
export function seatsUsed(booking: Booking, resource: Resource): string | null {
  if (booking.seats != null) return `${booking.seats_taken ?? 0}/${booking.seats}`;
  const held = booking.segments.filter((s) => s.resource === resource.id).reduce((n, s) => n + (s.quantity ?? 1), 0);
  return resource.capacity > 1 ? `${held}/${resource.capacity}` : null;
}

export function renderWeek(root: HTMLElement, client: Scheduling, state: WeekState, data: WeekData, refresh: Refresh): void {
  const tz = state.resource.timezone;
  const days = Array.from({ length: state.span }, (_, i) => addDays(state.start, i));
  const now = toLocal(new Date(), tz);
  const open = merged(data.calendar.days.flatMap((d) => d.intervals.flatMap((i) => pieces(i.start, i.end, tz))));
  const visible = [...open, ...data.bookings.flatMap((b) => pieces(b.start, b.end, tz))];
  const first = Math.max(0, Math.min(7 * 60, ...visible.map((p) => Math.floor(p.top / 60) * 60)));
  const last = Math.min(1440, Math.max(19 * 60, ...visible.map((p) => Math.ceil(p.bottom / 60) * 60)));
  const y = (minutes: number) => (minutes - first) * PX;
  const height = (last - first) * PX;

  const hours = h('div', { class: 'hours-axis', 'aria-hidden': 'true', style: `height:${height}px` });
  for (let m = first; m < last; m += 60) hours.append(h('span', { style: `top:${y(m)}px` }, hhmm(m)));

  const columns = days.map((date) => {
    const today = date === now.date;
    const column = h('div', { class: `day${today ? ' today' : ''}`, 'data-date': date, style: `height:${height}px`, role: 'group', 'aria-label': `${dayLabel(date)}${today ? ' (today)' : ''}` });
    for (let m = first; m < last; m += 60) column.append(h('div', { class: 'hour-line', style: `top:${y(m)}px` }));
    for (const p of open.filter((p) => p.date === date)) {
      column.append(h('div', { class: 'working', style: `top:${y(p.top)}px;height:${(p.bottom - p.top) * PX}px` }));
    }
    const free = freeTime(client, state, data, date, first, y, refresh);
    if (free) column.append(...free);
    for (const block of data.blocks) {
      for (const p of pieces(block.start, block.end, tz).filter((p) => p.date === date)) {
        const label = `Blocked ${hhmm(p.top)}–${hhmm(p.bottom)}${block.reason ? `: ${block.reason}` : ''}`;
        column.append(
          h('div', { class: 'block', role: 'note', style: `top:${y(p.top)}px;height:${(p.bottom - p.top) * PX}px`, title: label, 'aria-label': label },
            h('span', {}, block.reason ?? 'Blocked')),
        );
      }
    }
    const mine = data.bookings.flatMap((b) => pieces(b.start, b.end, tz).filter((p) => p.date === date).map((p) => ({ ...p, booking: b })));
    const aside = mine.filter((m) => STEPS_ASIDE.has(m.booking.status));
    const holding = mine.filter((m) => !STEPS_ASIDE.has(m.booking.status));
    for (const { item, lane, of } of lanes(holding)) {
      // Beside a cancelled booking, a live one keeps three quarters of the width.
      const room = aside.some((a) => a.top < item.bottom && item.top < a.bottom) ? 76 : 100;
      column.append(bookingElement(client, state, data, item.booking, item, y, `left:${(lane * room) / of}%;width:${room / of}%`, refresh));
    }
    for (const item of aside) column.append(bookingElement(client, state, data, item.booking, item, y, 'right:0;width:22%', refresh));
    if (today && now.minutes >= first && now.minutes <= last) {
      column.append(h('div', { class: 'now-line', style: `top:${y(now.minutes)}px`, 'aria-hidden': 'true', title: `Now ${hhmm(now.minutes)}` }));
    }
    return column;
  });

  const header = h('div', { class: 'week-header', style: `--days:${state.span}` }, h('span'),
    ...days.map((d) => h('span', { class: `day-name${d === now.date ? ' today' : ''}`, 'aria-current': d === now.date ? 'date' : null }, dayLabel(d))));
  const body = h('div', { class: 'week-body', style: `--days:${state.span}` }, hours, ...columns);
  body.addEventListener('keydown', (event) => arrowNavigation(event, body));
  replace(
    root,
    h('div', { class: 'legend', 'aria-label': 'Legend' },
      ...Object.entries(STATUS_LABEL).map(([k, v]) => h('span', { class: `chip status-${k}` }, v)),
      h('span', { class: 'chip conflicted' }, '⚠ Conflict'),
      h('span', { class: 'chip block-chip' }, 'Blocked'),
    ),
    h('p', { class: 'hint' }, `All times are ${zoneLabel(tz)}. Arrow keys go between bookings and days; Alt+arrows move a booking; Enter opens it. Drag to move.`),
    h('div', { class: 'week', id: 'week' }, header, body),
  );
  if (state.focus) {
    root.querySelector<HTMLElement>(`.booking[data-booking="${CSS.escape(state.focus)}"]`)?.focus();
    state.focus = undefined;
  }
}

/**
 * The free time of one day: one button over the day's empty space. Hovering shows "Book 10:00"
 * at the hour under the pointer; focused, it shows the first free hour, ↑/↓ choose another,
 * and Enter (or a click) opens the new-booking dialog for it.
 */
function freeTime(client: Scheduling, state: WeekState, data: WeekData, date: string, first: number, y: (m: number) => number, refresh: Refresh): HTMLElement[] | null {
  const tz = state.resource.timezone;
  const free = data.slots
    .filter((s) => toLocal(s.start, tz).date === date)
    .map((s) => ({ slot: s, top: toLocal(s.start, tz).minutes, bottom: toLocal(s.end, tz).minutes || 1440 }));
  if (free.length === 0) return null;
  let index = 0;
  const hint = h('span', { class: 'book-hint', 'aria-hidden': 'true', hidden: true });
  const button = h('button', { type: 'button', class: 'free', 'data-date': date });
  const show = (i: number) => {
    index = Math.max(0, Math.min(free.length - 1, i));
    const f = free[index]!;
    hint.hidden = false;
    hint.style.top = `${y(f.top)}px`;
    hint.style.height = `${(f.bottom - f.top) * PX}px`;
    hint.textContent = `Book ${hhmm(f.top)}`;
    button.dataset.start = f.slot.start;
    button.setAttribute('aria-label', `Free time ${dayLabel(date)}: book ${hhmm(f.top)}–${hhmm(f.bottom)} (${free.length} free hours; up and down arrows choose another)`);
  };
  const under = (event: MouseEvent) => {
    const minutes = first + (event.clientY - button.getBoundingClientRect().top) / PX;
    return free.findIndex((f) => minutes >= f.top && minutes < f.bottom);
  };
  show(0);
  hint.hidden = true;
  button.addEventListener('focus', () => show(index));
  button.addEventListener('blur', () => (hint.hidden = true));
  button.addEventListener('mousemove', (event) => {
    const i = under(event);
    button.classList.toggle('over-free', i >= 0);
    if (i >= 0) show(i);
    else if (document.activeElement !== button) hint.hidden = true;
  });
  button.addEventListener('mouseleave', () => {
    if (document.activeElement !== button) hint.hidden = true;
  });
  button.addEventListener('click', (event) => {
    // A pointer click books the hour under it (none: not free there); Enter books the chosen one.
    const i = event.detail > 0 ? under(event) : index;
    if (i < 0) return;
    const f = free[i]!;
    openCreateDialog(client, state, data, f.slot.start, f.slot.end, refresh);
  });
  button.addEventListener('keydown', (event) => {
    if (event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    event.stopPropagation();
    show(index + (event.key === 'ArrowDown' ? 1 : -1));
  });
  return [button, hint];
}

/** Arrow keys without Alt: ↑/↓ the previous or next booking of the day, ←/→ the nearest booking (or the free time) of the day before or after. */
function arrowNavigation(event: KeyboardEvent, body: HTMLElement) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const from = event.target as HTMLElement;
  if (!from.matches('.booking, .free')) return;
  const column = from.closest<HTMLElement>('.day');
  if (!column) return;
  const bookingsOf = (c: Element) => [...c.querySelectorAll<HTMLElement>('.booking')].sort((a, b) => a.offsetTop - b.offsetTop);
  let to: HTMLElement | undefined;
  if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && from.matches('.booking')) {
    const list = bookingsOf(column);
    to = list[list.indexOf(from) + (event.key === 'ArrowDown' ? 1 : -1)];
  } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    const all = [...body.querySelectorAll<HTMLElement>('.day')];
    const next = all[all.indexOf(column) + (event.key === 'ArrowRight' ? 1 : -1)];
    if (next) {
      const top = from.matches('.booking') ? from.offsetTop : 0;
      const list = bookingsOf(next);
      const nearest = list.sort((a, b) => Math.abs(a.offsetTop - top) - Math.abs(b.offsetTop - top))[0];
      to = (from.matches('.free') && next.querySelector<HTMLElement>('.free')) || nearest || next.querySelector<HTMLElement>('.free') || undefined;
    }
  } else return;
  event.preventDefault();
  to?.focus();
}

function bookingElement(
  client: Scheduling,
  state: WeekState,
  data: WeekData,
  booking: Booking,
  piece: Placed,
  y: (m: number) => number,
  place: string,
  refresh: Refresh,
): HTMLElement {
  const tz = state.resource.timezone;
  const start = toLocal(booking.start, tz);
  const end = toLocal(booking.end, tz);
  const status = STATUS_LABEL[booking.status] ?? booking.status;
  const label = bookingLabel(booking, state);
  const seats = seatsUsed(booking, state.resource);
  const conflict = booking.conflicted ? `, conflict: ${(booking.conflicts ?? []).map((c) => c.reason.replace(/_/g, ' ')).join(', ')}` : '';
  const time = `${hhmm(start.minutes)}–${hhmm(end.minutes)}`;
  const meta = [booking.status !== 'confirmed' ? status : null, seats].filter(Boolean).join(' · ');
  // The name a screen reader says is the visible text, then what only colour shows (status, conflict).
  const unseen = `${booking.status === 'confirmed' ? ', Confirmed' : ''}${seats ? ' seats' : ''}${conflict}`;
  const el = h(
    'button',
    {
      type: 'button',
      class: `booking status-${booking.status}${booking.conflicted ? ' conflicted' : ''}${STEPS_ASIDE.has(booking.status) ? ' aside' : ''}`,
      'data-booking': booking.id,
      title: `${label}, ${time}${meta ? `, ${meta}` : ''}${unseen}`,
      style: `top:${y(piece.top)}px;height:${Math.max(14, (piece.bottom - piece.top) * PX)}px;${place}`,
    },
    h('span', { class: 'time' }, time),
    h('span', { class: 'what' }, booking.conflicted ? `⚠ ${label}` : label),
    meta && h('span', { class: 'meta' }, meta),
    h('span', { class: 'sr-only' }, unseen),
  );
  const movable = booking.status === 'pending' || booking.status === 'confirmed';
  el.addEventListener('click', (event) => {
    if (el.dataset.dragged) {
      delete el.dataset.dragged;
      event.preventDefault();
      return;
    }
    showBookingDetails(client, state, data, booking, refresh);
  });
  el.addEventListener('keydown', (event) => {
    if (!movable || !event.altKey) return;
    const delta = { ArrowUp: -SNAP, ArrowDown: SNAP, ArrowLeft: -1440, ArrowRight: 1440 }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    void reschedule(client, state, data, booking, delta * 60_000, refresh);
  });
  if (movable) enableDrag(el, client, state, data, booking, refresh);
  return el;
}

/** Pointer drag: vertical movement changes the time (15-minute steps), the column under the pointer the day. */
function enableDrag(el: HTMLElement, client: Scheduling, state: WeekState, data: WeekData, booking: Booking, refresh: Refresh) {
  el.addEventListener('pointerdown', (down) => {
    if (down.button !== 0) return;
    const startY = down.clientY;
    const startColumn = el.closest<HTMLElement>('.day');
    let moved = false;
    const onMove = (move: PointerEvent) => {
      const dy = move.clientY - startY;
      if (!moved && Math.abs(dy) < 4 && Math.abs(move.clientX - down.clientX) < 4) return;
      moved = true;
      el.classList.add('dragging');
      el.style.transform = `translate(${move.clientX - down.clientX}px, ${dy}px)`;
    };
    const onUp = (up: PointerEvent) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      el.classList.remove('dragging');
      el.style.transform = '';
      if (!moved) return;
      el.dataset.dragged = '1';
      const minutes = Math.round((up.clientY - startY) / PX / SNAP) * SNAP;
      const target = document.elementsFromPoint(up.clientX, up.clientY).find((e) => e.classList.contains('day')) as HTMLElement | undefined;
      const from = startColumn?.dataset.date;
      const to = target?.dataset.date;
      const days = from && to ? Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) : 0;
      const shift = (days * 1440 + minutes) * 60_000;
      if (shift !== 0) {
        el.focus();
        void reschedule(client, state, data, booking, shift, refresh);
      }
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  });
}

export function currentMonday(tz: string): string {
  return mondayOf(today(tz));
}

/** Today's date in tz. */
export function today(tz: string): string {
  return toLocal(new Date(), tz).date;
}
