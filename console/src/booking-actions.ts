/**
 * Creating, confirming, moving and cancelling a booking from the days view. Moving and
 * cancelling ask once (confirm.ts, the rule the manage page shares); every message speaks the
 * resource's time zone, and every error is a sentence with its code and ids behind "Details".
 */
import type { ListItem, Scheduling } from '@scheduling/client';
import { h, replace, say } from './dom.js';
import { confirmStep } from './confirm.js';
import { hhmm, iso, toInstant, toLocal } from './time.js';
import { formatRange, zoneLabel } from './zone.js';
import { explain } from './words.js';
import { bookingLabel, seatsUsed, STATUS_LABEL, type Refresh, type WeekData, type WeekState } from './week.js';

type Booking = ListItem<'/v1/bookings'>;

/** "Tue 3 Mar 2026, 13:00–14:00 (Paris time)". */
const when = (start: string, end: string, tz: string) => `${formatRange(start, end, tz)} (${zoneLabel(tz)})`;

/** Names the resources of an error, and the reason of a block over the time that was tried. */
function context(state: WeekState, data: WeekData, start?: string, end?: string) {
  return {
    name: (id: string | null | undefined) => state.resources.find((r) => r.id === id)?.name ?? (id === state.resource.id ? state.resource.name : 'The resource'),
    blockReason: (id: string | null | undefined) =>
      data.blocks.find((b) => (!b.resource || b.resource === id) && start && end && b.start < end && start < b.end)?.reason ?? null,
  };
}

/** Runs one API action and reports it in the live region; `done` words the success. */
async function act<T>(doing: string, run: () => Promise<T>, done: (result: T) => string, failed: (error: unknown) => { sentence: string; details: string }): Promise<T | null> {
  say(`${doing}…`);
  try {
    const result = await run();
    say(done(result));
    return result;
  } catch (error) {
    const { sentence, details } = failed(error);
    say(`${doing} did not work. ${sentence}`, 'error', details);
    return null;
  }
}

/** Every segment moved by the same amount; what the API echoes back is fed in unchanged otherwise. */
function shifted(booking: Booking, shiftMs: number) {
  return booking.segments.map((s) => ({
    resource: s.resource,
    start: iso(new Date(Date.parse(s.start) + shiftMs)),
    end: iso(new Date(Date.parse(s.end) + shiftMs)),
    quantity: s.quantity,
    buffer_before_minutes: s.buffer_before_minutes,
    buffer_after_minutes: s.buffer_after_minutes,
    ...(s.location ? { location: s.location } : {}),
  }));
}

/** Moves a booking by `shiftMs` after one confirmation; the moved booking keeps the focus. */
export async function reschedule(client: Scheduling, state: WeekState, data: WeekData, booking: Booking, shiftMs: number, refresh: Refresh): Promise<boolean> {
  const tz = state.resource.timezone;
  const start = iso(new Date(Date.parse(booking.start) + shiftMs));
  const end = iso(new Date(Date.parse(booking.end) + shiftMs));
  const label = bookingLabel(booking, state);
  const yes = await confirmStep({
    title: `Move ${label}'s booking?`,
    lines: [
      `From ${when(booking.start, booking.end, tz)}`,
      `to ${when(start, end, tz)}.`,
      "A new booking replaces this one: your webhooks get booking.rescheduled, and the customer's manage link follows the new time.",
    ],
    yes: 'Move booking',
    no: 'Keep it',
  });
  if (!yes) return false;
  const moved = await act(
    `Moving ${label}'s booking`,
    () => client.post('/v1/bookings/{id}/reschedule', { params: { path: { id: booking.id } }, body: { segments: shifted(booking, shiftMs) } }),
    () => `Moved ${label}'s booking to ${when(start, end, tz)}.`,
    (error) => explain(error, context(state, data, start, end)),
  );
  if (moved) refresh(moved.id);
  return moved !== null;
}

// ---- the details panel: a side panel, a bottom sheet on a phone ----

let opener: string | null = null;

