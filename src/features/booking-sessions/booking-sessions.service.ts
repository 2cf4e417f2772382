/**
 * Booking sessions (docs/elements.md): the platform's server makes one for an account; the
 * browser holds only its client secret, which searches the session's slots, holds one as a
 * pending booking, fills in the customer and confirms. Every booking a session makes goes
 * through the bookings service, as a booking made for the customer (`requested: true`), so the
 * planner, the booking rules and the booking policy (approval) are the same as at every door.
 */
import { randomBytes } from 'node:crypto';
import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import {
  findSession,
  findSessionBySecret,
  hashClientSecret,
  insertSession,
  listSessions,
  lockSession,
  someOpenSessionAllowsOrigin,
  updateSession,
  type AccountScope,
  type BookingSessionRow,
} from '../../tenancy/index.js';
import { accountPresentation } from '../../tenancy/accounts.repository.js';
import { ApiError, invalid, missing, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isoRequired, parseRfc3339 } from '../../lib/time-format.js';
import { metadataForCreate } from '../../lib/metadata.js';
import type { Clock } from '../../lib/clock.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { recordEvent } from '../../events/outbox.repository.js';
import type { BookingsService } from '../bookings/index.js';
import { MAX_RANGE_DAYS, searchAvailability, type SearchSegmentInput } from '../availability/index.js';
import { serializeSession, sessionStatus, type ApiBookingSession } from './booking-sessions.serializer.js';

export const SESSION_ID_PREFIX = 'bs';
export const DEFAULT_LIFE_MINUTES = 30;
export const MAX_LIFE_MINUTES = 24 * 60;
export const DEFAULT_HOLD_MINUTES = 10;
/** The search window a session may offer when it names none: two weeks from its creation. */
export const DEFAULT_WINDOW_DAYS = 14;
export const MAX_WINDOW_DAYS = 366;
export const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'locale', 'time_zone'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
/** What the customer must have given before the booking is confirmed, when the session lets them give it. */
const REQUIRED_TO_CONFIRM: readonly CustomerField[] = ['name', 'email'];

export interface CreateSessionBody {
  segments: SearchSegmentInput[];
  from?: string;
  to?: string;
  timezone?: string;
  slot_interval_minutes?: number;
  hold_minutes?: number;
  customer?: Partial<Record<'reference' | CustomerField, string>>;
  customer_fields?: CustomerField[];
  allowed_origins?: string[];
  return_url?: string;
  metadata?: Record<string, string>;
  expires_at?: string;
}

type ApiBooking = Awaited<ReturnType<BookingsService['get']>>;

/**
 * The client secret: `bks_`, the session id's random part, the account id's (which routes the
 * lookup to the account's shard), then 32 random characters. The element reads its session's
 * id from it (`bs_` + the first part).
 */
function newClientSecret(sessionId: string, accountId: string): string {
  return `bks_${sessionId.slice(SESSION_ID_PREFIX.length + 1)}_${accountId.slice('acct_'.length)}_${randomBytes(24).toString('base64url')}`;
}

/** A web origin: scheme, host and port, nothing else (`https://shop.example`). */
function canonicalOrigin(value: string, param: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(param, `'${value}' is not an origin (e.g. https://shop.example).`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw invalid(param, `'${value}' is not an origin: give the scheme, host and port only (e.g. https://shop.example).`);
  }
  return url.origin;
}

function checkReturnUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    /* below */
  }
  throw invalid('return_url', `'${value}' is not an http(s) URL.`);
}

