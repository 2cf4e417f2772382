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

/** What the page of a link shows: the link's id and end, the booking, and whether it may still change. */
export function serializeView<B>(link: ManageLinkRow, booking: B, canChange: boolean) {
  return { object: 'manage_view' as const, link: { id: link.id, expires_at: isoRequired(link.expires_at) }, booking, can_change: canChange };
}
