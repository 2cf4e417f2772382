/**
 * Erasure of a customer's personal data (docs/privacy.md#erasure): every booking and attendee
 * of the account that carries the customer gets the tombstone, and so does every copy of it in
 * the account's stored events (which webhook deliveries and resends send, so their bodies
 * follow), in stored Idempotency-Key responses, in the manage-link views (rendered from the
 * booking), and in the customer prefill of booking sessions. Ids, times, statuses and seats stay, so availability and usage do not move.
 *
 * Each step runs in bounded passes, one short transaction per batch, so a large account never
 * holds its rows for long. A step that fails leaves the rest for a retry, which finds the
 * copies left by the same match (the primary rows and the copies are matched alike), so
 * erasing again is safe and finishes the job. One `customer.erased` event records an erasure
 * that changed anything; it carries counts and never the customer.
 */
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { invalid, missing } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { eraseCustomerOfSessions, type AccountScope } from '../../tenancy/index.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { accountEventsContaining, rewriteEventPayload } from '../../events/events.repository.js';
import { ERASED_REFERENCE, customerNeedles, eraseCustomerOfBookings, lockResources, withoutCustomer, type CustomerMatch } from '../../capacity/index.js';
import { eraseCustomerOfAttendees } from '../bookings/index.js';
import { serializeErasure, type ErasureCounts } from './privacy.serializer.js';

/** Rows changed per transaction. */
export const ERASURE_BATCH = 200;

/** How stored Idempotency-Key responses are rewritten (src/http/idempotency.ts; given by the module, since services stay below HTTP). */
export type RewriteStoredResponses = (
  db: DbHandle,
  scope: { platformId: string; livemode: boolean; accountId: string },
  needles: readonly string[],
  rewrite: (body: string) => string | null,
) => Promise<number>;

export interface EraseBody {
  customer?: { reference?: string; email?: string };
}

/** The customer an erase request names, checked. */
export function erasureMatch(body: EraseBody): CustomerMatch {
  const reference = body.customer?.reference;
  const email = body.customer?.email;
  if (reference === undefined && email === undefined) throw missing('customer.reference', 'Name the customer to erase: customer.reference, customer.email, or both.');
  if (reference !== undefined && reference.trim() === '') throw invalid('customer.reference', 'customer.reference must not be blank.');
  if (reference === ERASED_REFERENCE) throw invalid('customer.reference', `'${ERASED_REFERENCE}' is the tombstone of erased customers, not a customer.`);
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) throw invalid('customer.email', `'${email}' is not an email address.`);
  return { ...(reference !== undefined ? { reference } : {}), ...(email !== undefined ? { email } : {}) };
}

export class ErasureService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
    private readonly rewriteStoredResponses: RewriteStoredResponses,
  ) {}

  async erase(scope: AccountScope, body: EraseBody) {
    const match = erasureMatch(body);
    const counts: ErasureCounts = { bookings: 0, attendees: 0, events: 0, stored_responses: 0, booking_sessions: 0 };
    counts.bookings = await this.inBatches(async (now) =>
      withTransaction(this.db, async (trx) => eraseCustomerOfBookings(trx, scope, await lockResources(trx, scope, []), match, now, ERASURE_BATCH)),
    );
    counts.attendees = await this.inBatches(async (now) =>
      withTransaction(this.db, async (trx) => eraseCustomerOfAttendees(trx, scope, await lockResources(trx, scope, []), match, now, ERASURE_BATCH)),
    );
    counts.booking_sessions = await withTransaction(this.db, (trx) => eraseCustomerOfSessions(trx, scope, match));
    counts.events = await this.eraseFromEvents(scope, match);
    counts.stored_responses = await this.rewriteStoredResponses(this.db, scope, customerNeedles(match), (body) => {
      try {
        const erased = withoutCustomer(JSON.parse(body), match);
        return erased.changed ? JSON.stringify(erased.value) : null;
      } catch {
        return null;
      }
    });
    const now = this.clock.now();
    const erasure = serializeErasure(newId(ID_PREFIX.erasure, now.getTime()), scope, counts, now);
    const changed = Object.values(counts).some((n) => n > 0);
    if (changed) await withTransaction(this.db, (trx) => recordEvent(trx, scope, 'customer.erased', erasure, null, now));
    return erasure;
  }

  /** Runs `batch` until it changes fewer rows than a full batch; returns the rows changed. */
  private async inBatches(batch: (now: Date) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await batch(this.clock.now());
      total += n;
      if (n < ERASURE_BATCH) return total;
    }
  }

  /** The copies in the account's stored events: each event read, the customer replaced, written back. */
  private async eraseFromEvents(scope: AccountScope, match: CustomerMatch): Promise<number> {
    const needles = customerNeedles(match);
    let after = '';
    let rewritten = 0;
    for (;;) {
      const rows = await accountEventsContaining(this.db, scope, needles, after, ERASURE_BATCH);
      await withTransaction(this.db, async (trx) => {
        for (const row of rows) {
          const object = withoutCustomer(row.object, match);
          const previous = withoutCustomer(row.previous_attributes, match);
          const details = withoutCustomer(row.details, match);
          if (!object.changed && !previous.changed && !details.changed) continue;
          await rewriteEventPayload(trx, scope, row.id, { object: object.value, previous_attributes: previous.value, details: details.value });
          rewritten++;
        }
      });
      if (rows.length < ERASURE_BATCH) return rewritten;
      after = rows[rows.length - 1]!.id;
    }
  }
}
