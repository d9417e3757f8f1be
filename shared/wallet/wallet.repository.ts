import type { DataSource, EntityManager } from 'typeorm';
import { WalletEntity } from './entities/wallet.entity';
import { WalletEntryEntity } from './entities/wallet-entry.entity';

/** A wallet row as opened (created_at and updated_at are the database's). */
export type NewWallet = Pick<WalletEntity, 'id' | 'accountId' | 'currency' | 'balance' | 'heldTotal' | 'overdraftLimit'>;
/** A ledger entry as posted (its id is the database's). */
export type NewEntry = Omit<WalletEntryEntity, 'id'>;

/**
 * SQL for wallet and wallet_entry. The ledger (WalletLedger) decides; postings run on the caller's EntityManager,
 * inside the transaction that holds the wallet row lock (lockWallet).
 */
export class WalletRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertWallet(m: EntityManager, wallet: NewWallet): Promise<WalletEntity> {
    const row = m.create(WalletEntity, wallet);
    await m.insert(WalletEntity, row);
    return row;
  }

  walletOfAccount(accountId: string, m?: EntityManager): Promise<WalletEntity | null> {
    return (m ?? this.dataSource.manager).findOneBy(WalletEntity, { accountId });
  }

  /** The currency of the account's wallet (one column, by the account index), or null when it has none. */
  async currencyOfAccount(accountId: string): Promise<string | null> {
    const wallet = await this.dataSource.manager.findOne(WalletEntity, { select: { currency: true }, where: { accountId } });
    return wallet?.currency ?? null;
  }

  /** The wallet, its row locked (SELECT ... FOR UPDATE) until `m`'s transaction ends: postings of one wallet serialise here. */
  lockWallet(m: EntityManager, walletId: string): Promise<WalletEntity | null> {
    return m.findOne(WalletEntity, { where: { id: walletId }, lock: { mode: 'pessimistic_write' } });
  }

  async setBalance(m: EntityManager, walletId: string, balance: string): Promise<void> {
    await m.update(WalletEntity, { id: walletId }, { balance });
  }

  async setHeldTotal(m: EntityManager, walletId: string, heldTotal: string): Promise<void> {
    await m.update(WalletEntity, { id: walletId }, { heldTotal });
  }

  entryByKey(m: EntityManager, walletId: string, businessKey: string): Promise<WalletEntryEntity | null> {
    return m.findOneBy(WalletEntryEntity, { walletId, businessKey });
  }

  entryExists(m: EntityManager, walletId: string, businessKey: string): Promise<boolean> {
    return m.existsBy(WalletEntryEntity, { walletId, businessKey });
  }

  async insertEntry(m: EntityManager, entry: NewEntry): Promise<WalletEntryEntity> {
    const row = m.create(WalletEntryEntity, entry);
    await m.insert(WalletEntryEntity, row);
    return row;
  }

  /** Every entry of the wallet, oldest first. */
  entries(walletId: string): Promise<WalletEntryEntity[]> {
    return this.dataSource.manager.find(WalletEntryEntity, { where: { walletId }, order: { id: 'ASC' } });
  }
}
