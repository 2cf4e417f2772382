/**
 * The cancel and reschedule windows of a booking policy (docs/policies.md#windows): a cancel
 * or a move is refused once the booking's start is nearer than the cutoff. Pure: the policy
 * in force, the start and `now` are arguments.
 */
export type CutoffRule = 'cancel_cutoff_minutes' | 'reschedule_cutoff_minutes';

export interface CutoffCheck {
  rule: CutoffRule;
  cutoffMinutes: number | null;
  start: number;
  now: number;
}

/** Whether `now` is inside the window: less than the cutoff before the start. Exactly the cutoff before it is still allowed. */
export function insideCutoff(c: CutoffCheck): boolean {
  return c.cutoffMinutes !== null && c.start - c.now < c.cutoffMinutes * 60_000;
}

export function cutoffMessage(c: CutoffCheck & { cutoffMinutes: number }): string {
  const what = c.rule === 'cancel_cutoff_minutes' ? 'cancelled' : 'moved';
  return `This booking can no longer be ${what}: the booking policy allows it until ${c.cutoffMinutes} minutes before the start (${c.rule}).`;
}
