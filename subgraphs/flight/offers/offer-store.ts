import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { FlightException } from '../errors/flight.exception';

export interface OfferSlot {
  offerReference: string;
  expiresAt: Date;
}

export interface StoredOffer<TOffer, TCriteria> {
  offerReference: string;
  searchId: string;
  accountId: string;
  expiresAt: Date;
  offer: TOffer;
  criteria: TCriteria;
}

/**
 * The authoritative server-side snapshot of search offers. An offerReference only resolves for
 * the account that searched; a submitted offer body is never trusted beyond its reference.
 */
export class OfferStore<TOffer, TCriteria> {
  constructor(private readonly dataSource: DataSource) {}

  async save(accountId: string, criteria: TCriteria, offers: TOffer[], now: Date, ttlSeconds: number): Promise<OfferSlot[]> {
    const searchId = randomUUID();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    const slots = offers.map(() => ({ offerReference: randomUUID(), expiresAt }));
    if (offers.length === 0) return slots;
    await this.guard(() =>
      this.dataSource.transaction(async (m) => {
        await m.query('INSERT INTO flight_search (id, account_id, criteria, offers, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
          searchId,
          accountId,
          JSON.stringify(criteria),
          JSON.stringify(offers),
          now,
          expiresAt,
        ]);
        await m.query(
          `INSERT INTO flight_offer (offer_reference, search_id, offer_index, account_id, expires_at) VALUES ${slots.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
          slots.flatMap((slot, i) => [slot.offerReference, searchId, i, accountId, expiresAt]),
        );
      }),
    );
    return slots;
  }

  /** The offer behind a reference, or null when it does not exist or belongs to someone else. */
  async load(offerReference: string, accountId: string): Promise<StoredOffer<TOffer, TCriteria> | null> {
    const rows: Array<{ offer_index: number; expires_at: Date; search_id: string; offers: string; criteria: string }> = await this.guard(() =>
      this.dataSource.query(
        `SELECT o.offer_index, o.expires_at, o.search_id, s.offers, s.criteria
           FROM flight_offer o JOIN flight_search s ON s.id = o.search_id
          WHERE o.offer_reference = ? AND o.account_id = ?`,
        [offerReference, accountId],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      offerReference,
      searchId: row.search_id,
      accountId,
      expiresAt: new Date(row.expires_at),
      offer: (JSON.parse(row.offers) as TOffer[])[row.offer_index],
      criteria: JSON.parse(row.criteria) as TCriteria,
    };
  }

  /** Deletes searches expired before `before`; their offers go with them. */
  async purgeExpired(before: Date): Promise<number> {
    const result = await this.dataSource.query('DELETE FROM flight_search WHERE expires_at < ? LIMIT 1000', [before]);
    return Number(result.affectedRows ?? 0);
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isConnectionFailure(error)) throw FlightException.storeUnavailable('offer storage');
      throw error;
    }
  }
}

/** A database that cannot be reached (as opposed to a query bug, which must surface as itself). */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (error as { code?: string })?.code;
  return ['ECONNREFUSED', 'PROTOCOL_CONNECTION_LOST', 'ETIMEDOUT', 'ECONNRESET', 'ER_CON_COUNT_ERROR', 'POOL_CLOSED', 'EHOSTUNREACH'].includes(code ?? '');
}
