import type { EntityManager } from 'typeorm';

/** How a booking names its buyer: the account's name and email address. */
export interface AccountContact {
  id: string;
  fullName: string;
  email: string;
}

/**
 * What other modules may ask about an account (shared/auth owns the account table): its contact details, and a
 * lock on it that serialises one account's work across transactions. Modules never read the account table.
 */
export interface AccountDirectory {
  /** The account's name and email, or null when there is no such account. */
  contactOf(accountId: string): Promise<AccountContact | null>;
  /** Locks the account's row until `m`'s transaction ends (SELECT ... FOR UPDATE): parallel work of one account queues here. */
  lockAccount(m: EntityManager, accountId: string): Promise<void>;
}
