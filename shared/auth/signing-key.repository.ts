import { DataSource, IsNull, Not } from 'typeorm';
import { withNamedLock } from '../database/named-lock.repository';
import { SigningKeyEntity } from './entities/signing-key.entity';
import type { SealedPrivateKey } from './key-encryption.service';

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

  /** The keys not retired, newest first (at most `limit`). */
  active(limit: number): Promise<SigningKeyEntity[]> {
    return this.dataSource.getRepository(SigningKeyEntity).find({ where: { retiredAt: IsNull() }, order: { createdAt: 'DESC', kid: 'DESC' }, take: limit });
  }

  /** The most recently retired keys (at most `limit`): their tokens are refused as "retired" rather than "unknown". */
  recentlyRetired(limit: number): Promise<SigningKeyEntity[]> {
    return this.dataSource
      .getRepository(SigningKeyEntity)
      .find({ where: { retiredAt: Not(IsNull()) }, order: { retiredAt: 'DESC', kid: 'DESC' }, take: limit });
  }

  all(): Promise<SigningKeyEntity[]> {
    return this.dataSource.getRepository(SigningKeyEntity).find({ order: { createdAt: 'ASC' } });
  }

  /** The key that signs: the newest not retired whose private key is in the database. */
  current(): Promise<SigningKeyEntity | null> {
    return this.dataSource
      .getRepository(SigningKeyEntity)
      .findOne({ where: { retiredAt: IsNull(), privateKeyCiphertext: Not(IsNull()) }, order: { createdAt: 'DESC', kid: 'DESC' } });
  }

  /** The fingerprints of the key-encryption keys the active keys were encrypted with. */
  async activeKekIds(): Promise<string[]> {
    const rows = (await this.dataSource.query('SELECT DISTINCT kek_id FROM signing_key WHERE retired_at IS NULL AND kek_id IS NOT NULL')) as Array<{
      kek_id: string;
    }>;
    return rows.map((row) => row.kek_id);
  }

  /** The active keys whose private half is not in the database yet (made before it was kept there). */
  async activeKidsWithoutPrivateKey(): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(SigningKeyEntity)
      .find({ select: { kid: true }, where: { retiredAt: IsNull(), privateKeyCiphertext: IsNull() }, take: 1_000 });
    return rows.map((row) => row.kid);
  }

  async insert(row: { kid: string; publicJwk: string; createdAt: Date; sealed: SealedPrivateKey }): Promise<void> {
    const { kid, publicJwk, createdAt, sealed } = row;
    await this.dataSource.getRepository(SigningKeyEntity).insert({ kid, publicJwk, createdAt, retiredAt: null, ...privateColumns(sealed) });
  }

  /** Stores the private key of a key that has none yet; false when it has one already (another process imported it). */
  async storePrivateKey(kid: string, sealed: SealedPrivateKey): Promise<boolean> {
    const result = await this.dataSource.getRepository(SigningKeyEntity).update({ kid, privateKeyCiphertext: IsNull() }, privateColumns(sealed));
    return (result.affected ?? 0) > 0;
  }

  /** Keys whose private half was encrypted with another key-encryption key than `kekId` (at most `limit`). */
  sealedWithOther(kekId: string, limit: number): Promise<SigningKeyEntity[]> {
    return this.dataSource
      .getRepository(SigningKeyEntity)
      .find({ where: { kekId: Not(kekId), privateKeyCiphertext: Not(IsNull()) }, order: { createdAt: 'ASC' }, take: limit });
  }

  /** Replaces a private key's encryption, unless another process re-encrypted it meanwhile (guarded by its old kek_id). */
  async reseal(kid: string, fromKekId: string, sealed: SealedPrivateKey): Promise<boolean> {
    const result = await this.dataSource.getRepository(SigningKeyEntity).update({ kid, kekId: fromKekId }, privateColumns(sealed));
    return (result.affected ?? 0) > 0;
  }

  /** Runs `work` under this database's signing-key lock (key creation is rare, and two starting processes must not both create one). */
  withKeyLock<T>(lockName: string, timeoutSeconds: number, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return withNamedLock(this.dataSource, `${lockName}_${this.dataSource.driver.database}`, timeoutSeconds, work);
  }
}

function privateColumns(sealed: SealedPrivateKey): Pick<SigningKeyEntity, 'privateKeyCiphertext' | 'privateKeyNonce' | 'privateKeyTag' | 'kekId'> {
  return { privateKeyCiphertext: sealed.ciphertext, privateKeyNonce: sealed.nonce, privateKeyTag: sealed.tag, kekId: sealed.kekId };
}
