import { isoRequired, iso } from '../../lib/time-format.js';
import type { ManageLinkRow } from './manage-links.repository.js';

/** A link's status is read at `now`: it expires without a write. */
export function serializeLink(row: ManageLinkRow, now: Date) {
  const status = row.revoked_at ? 'revoked' : row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    object: 'manage_link' as const,
    livemode: row.livemode,
    booking: row.booking_id,
    status: status as 'active' | 'revoked' | 'expired',
    expires_at: isoRequired(row.expires_at),
    revoked_at: iso(row.revoked_at),
    metadata: row.metadata,
    created_at: isoRequired(row.created_at),
  };
}
export type ApiManageLink = ReturnType<typeof serializeLink> & { url?: string };

/** How a segment is named on the page: its resource, the zone its times are shown in, its place. */
export interface ViewSegment {
  resource: string;
  resource_name: string | null;
  timezone: string;
  location: { id: string; name: string } | null;
}

interface ViewedBooking {
  customer?: { locale: string | null; time_zone: string | null } | null;
}

/**
 * What the page of a link shows: the link's id and end, the booking, whether it may still
 * change, the business that holds it, the names of what it uses (one entry per segment), and
 * the customer's locale and time zone to show it in (null: the page's own choice).
 */
export function serializeView<B extends ViewedBooking>(
  link: ManageLinkRow,
  booking: B,
  canChange: boolean,
  business: { name: string; accent_color: string | null },
  segments: ViewSegment[],
) {
  return {
    object: 'manage_view' as const,
    link: { id: link.id, expires_at: isoRequired(link.expires_at) },
    booking,
    can_change: canChange,
    business,
    segments,
    locale: booking.customer?.locale ?? null,
    time_zone: booking.customer?.time_zone ?? null,
  };
}