/** Hides the details and gives the focus back to the booking they were opened from. */
export function closeDetails(): void {
  const panel = document.getElementById('details');
  if (!panel || panel.hidden) return;
  panel.hidden = true;
  const back = opener ? document.querySelector<HTMLElement>(`.booking[data-booking="${CSS.escape(opener)}"]`) : null;
  opener = null;
  back?.focus();
}

/** Escape, or a click outside the panel (not on a booking, not in a dialog), closes it; after the click, so the focus given back stays. */
function watchOutside(panel: HTMLElement) {
  if (panel.dataset.watched) return;
  panel.dataset.watched = '1';
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden && !document.querySelector('dialog[open]')) {
      event.preventDefault();
      closeDetails();
    }
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (panel.hidden || panel.contains(target) || target.closest('dialog, .booking')) return;
    closeDetails();
  });
}

export function showBookingDetails(client: Scheduling, state: WeekState, data: WeekData, booking: Booking, refresh: Refresh): void {
  const panel = document.getElementById('details');
  if (!panel) return;
  watchOutside(panel);
  opener = booking.id;
  const tz = state.resource.timezone;
  const start = toLocal(booking.start, tz);
  const canConfirm = booking.status === 'pending';
  const canChange = booking.status === 'pending' || booking.status === 'confirmed';
  const label = bookingLabel(booking, state);
  const seats = seatsUsed(booking, state.resource);
  const date = h('input', { type: 'date', id: 'move-date', value: start.date, required: true });
  const time = h('input', { type: 'time', id: 'move-time', value: hhmm(start.minutes), step: 900, required: true });
  const reason = h('input', { type: 'text', id: 'cancel-reason', maxlength: 500 });
  const nameOf = (id: string) => state.resources.find((r) => r.id === id)?.name ?? id;
  const failed = (error: unknown) => explain(error, context(state, data, booking.start, booking.end));
  replace(
    panel,
    h('div', { class: 'details-head' },
      h('h2', { id: 'details-title', tabindex: '-1' }, label),
      h('button', { type: 'button', id: 'close-details', class: 'close', 'aria-label': 'Close details', onclick: () => closeDetails() }, '×'),
    ),
    h('dl', {},
      h('dt', {}, 'When'), h('dd', {}, when(booking.start, booking.end, tz)),
      h('dt', {}, 'Status'), h('dd', { class: 'status-text' }, STATUS_LABEL[booking.status] ?? booking.status),
      seats && h('dt', {}, 'Seats'), seats && h('dd', {}, seats),
      h('dt', {}, booking.segments.length > 1 ? 'With' : 'Resource'),
      h('dd', {}, booking.segments.map((s) => `${nameOf(s.resource)} ${hhmm(toLocal(s.start, tz).minutes)}–${hhmm(toLocal(s.end, tz).minutes)}`).join(', ')),
      booking.conflicted && h('dt', {}, 'Conflicts'),
      booking.conflicted && h('dd', { class: 'conflict-text' }, explain({ body: { conflicts: booking.conflicts ?? [] } }, context(state, data, booking.start, booking.end)).sentence),
      booking.cancellation_reason && h('dt', {}, 'Reason'), booking.cancellation_reason && h('dd', {}, booking.cancellation_reason),
    ),
    h('details', { class: 'ids' }, h('summary', {}, 'Details'), h('code', {}, `booking: ${booking.id}\n${booking.segments.map((s) => `resource: ${s.resource}`).join('\n')}`)),
    canConfirm && h('button', {
      type: 'button',
      id: 'confirm-booking',
      onclick: async () => {
        const done = await act(`Confirming ${label}'s booking`, () => client.post('/v1/bookings/{id}/confirm', { params: { path: { id: booking.id } }, body: {} }), () => `Confirmed ${label}'s booking, ${when(booking.start, booking.end, tz)}.`, failed);
        if (done) refresh(done.id);
      },
    }, 'Confirm'),
    canChange && h('form', {
      class: 'stack',
      'aria-labelledby': 'move-title',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const [hh, mm] = time.value.split(':').map(Number) as [number, number];
        const target = toInstant(date.value, hh * 60 + mm, tz).getTime();
        void reschedule(client, state, data, booking, target - Date.parse(booking.start), refresh);
      },
    },
      h('h3', { id: 'move-title' }, 'Move'),
      h('label', { for: 'move-date' }, 'New date'), date,
      h('label', { for: 'move-time' }, `New start time (${zoneLabel(tz)})`), time,
      h('button', { type: 'submit', id: 'move-booking' }, 'Move…'),
    ),
    canChange && h('form', {
      class: 'stack',
      'aria-labelledby': 'cancel-title',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        const yes = await confirmStep({
          title: `Cancel ${label}'s booking?`,
          lines: [
            `${when(booking.start, booking.end, tz)}${reason.value ? `, because: ${reason.value}` : ''}.`,
            "The time is freed. Your webhooks get booking.cancelled, and the customer's manage link shows the booking cancelled. This cannot be undone.",
          ],
          yes: 'Cancel booking',
          no: 'Keep booking',
          danger: true,
        });
        if (!yes) return;
        const done = await act(`Cancelling ${label}'s booking`, () => client.post('/v1/bookings/{id}/cancel', { params: { path: { id: booking.id } }, body: reason.value ? { reason: reason.value } : {} }), () => `Cancelled ${label}'s booking, ${when(booking.start, booking.end, tz)}.`, failed);
        if (done) refresh(done.id);
      },
    },
      h('h3', { id: 'cancel-title' }, 'Cancel'),
      h('label', { for: 'cancel-reason' }, 'Reason (optional)'), reason,
      h('button', { type: 'submit', class: 'danger', id: 'cancel-booking' }, 'Cancel booking…'),
    ),
  );
  panel.hidden = false;
  (panel.querySelector('#details-title') as HTMLElement).focus();
}

