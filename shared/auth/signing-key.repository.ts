import { DataSource, IsNull } from 'typeorm';
import { withNamedLock } from '../database/named-lock.repository';
import { SigningKeyEntity } from './entities/signing-key.entity';

/** SQL for signing_key (a handful of rows: one per rotation). */
export class SigningKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  byKid(kid: string): Promise<SigningKeyEntity | null> {
    return this.dataSource.getRepository(SigningKeyEntity).findOneBy({ kid });
  }

  activeCount(): Promise<number> {
    return this.dataSource.getRepository(SigningKeyEntity).countBy({ retiredAt: IsNull() });
  }

  async markRetired(kid: string, retiredAt: Date): Promise<void> {
    await this.dataSource.getRepository(SigningKeyEntity).update({ kid }, { retiredAt });
  }

  /** The keys not retired, newest first. */
  active(): Promise<SigningKeyEntity[]> {
    return this.dataSource.getRepository(SigningKeyEntity).find({ where: { retiredAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  all(): Promise<SigningKeyEntity[]> {
    return this.dataSource.getRepository(SigningKeyEntity).find({ order: { createdAt: 'ASC' } });
  }

  /** The key that signs: the newest not retired. */
  current(): Promise<SigningKeyEntity | null> {
    return this.dataSource.getRepository(SigningKeyEntity).findOne({ where: { retiredAt: IsNull() }, order: { createdAt: 'DESC', kid: 'DESC' } });
  }

  async insert(row: { kid: string; publicJwk: string; createdAt: Date }): Promise<void> {
    await this.dataSource.getRepository(SigningKeyEntity).insert({ ...row, retiredAt: null });
  }

  /** Runs `work` under this database's signing-key lock (key creation is rare, and two starting processes must not both create one). */
  withKeyLock<T>(lockName: string, timeoutSeconds: number, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return withNamedLock(this.dataSource, `${lockName}_${this.dataSource.driver.database}`, timeoutSeconds, work);
  }
}
