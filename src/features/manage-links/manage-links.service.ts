/**
 * Manage links (docs/manage-links.md): a secret URL that lets the person who booked see their
 * booking, cancel it, or move it to another slot the availability search offers. The API side
 * (create, list, revoke) acts for an account like every route; the link side needs no key:
 * the token is the credential, and it opens one booking only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { accountPresentation, scopeOfAccount } from '../../tenancy/accounts.repository.js';
import { resourcesByIds } from '../resources/index.js';
import { locationsByIds } from '../locations/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isoRequired } from '../../lib/time-format.js';
import { metadataForCreate } from '../../lib/metadata.js';
import type { Clock } from '../../lib/clock.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { withEventSource } from '../../events/source.js';
import type { BookingsService } from '../bookings/index.js';
import { searchAvailability } from '../availability/index.js';
import { findLinkByToken, insertLink, listLinks, revokeLink, type ManageLinkRow } from './manage-links.repository.js';
import { serializeLink, serializeView, type ApiManageLink } from './manage-links.serializer.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The page of a link: the account id (not a secret) locates it, the token opens it. */
export const linkPath = (accountId: string, token: string) => `/manage/${accountId}/${token}`;

type ApiBooking = Awaited<ReturnType<BookingsService['get']>>;

/** What a link opens: its own booking (or the booking that replaced it), in its account. */
interface Opened {
  link: ManageLinkRow;
  scope: AccountScope;
  booking: ApiBooking;
}

/** Why a link does not open: the same for every reason (see `open`). */
const GONE = () => new ApiError('resource_missing', 'This link is not valid: it is unknown, was revoked, or has expired.');
const OPEN_STATUSES = new Set(['requested', 'pending', 'confirmed']);

