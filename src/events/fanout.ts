import type { Trx } from '../db/transaction.js';

export interface RecordedEvent {
  id: string;
  platformId: string;
  livemode: boolean;
  accountId: string | null;
  type: string;
  createdAt: Date;
}

/**
 * Writes the delivery rows of an event for every enabled webhook endpoint that subscribes
 * to it, in the same transaction as the event (nothing lost, nothing sent for a rollback).
 */
export async function fanOutEvent(_trx: Trx, _event: RecordedEvent): Promise<void> {
  // Implemented with the webhooks feature.
}