export function openCreateDialog(client: Scheduling, state: WeekState, data: WeekData, start: string, end: string, refresh: Refresh): void {
  const resource = state.resource;
  const tz = resource.timezone;
  const s = toLocal(start, tz);
  const e = toLocal(end, tz);
  const opener = document.activeElement as HTMLElement | null;
  const date = h('input', { type: 'date', id: 'new-date', value: s.date, required: true });
  const from = h('input', { type: 'time', id: 'new-start', value: hhmm(s.minutes), step: 900, required: true });
  const to = h('input', { type: 'time', id: 'new-end', value: hhmm(e.minutes), step: 900, required: true });
  const status = h('select', { id: 'new-status' }, h('option', { value: 'confirmed' }, 'Confirmed'), h('option', { value: 'pending' }, 'Pending'));
  const dialog = h('dialog', { 'aria-labelledby': 'new-title', class: 'create' });
  const close = () => dialog.close();
  const form = h('form', {
    class: 'stack',
    onsubmit: async (event: Event) => {
      event.preventDefault();
      const [sh, sm] = from.value.split(':').map(Number) as [number, number];
      const [eh, em] = to.value.split(':').map(Number) as [number, number];
      const startAt = iso(toInstant(date.value, sh * 60 + sm, tz));
      const endMinutes = eh * 60 + em > sh * 60 + sm ? eh * 60 + em : eh * 60 + em + 1440;
      const endAt = iso(toInstant(date.value, endMinutes, tz));
      close();
      const made = await act(
        `Booking ${resource.name}`,
        () => client.post('/v1/bookings', { body: { segments: [{ resource: resource.id, start: startAt, end: endAt }], status: status.value as 'confirmed' | 'pending' } }),
        () => `Booked ${resource.name}, ${when(startAt, endAt, tz)}.`,
        (error) => explain(error, context(state, data, startAt, endAt)),
      );
      if (made) refresh(made.id);
    },
  },
    h('h2', { id: 'new-title' }, `New booking: ${resource.name}`),
    h('label', { for: 'new-date' }, 'Date'), date,
    h('label', { for: 'new-start' }, `Start (${zoneLabel(tz)})`), from,
    h('label', { for: 'new-end' }, 'End'), to,
    h('label', { for: 'new-status' }, 'Status'), status,
    h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'create-booking', class: 'primary' }, 'Create booking'),
      h('button', { type: 'button', onclick: close }, 'Close'),
    ),
  );
  dialog.append(form);
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (opener?.isConnected && document.activeElement === document.body) opener.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  from.focus();
}