export class BookingSessionsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
    private readonly bookings: BookingsService,
  ) {}

  // ---- the key side ----

  async create(scope: AccountScope, apiVersion: string, input: CreateSessionBody, origin: string) {
    const now = this.clock.now();
    const expiresAt = input.expires_at === undefined ? new Date(now.getTime() + DEFAULT_LIFE_MINUTES * 60_000) : new Date(parseRfc3339(input.expires_at) ?? NaN);
    if (expiresAt.getTime() <= now.getTime()) throw invalid('expires_at', 'expires_at must be in the future.');
    if (expiresAt.getTime() > now.getTime() + MAX_LIFE_MINUTES * 60_000) throw invalid('expires_at', 'A booking session lives at most 24 hours.');
    const from = input.from === undefined ? now : new Date(parseRfc3339(input.from) ?? NaN);
    const to = input.to === undefined ? new Date(from.getTime() + DEFAULT_WINDOW_DAYS * 86_400_000) : new Date(parseRfc3339(input.to) ?? NaN);
    if (to.getTime() <= from.getTime()) throw invalid('to', 'to must be after from.');
    if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * 86_400_000) throw invalid('to', `The search window is at most ${MAX_WINDOW_DAYS} days.`);
    const customerFields = [...new Set(input.customer_fields ?? ['name', 'email'])];
    const origins = [...new Set((input.allowed_origins ?? []).map((o, i) => canonicalOrigin(o, `allowed_origins[${i}]`)))];
    const returnUrl = input.return_url === undefined ? null : checkReturnUrl(input.return_url);
    if (input.customer && input.customer.reference === undefined) throw missing('customer.reference', 'customer.reference is required when customer is given.');
    // The template must be searchable: its resources exist, each segment names one candidate scope.
    const template = {
      segments: input.segments as unknown as Record<string, unknown>[],
      search_from: isoRequired(from),
      search_to: isoRequired(to),
      timezone: input.timezone ?? null,
      slot_interval_minutes: input.slot_interval_minutes ?? null,
      hold_minutes: input.hold_minutes ?? DEFAULT_HOLD_MINUTES,
    };
    // A first search of one day checks what a search checks (the resources, candidates, zone, cost of a day).
    await searchAvailability(this.db, scope, { ...searchOf(template), from: template.search_from, to: isoRequired(new Date(Math.min(to.getTime(), from.getTime() + 86_400_000))), limit: 1 }, now.getTime());
    const id = newId(SESSION_ID_PREFIX, now.getTime());
    const secret = newClientSecret(id, scope.accountId);
    const row = await withTransaction(this.db, (trx) =>
      insertSession(trx, {
        account_id: scope.accountId,
        id,
        platform_id: scope.platformId,
        livemode: scope.livemode,
        secret_hash: hashClientSecret(secret),
        api_version: apiVersion,
        template: json(template),
        customer: input.customer ? json(input.customer) : null,
        customer_fields: json(customerFields),
        allowed_origins: json(origins),
        return_url: returnUrl,
        metadata: json(metadataForCreate(input.metadata)),
        booking_id: null,
        expires_at: expiresAt,
        completed_at: null,
        expired_at: null,
        created_at: now,
      }),
    );
    return { ...serializeSession(row, now), client_secret: secret, url: `${origin}/book/${secret}` };
  }

  async list(scope: AccountScope, page: PageParams) {
    const now = this.clock.now();
    return toPage(await listSessions(this.db, scope, page), (row) => serializeSession(row, now));
  }

  async get(scope: AccountScope, id: string): Promise<ApiBookingSession> {
    const row = await findSession(this.db, scope, id);
    if (!row) throw notFound('booking_session', id);
    return serializeSession(row, this.clock.now());
  }

  /** Ends an open session now (booking_session.expired); the hold it has is released. */
  async expire(scope: AccountScope, id: string): Promise<ApiBookingSession> {
    const now = this.clock.now();
    const { row, hold } = await withTransaction(this.db, async (trx) => {
      const row = await lockSession(trx, scope, id);
      if (!row) throw notFound('booking_session', id);
      const status = sessionStatus(row, now);
      if (status === 'completed') throw new ApiError('invalid_state_transition', 'This booking session is completed; only an open session can be expired.');
      if (row.expired_at) return { row, hold: null };
      const expired = await updateSession(trx, scope, id, { expired_at: status === 'expired' ? row.expires_at : now });
      await recordEvent(trx, scope, 'booking_session.expired', serializeSession(expired, now), { status: 'open', expired_at: null }, now);
      return { row: expired, hold: expired.booking_id };
    });
    if (hold) await this.release(scope, hold);
    return serializeSession(row, now);
  }

  // ---- the client secret's side (docs/elements.md#the-client-secret) ----

  /** The session as its client secret sees it: without the platform's metadata, with the business's name. */
  async own(scope: AccountScope, sessionId: string, id: string) {
    if (id !== sessionId) throw notFound('booking_session', id);
    const session = await this.get(scope, id);
    const account = await accountPresentation(this.db, scope.accountId);
    return {
      ...session,
      metadata: {},
      business: { name: account?.display_name ?? account?.name ?? '', accent_color: account?.accent_color ?? null },
    };
  }

  /**
   * POST /v1/availability with a client secret: the session's template, inside its window. One
   * search covers at most MAX_RANGE_DAYS (docs/limits.md), so a longer window is answered a
   * page at a time: when that cap (not the limit) ends the page, has_more and next_from say
   * where the next one starts.
   */
  async search(scope: AccountScope, sessionId: string, body: { from?: string; to?: string; limit?: number }) {
    const row = await this.openSession(scope, sessionId);
    const t = row.template;
    const now = this.clock.now().getTime();
    const from = Math.max(body.from === undefined ? now : (parseRfc3339(body.from) ?? NaN), Date.parse(t.search_from));
    const end = Math.min(body.to === undefined ? Date.parse(t.search_to) : (parseRfc3339(body.to) ?? NaN), Date.parse(t.search_to));
    const to = Math.min(end, from + MAX_RANGE_DAYS * 86_400_000);
    if (Number.isNaN(from) || Number.isNaN(to)) throw invalid(Number.isNaN(from) ? 'from' : 'to', 'from and to are RFC 3339 date-times.');
    if (to <= from) return { object: 'availability' as const, timezone: t.timezone ?? '', slots: [], has_more: false, next_from: null };
    const page = await searchAvailability(this.db, scope, { ...searchOf(t), from: isoRequired(new Date(from)), to: isoRequired(new Date(to)), limit: body.limit }, now);
    if (page.has_more || to === end) return page;
    const nextFrom = afterLastStartLooked(to, totalSpan(t));
    return nextFrom > from && nextFrom + totalSpan(t) <= end ? { ...page, has_more: true, next_from: isoRequired(new Date(nextFrom)) } : page;
  }

  /**
   * POST /v1/bookings with a client secret: holds the slot at `start` (one the session's search
   * offers) as a pending booking for hold_minutes, made for the customer; a hold the session
   * had before is released. Losing a race is the planner's 409 booking_conflict.
   */
  async hold(scope: AccountScope, sessionId: string, body: { start: string; customer?: Partial<Record<CustomerField, string>> }) {
    const row = await this.openSession(scope, sessionId);
    const t = row.template;
    const start = parseRfc3339(body.start);
    if (start === null) throw invalid('start', 'start must be an RFC 3339 date-time.');
    const span = totalSpan(t);
    const offered =
      start >= Date.parse(t.search_from) && start + span <= Date.parse(t.search_to)
        ? await searchAvailability(this.db, scope, { ...searchOf(t), from: isoRequired(new Date(start)), to: isoRequired(new Date(start + span)), limit: 1 }, this.clock.now().getTime())
        : null;
    const slot = offered?.slots[0];
    if (!slot || Date.parse(slot.start) !== start) {
      throw new ApiError('booking_conflict', 'This time is no longer offered: choose another from the availability of this session.', 'start', { conflicts: [] });
    }
    const customer = this.customerOf(row, null, body.customer ?? {});
    if (row.booking_id) await this.release(scope, row.booking_id);
    const now = this.clock.now();
    const booking = await this.bookings.create(scope, {
      segments: slot.segments.map((s: { resource: string; start: string; end: string; location?: string | null }, i: number) => ({
        resource: s.resource,
        start: s.start,
        end: s.end,
        ...(s.location ? { location: s.location } : {}),
        ...segmentExtras(t.segments[i]!),
      })),
      status: 'pending',
      expires_at: isoRequired(new Date(Math.min(now.getTime() + t.hold_minutes * 60_000, row.expires_at.getTime()))),
      requested: true,
      customer,
      metadata: { ...row.metadata, booking_session: row.id },
    });
    await withTransaction(this.db, (trx) => updateSession(trx, scope, row.id, { booking_id: booking.id }));
    return booking;
  }

  /** POST /v1/bookings/{id} with a client secret: the customer fields the session allows. */
  async fill(scope: AccountScope, sessionId: string, bookingId: string, body: { customer?: Partial<Record<CustomerField, string>> }) {
    const row = await this.openSession(scope, sessionId);
    const booking = await this.heldBooking(scope, row, bookingId);
    return this.bookings.update(scope, bookingId, { customer: this.customerOf(row, booking, body.customer ?? {}) });
  }

  /**
   * POST /v1/bookings/{id}/confirm with a client secret: confirms the held booking, or leaves a
   * `requested` one to the business's approval (docs/policies.md#approval), or a hold that
   * waits for its deposit to the payment the platform's server records (docs/policies.md#deposits);
   * either way the session is completed (booking_session.completed). Safe to repeat after a
   * failure between the two steps: a booking already confirmed or requested only completes
   * the session.
   */
  async confirm(scope: AccountScope, sessionId: string, bookingId: string) {
    const row = await this.openSession(scope, sessionId);
    let booking = await this.heldBooking(scope, row, bookingId);
    for (const field of REQUIRED_TO_CONFIRM) {
      if (row.customer_fields.includes(field) && !booking.customer?.[field]) {
        throw missing(`customer.${field}`, `Fill in customer.${field} before confirming.`);
      }
    }
    const awaitsDeposit = booking.payment_status === 'required' || booking.payment_status === 'partially_paid';
    if (booking.status === 'pending' && !awaitsDeposit) booking = await this.bookings.transition(scope, bookingId, 'confirm');
    const now = this.clock.now();
    await withTransaction(this.db, async (trx) => {
      const locked = await lockSession(trx, scope, row.id);
      if (!locked || locked.completed_at) return;
      const completed = await updateSession(trx, scope, row.id, { completed_at: now, booking_id: bookingId });
      await recordEvent(trx, scope, 'booking_session.completed', serializeSession(completed, now), { status: 'open', completed_at: null }, now);
    });
    return booking;
  }

  /** GET /v1/bookings/{id} with a client secret: the session's own booking only. */
  async read(scope: AccountScope, sessionId: string, bookingId: string) {
    const row = await findSession(this.db, scope, sessionId);
    if (!row || row.booking_id !== bookingId) throw notFound('booking', bookingId);
    return this.bookings.get(scope, bookingId);
  }

  /**
   * Whether a CORS preflight from `origin` is answered with leave to send the request: some open
   * session lists the origin. The preflight cannot say which session (it carries no credential);
   * the request that follows is checked against its own session's allowed_origins (src/http/auth.ts).
   */
  preflightAllows(origin: string): Promise<boolean> {
    return someOpenSessionAllowsOrigin(this.db, origin, this.clock.now());
  }

  /** The hosted page of a client secret: its session's return_url, or null when no session has this secret. */
  async page(secret: string): Promise<{ returnUrl: string | null } | null> {
    const row = await findSessionBySecret(this.db, secret);
    return row ? { returnUrl: row.return_url } : null;
  }

  // ---- helpers ----

  private async openSession(scope: AccountScope, id: string): Promise<BookingSessionRow> {
    const row = await findSession(this.db, scope, id);
    if (!row) throw new ApiError('api_key_invalid', 'Invalid client secret provided.');
    const status = sessionStatus(row, this.clock.now());
    if (status !== 'open') throw new ApiError('booking_session_expired', status === 'completed' ? 'This booking session is completed.' : 'This booking session has expired.');
    return row;
  }

  /** The session's current hold, still pending (or requested): anything else is not its to change. */
  private async heldBooking(scope: AccountScope, row: BookingSessionRow, bookingId: string): Promise<ApiBooking> {
    if (row.booking_id !== bookingId) throw notFound('booking', bookingId);
    const booking = await this.bookings.get(scope, bookingId);
    if (booking.status === 'expired') throw new ApiError('invalid_state_transition', 'The hold on this time has expired: choose a time again.');
    if (booking.status !== 'pending' && booking.status !== 'requested' && booking.status !== 'confirmed') {
      throw new ApiError('invalid_state_transition', `This booking is ${booking.status}.`);
    }
    return booking;
  }

  /**
   * The customer of a session's booking: the session's prefill, then what the person gave in
   * the fields the session allows (any other field is refused), on top of what they gave before.
   * Its reference is the prefill's, else the session's id.
   */
  private customerOf(row: BookingSessionRow, booking: ApiBooking | null, given: Partial<Record<CustomerField, string>>) {
    for (const field of Object.keys(given)) {
      if (!row.customer_fields.includes(field)) throw invalid(`customer.${field}`, `This booking session does not let the customer set ${field}.`);
    }
    const before = Object.fromEntries(Object.entries(booking?.customer ?? {}).filter(([, v]) => v !== null)) as Record<string, string>;
    const prefill = Object.fromEntries(Object.entries(row.customer ?? {}).filter(([, v]) => v !== null)) as Record<string, string>;
    return { ...prefill, ...before, ...given, reference: prefill.reference ?? before.reference ?? row.id };
  }

  /** Cancels a hold the session no longer wants; a hold that already ended (or a cutoff that keeps it) is left to expire. */
  private async release(scope: AccountScope, bookingId: string): Promise<void> {
    try {
      const booking = await this.bookings.get(scope, bookingId);
      if (booking.status === 'pending' || booking.status === 'requested') await this.bookings.transition(scope, bookingId, 'cancel', { reason: 'booking_session_released' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
}

/** The search a session's template asks for (its window aside). */
function searchOf(t: BookingSessionRow['template']) {
  return {
    segments: t.segments as unknown as SearchSegmentInput[],
    ...(t.timezone ? { timezone: t.timezone } : {}),
    ...(t.slot_interval_minutes ? { slot_interval_minutes: t.slot_interval_minutes } : {}),
  };
}

/**
 * Where the page after a search that ended at `to` starts: a slot must end by `to`, so the
 * search looked at every start up to `to - span`, and the next page starts just after it. At the
 * next whole second: instants are whole seconds in the API (and grid starts whole minutes), so
 * no start is skipped, and the last one looked at is not offered twice.
 */
function afterLastStartLooked(to: number, span: number): number {
  return (Math.floor((to - span) / 1000) + 1) * 1000;
}

/** From a slot's start to the end of its last segment. */
function totalSpan(t: BookingSessionRow['template']): number {
  let offset = 0;
  let end = 0;
  for (const s of t.segments) {
    const start = (s.offset_minutes as number | null | undefined) ?? offset;
    offset = start + (s.duration_minutes as number);
    end = Math.max(end, offset);
  }
  return end * 60_000;
}

/** What a booked segment keeps of its template segment: quantity and buffers. */
function segmentExtras(s: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const key of ['quantity', 'buffer_before_minutes', 'buffer_after_minutes'] as const) if (s[key] !== undefined) out[key] = s[key];
  return out;
}

