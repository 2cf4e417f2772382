/** Creating, confirming, rescheduling and cancelling a booking from the week view. */
import type { ListItem, Scheduling } from '@scheduling/client';
import { h, replace, say } from './dom.js';
import { hhmm, iso, toInstant, toLocal } from './time.js';

type Booking = ListItem<'/v1/bookings'>;
type Resource = ListItem<'/v1/resources'>;

function describe(error: unknown): string {
  const e = error as { message?: string; code?: string };
  return e?.code && e.code !== 'unknown' ? `${e.message} (${e.code})` : String(e?.message ?? error);
}

/** Runs one API action, reports it in the live region, and refreshes the week on success. */
async function act(what: string, run: () => Promise<unknown>, refresh: () => void): Promise<boolean> {
  say(`${what}…`);
  try {
    await run();
    say(`${what}: done.`);
    refresh();
    return true;
  } catch (error) {
    say(`${what} failed: ${describe(error)}`, 'error');
    return false;
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

export function reschedule(client: Scheduling, booking: Booking, shiftMs: number, refresh: () => void): Promise<boolean> {
  const start = new Date(Date.parse(booking.start) + shiftMs);
  return act(
    `Moving the booking to ${start.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    () => client.post('/v1/bookings/{id}/reschedule', { params: { path: { id: booking.id } }, body: { segments: shifted(booking, shiftMs) } }),
    refresh,
  );
}

export function showBookingDetails(client: Scheduling, resource: Resource, booking: Booking, refresh: () => void): void {
  const panel = document.getElementById('details');
  if (!panel) return;
  const tz = resource.timezone;
  const start = toLocal(booking.start, tz);
  const end = toLocal(booking.end, tz);
  const canConfirm = booking.status === 'pending';
  const canChange = booking.status === 'pending' || booking.status === 'confirmed';
  const date = h('input', { type: 'date', id: 'move-date', value: start.date, required: true });
  const time = h('input', { type: 'time', id: 'move-time', value: hhmm(start.minutes), step: 900, required: true });
  const reason = h('input', { type: 'text', id: 'cancel-reason', maxlength: 500 });
  replace(
    panel,
    h('h2', { id: 'details-title', tabindex: '-1' }, 'Booking'),
    h('dl', {},
      h('dt', {}, 'Id'), h('dd', {}, booking.id),
      h('dt', {}, 'Status'), h('dd', { class: `status-text status-${booking.status}` }, booking.status),
      h('dt', {}, 'When'), h('dd', {}, `${start.date} ${hhmm(start.minutes)} – ${end.date === start.date ? '' : end.date + ' '}${hhmm(end.minutes)} (${tz})`),
      h('dt', {}, 'Segments'), h('dd', {}, String(booking.segments.length)),
      booking.conflicted && h('dt', {}, 'Conflicts'),
      booking.conflicted && h('dd', { class: 'conflict-text' }, (booking.conflicts ?? []).map((c) => `⚠ ${c.message}`).join(' ')),
    ),
    canConfirm && h('button', { type: 'button', id: 'confirm-booking', onclick: () => void act('Confirming the booking', () => client.post('/v1/bookings/{id}/confirm', { params: { path: { id: booking.id } }, body: {} }), refresh) }, 'Confirm'),
    canChange && h('form', {
      class: 'stack',
      'aria-label': 'Reschedule',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const [hh, mm] = time.value.split(':').map(Number) as [number, number];
        const target = toInstant(date.value, hh * 60 + mm, tz).getTime();
        void reschedule(client, booking, target - Date.parse(booking.start), refresh);
      },
    },
      h('h3', {}, 'Reschedule'),
      h('label', { for: 'move-date' }, 'New date'), date,
      h('label', { for: 'move-time' }, 'New start time'), time,
      h('button', { type: 'submit' }, 'Reschedule'),
    ),
    canChange && h('form', {
      class: 'stack',
      'aria-label': 'Cancel',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void act('Cancelling the booking', () => client.post('/v1/bookings/{id}/cancel', { params: { path: { id: booking.id } }, body: reason.value ? { reason: reason.value } : {} }), refresh);
      },
    },
      h('h3', {}, 'Cancel'),
      h('label', { for: 'cancel-reason' }, 'Reason (optional)'), reason,
      h('button', { type: 'submit', class: 'danger', id: 'cancel-booking' }, 'Cancel booking'),
    ),
  );
  panel.hidden = false;
  (panel.querySelector('#details-title') as HTMLElement).focus();
}

export function openCreateDialog(client: Scheduling, resource: Resource, start: string, end: string, refresh: () => void): void {
  const tz = resource.timezone;
  const s = toLocal(start, tz);
  const e = toLocal(end, tz);
  const date = h('input', { type: 'date', id: 'new-date', value: s.date, required: true });
  const from = h('input', { type: 'time', id: 'new-start', value: hhmm(s.minutes), step: 900, required: true });
  const to = h('input', { type: 'time', id: 'new-end', value: hhmm(e.minutes), step: 900, required: true });
  const status = h('select', { id: 'new-status' }, h('option', { value: 'confirmed' }, 'Confirmed'), h('option', { value: 'pending' }, 'Pending'));
  const dialog = h('dialog', { 'aria-labelledby': 'new-title', class: 'create' });
  const close = () => {
    dialog.close();
    dialog.remove();
  };
  const form = h('form', {
    class: 'stack',
    onsubmit: async (event: Event) => {
      event.preventDefault();
      const [sh, sm] = from.value.split(':').map(Number) as [number, number];
      const [eh, em] = to.value.split(':').map(Number) as [number, number];
      const startAt = toInstant(date.value, sh * 60 + sm, tz);
      const endMinutes = eh * 60 + em > sh * 60 + sm ? eh * 60 + em : eh * 60 + em + 1440;
      const endAt = toInstant(date.value, endMinutes, tz);
      close();
      await act(
        `Booking ${resource.name} ${date.value} ${from.value}–${to.value}`,
        () => client.post('/v1/bookings', {
          body: { segments: [{ resource: resource.id, start: iso(startAt), end: iso(endAt) }], status: status.value as 'confirmed' | 'pending' },
        }),
        refresh,
      );
    },
  },
    h('h2', { id: 'new-title' }, `New booking: ${resource.name}`),
    h('label', { for: 'new-date' }, 'Date'), date,
    h('label', { for: 'new-start' }, `Start (${tz})`), from,
    h('label', { for: 'new-end' }, 'End'), to,
    h('label', { for: 'new-status' }, 'Status'), status,
    h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'create-booking' }, 'Create booking'),
      h('button', { type: 'button', onclick: close }, 'Close'),
    ),
  );
  dialog.append(form);
  dialog.addEventListener('cancel', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  from.focus();
}
