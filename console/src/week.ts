/**
 * The week view of one resource: working hours (the availability calendar), blocks, bookings
 * coloured by status with conflicts flagged, and free one-hour slots. Bookings are moved by
 * dragging them, or from the keyboard (Alt+arrows), and acted on in the details panel.
 */
import type { ListItem, ResponseBody, Scheduling } from '@scheduling/client';
import { h, replace, say } from './dom.js';
import { addDays, dayLabel, hhmm, iso, mondayOf, toInstant, toLocal } from './time.js';
import { showBookingDetails, openCreateDialog, reschedule } from './booking-actions.js';

type Booking = ListItem<'/v1/bookings'>;
type Block = ListItem<'/v1/blocks'>;
type Resource = ListItem<'/v1/resources'>;
type Calendar = ResponseBody<'get', '/v1/availability/calendar'>;
type Slot = ResponseBody<'post', '/v1/availability'>['slots'][number];

export interface WeekState {
  resource: Resource;
  monday: string;
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
  const from = iso(toInstant(state.monday, 0, tz));
  const to = iso(toInstant(addDays(state.monday, 7), 0, tz));
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

export function renderWeek(root: HTMLElement, client: Scheduling, state: WeekState, data: WeekData, refresh: () => void): void {
  const tz = state.resource.timezone;
  const days = Array.from({ length: 7 }, (_, i) => addDays(state.monday, i));
  const open = merged(data.calendar.days.flatMap((d) => d.intervals.flatMap((i) => pieces(i.start, i.end, tz))));
  const visible = [...open, ...data.bookings.flatMap((b) => pieces(b.start, b.end, tz))];
  const first = Math.max(0, Math.min(7 * 60, ...visible.map((p) => Math.floor(p.top / 60) * 60)));
  const last = Math.min(1440, Math.max(19 * 60, ...visible.map((p) => Math.ceil(p.bottom / 60) * 60)));
  const y = (minutes: number) => (minutes - first) * PX;
  const height = (last - first) * PX;

  const hours = h('div', { class: 'hours-axis', 'aria-hidden': 'true', style: `height:${height}px` });
  for (let m = first; m < last; m += 60) hours.append(h('span', { style: `top:${y(m)}px` }, hhmm(m)));

  const columns = days.map((date) => {
    const column = h('div', { class: 'day', 'data-date': date, style: `height:${height}px`, role: 'group', 'aria-label': dayLabel(date) });
    for (let m = first; m < last; m += 60) column.append(h('div', { class: 'hour-line', style: `top:${y(m)}px` }));
    for (const p of open.filter((p) => p.date === date)) {
      column.append(h('div', { class: 'working', style: `top:${y(p.top)}px;height:${(p.bottom - p.top) * PX}px`, title: `Working ${hhmm(p.top)}–${hhmm(p.bottom)}` }));
    }
    for (const block of data.blocks) {
      for (const p of pieces(block.start, block.end, tz).filter((p) => p.date === date)) {
        const label = `Blocked ${hhmm(p.top)}–${hhmm(p.bottom)}${block.reason ? `: ${block.reason}` : ''}`;
        column.append(
          h('div', { class: 'block', role: 'note', style: `top:${y(p.top)}px;height:${(p.bottom - p.top) * PX}px`, title: label, 'aria-label': label },
            h('span', {}, block.reason ?? 'Blocked')),
        );
      }
    }
    for (const slot of data.slots) {
      const local = toLocal(slot.start, tz);
      if (local.date !== date) continue;
      const end = toLocal(slot.end, tz).minutes || 1440;
      const label = `Free ${hhmm(local.minutes)}–${hhmm(end)}: create a booking`;
      column.append(
        h('button', {
          type: 'button',
          class: 'slot',
          'data-start': slot.start,
          style: `top:${y(local.minutes)}px;height:${(end - local.minutes) * PX}px`,
          'aria-label': label,
          title: label,
          onclick: () => openCreateDialog(client, state.resource, slot.start, slot.end, refresh),
        }, `Free ${hhmm(local.minutes)}`),
      );
    }
    const mine = data.bookings.flatMap((b) => pieces(b.start, b.end, tz).filter((p) => p.date === date).map((p) => ({ ...p, booking: b })));
    for (const { item, lane, of } of lanes(mine)) {
      column.append(bookingElement(client, state, item.booking, item, y, lane, of, refresh));
    }
    return column;
  });

  const header = h('div', { class: 'week-header' }, h('span'), ...days.map((d) => h('span', { class: 'day-name' }, dayLabel(d))));
  replace(
    root,
    h('div', { class: 'legend', 'aria-label': 'Legend' },
      ...Object.entries(STATUS_LABEL).map(([k, v]) => h('span', { class: `chip status-${k}` }, v)),
      h('span', { class: 'chip conflicted' }, '⚠ Conflict'),
      h('span', { class: 'chip block-chip' }, 'Blocked'),
      h('span', { class: 'chip slot-chip' }, 'Free slot'),
    ),
    h('p', { class: 'hint' }, `Times in ${tz}. Drag a booking to move it, or focus it and press Alt+↑/↓ (15 minutes) or Alt+←/→ (a day). Enter opens it.`),
    h('div', { class: 'week', id: 'week' }, header, h('div', { class: 'week-body' }, hours, ...columns)),
  );
}

function bookingElement(
  client: Scheduling,
  state: WeekState,
  booking: Booking,
  piece: Placed,
  y: (m: number) => number,
  lane: number,
  of: number,
  refresh: () => void,
): HTMLElement {
  const tz = state.resource.timezone;
  const start = toLocal(booking.start, tz);
  const end = toLocal(booking.end, tz);
  const status = STATUS_LABEL[booking.status] ?? booking.status;
  const conflict = booking.conflicted ? ` — conflict: ${(booking.conflicts ?? []).map((c) => c.reason).join(', ')}` : '';
  const label = `${status} booking ${hhmm(start.minutes)}–${hhmm(end.minutes)}${conflict}`;
  const el = h(
    'button',
    {
      type: 'button',
      class: `booking status-${booking.status}${booking.conflicted ? ' conflicted' : ''}`,
      'data-booking': booking.id,
      'aria-label': label,
      title: label,
      style: `top:${y(piece.top)}px;height:${Math.max(14, (piece.bottom - piece.top) * PX)}px;left:${(lane * 100) / of}%;width:${100 / of}%`,
    },
    h('span', { class: 'time' }, `${hhmm(start.minutes)}–${hhmm(end.minutes)}`),
    ' ',
    h('span', { class: 'what' }, booking.conflicted ? `⚠ ${status}` : status),
  );
  const movable = booking.status === 'pending' || booking.status === 'confirmed';
  el.addEventListener('click', (event) => {
    if (el.dataset.dragged) {
      delete el.dataset.dragged;
      event.preventDefault();
      return;
    }
    showBookingDetails(client, state.resource, booking, refresh);
  });
  el.addEventListener('keydown', (event) => {
    if (!movable || !event.altKey) return;
    const delta = { ArrowUp: -SNAP, ArrowDown: SNAP, ArrowLeft: -1440, ArrowRight: 1440 }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    void reschedule(client, booking, delta * 60_000, refresh);
  });
  if (movable) enableDrag(el, client, booking, refresh);
  return el;
}

/** Pointer drag: vertical movement changes the time (15-minute steps), the column under the pointer the day. */
function enableDrag(el: HTMLElement, client: Scheduling, booking: Booking, refresh: () => void) {
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
      if (shift !== 0) void reschedule(client, booking, shift, refresh);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  });
}

export function currentMonday(tz: string): string {
  return mondayOf(toLocal(new Date(), tz).date);
}
