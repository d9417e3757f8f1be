import { DataSource, EntityManager, Like } from 'typeorm';
import type { AccountContact, AccountDirectory } from './account-directory.port';
import { AccountEntity, AccountStatus } from './entities/account.entity';
import type { Role } from './roles.types';

/** What a new account row holds (created_at and updated_at are the database's). */
export type NewAccount = Pick<AccountEntity, 'id' | 'email' | 'passwordHash' | 'role' | 'fullName' | 'permissionLevel' | 'status'>;

/** A search of accounts: every given filter must match; emailContains is matched literally. */
export interface AccountQuery {
  role?: Role;
  status?: AccountStatus;
  emailContains?: string;
  limit: number;
}

/** SQL for the account table: the account directory other modules ask, and the admin's account operations. */
export class AccountRepository implements AccountDirectory {
  constructor(private readonly dataSource: DataSource) {}

  async contactOf(accountId: string): Promise<AccountContact | null> {
    const [row] = await this.dataSource.query<Array<{ id: string; full_name: string; email: string }>>(
      'SELECT id, full_name, email FROM account WHERE id = ?',
      [accountId],
    );
    return row ? { id: row.id, fullName: row.full_name, email: row.email } : null;
  }

  async lockAccount(m: EntityManager, accountId: string): Promise<void> {
    await m.query('SELECT id FROM account WHERE id = ? FOR UPDATE', [accountId]);
  }

  async insert(m: EntityManager, account: NewAccount): Promise<void> {
    await m.insert(AccountEntity, account);
  }

  async setStatus(accountId: string, status: AccountStatus): Promise<void> {
    await this.dataSource.getRepository(AccountEntity).update({ id: accountId }, { status });
  }

  byEmail(email: string): Promise<AccountEntity | null> {
    return this.dataSource.getRepository(AccountEntity).findOneBy({ email });
  }

  byId(id: string): Promise<AccountEntity | null> {
    return this.dataSource.getRepository(AccountEntity).findOneBy({ id });
  }

  /** The first `limit` matching accounts by email, and how many match in all. */
  search(query: AccountQuery): Promise<[AccountEntity[], number]> {
    return this.dataSource.getRepository(AccountEntity).findAndCount({
      where: {
        ...(query.role !== undefined && { role: query.role }),
        ...(query.status !== undefined && { status: query.status }),
        // LIKE wildcards in the fragment are matched literally.
        ...(query.emailContains !== undefined && { email: Like(`%${query.emailContains.replace(/[\\%_]/g, '\\$&')}%`) }),
      },
      order: { email: 'ASC' },
      take: query.limit,
    });
  }
}