export class ManageLinksService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
    private readonly bookings: BookingsService,
  ) {}

  async create(scope: AccountScope, bookingId: string, input: { expires_at?: string; metadata?: Record<string, string> }, origin: string): Promise<ApiManageLink> {
    const now = this.clock.now();
    const booking = await this.bookings.get(scope, bookingId);
    if (!OPEN_STATUSES.has(booking.status)) {
      throw new ApiError('invalid_state_transition', `A manage link is only for a pending or confirmed booking; this one is ${booking.status}.`);
    }
    const expiresAt = new Date(input.expires_at ?? booking.start);
    if (expiresAt.getTime() <= now.getTime()) {
      throw input.expires_at
        ? invalid('expires_at', 'expires_at must be in the future.')
        : new ApiError('invalid_state_transition', 'This booking has started: a manage link would expire at once. Pass a later expires_at.');
    }
    const token = `mlt_${randomBytes(24).toString('base64url')}`;
    const row = await withTransaction(this.db, (trx) =>
      insertLink(trx, {
        account_id: scope.accountId,
        id: newId('ml', now.getTime()),
        livemode: scope.livemode,
        booking_id: bookingId,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        revoked_at: null,
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
      }),
    );
    return { ...serializeLink(row, now), url: origin + linkPath(scope.accountId, token) };
  }

  async list(scope: AccountScope, bookingId: string, page: PageParams) {
    await this.bookings.get(scope, bookingId);
    const now = this.clock.now();
    return toPage(await listLinks(this.db, scope, bookingId, page), (row) => serializeLink(row, now));
  }

  async revoke(scope: AccountScope, bookingId: string, id: string) {
    const now = this.clock.now();
    const row = await withTransaction(this.db, (trx) => revokeLink(trx, scope, bookingId, id, now));
    if (!row) throw notFound('manage_link', id);
    return serializeLink(row, now);
  }

  // ---- the link side: no key, the token opens one booking ----

  /**
   * The one rule of whether a link opens, for its page and every data call: the token's hash
   * is always computed and looked up, and an unknown, altered, revoked or expired token (or a
   * gone account) fails with the same GONE error, so no answer tells a guesser which it was.
   */
  private async open(accountId: string, token: string): Promise<Opened> {
    const now = this.clock.now();
    const link = await findLinkByToken(this.db, accountId, hashToken(token));
    if (!link || link.revoked_at || link.expires_at.getTime() <= now.getTime()) throw GONE();
    const scope = await scopeOfAccount(this.db, accountId);
    if (!scope) throw GONE();
    // A reschedule makes a new booking: the link follows it, so it keeps working after a move.
    let booking = await this.bookings.get(scope, link.booking_id);
    for (let hops = 0; booking.replaced_by && hops < 50; hops++) booking = await this.bookings.get(scope, booking.replaced_by);
    return { link, scope, booking };
  }

  /** Throws GONE (404 resource_missing) unless the link opens: the page of a link is served only then. */
  async check(accountId: string, token: string): Promise<void> {
    await this.open(accountId, token);
  }

  async view(accountId: string, token: string) {
    const { link, scope, booking } = await this.open(accountId, token);
    const open = OPEN_STATUSES.has(booking.status) && new Date(booking.start).getTime() > this.clock.now().getTime();
    // What the page names: the business, each resource (its zone is the one its times are
    // shown in), and the place (the segment's location, else the resource's default).
    const account = await accountPresentation(this.db, accountId);
    const resources = await resourcesByIds(this.db, scope, [...new Set(booking.segments.map((s) => s.resource))]);
    const locationOf = (s: ApiBooking['segments'][number]) => s.location ?? resources.find((r) => r.id === s.resource)?.default_location ?? null;
    const locations = await locationsByIds(this.db, scope, [...new Set(booking.segments.map(locationOf).filter((id): id is string => !!id))]);
    const business = {
      name: account?.display_name ?? account?.name ?? '',
      accent_color: account?.accent_color ?? null,
    };
    const segments = booking.segments.map((s) => {
      const resource = resources.find((r) => r.id === s.resource);
      const location = locations.find((l) => l.id === locationOf(s));
      return {
        resource: s.resource,
        resource_name: resource?.name ?? null,
        timezone: resource?.timezone ?? account?.timezone ?? 'UTC',
        location: location ? { id: location.id, name: location.name } : null,
      };
    });
    return serializeView(link, booking, open, business, segments);
  }

  /** The slots the booking could move to: the same search as POST /v1/availability, with the booking's own segments. */
  async availability(accountId: string, token: string, range: { from: string; to: string }) {
    const { scope, booking } = await this.open(accountId, token);
    return searchAvailability(this.db, scope, { from: range.from, to: range.to, segments: searchSegmentsOf(booking) }, this.clock.now().getTime());
  }

  async cancel(accountId: string, token: string, reason?: string) {
    const { link, scope, booking } = await this.open(accountId, token);
    return withEventSource({ type: 'manage_link', manage_link: link.id }, () => this.bookings.transition(scope, booking.id, 'cancel', { reason }));
  }

  /** Moves the booking to `start`, which must be a slot start the search offers. */
  async reschedule(accountId: string, token: string, start: string) {
    const { link, scope, booking } = await this.open(accountId, token);
    const from = new Date(start);
    if (Number.isNaN(from.getTime())) throw invalid('start', 'start must be an RFC 3339 date-time.');
    const span = new Date(booking.end).getTime() - new Date(booking.start).getTime();
    const offered = await searchAvailability(
      this.db,
      scope,
      { from: isoRequired(from), to: isoRequired(new Date(from.getTime() + span)), segments: searchSegmentsOf(booking), limit: 1 },
      this.clock.now().getTime(),
    );
    const slot = offered.slots[0];
    if (!slot || new Date(slot.start).getTime() !== from.getTime()) {
      throw invalid('start', 'This time is not offered: choose a slot from the availability of this link.');
    }
    // The slot's segments, with the booking's own quantities and buffers (what the search planned with).
    const segments = slot.segments.map((s: { resource: string; start: string; end: string; location?: string | null }, i: number) => ({
      resource: s.resource,
      start: s.start,
      end: s.end,
      ...(s.location ? { location: s.location } : {}),
      quantity: booking.segments[i]!.quantity,
      buffer_before_minutes: booking.segments[i]!.buffer_before_minutes,
      buffer_after_minutes: booking.segments[i]!.buffer_after_minutes,
    }));
    return withEventSource({ type: 'manage_link', manage_link: link.id }, () => this.bookings.reschedule(scope, booking.id, { segments }));
  }
}

/** The booking's segments as a search asks for them: same resources, lengths, offsets and quantities. */
function searchSegmentsOf(booking: ApiBooking) {
  const start = new Date(booking.start).getTime();
  return booking.segments.map((s) => ({
    resource: s.resource,
    duration_minutes: Math.round((new Date(s.end).getTime() - new Date(s.start).getTime()) / 60_000),
    offset_minutes: Math.round((new Date(s.start).getTime() - start) / 60_000),
    quantity: s.quantity,
    ...(s.location ? { location: s.location } : {}),
    buffer_before_minutes: s.buffer_before_minutes,
    buffer_after_minutes: s.buffer_after_minutes,
  }));
}
