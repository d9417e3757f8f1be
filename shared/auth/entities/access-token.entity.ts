import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per issued token: its id (jti) is what revocation and verification look up. */
@Entity({ name: 'access_token' })
export class AccessTokenEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  jti!: string;

  @Index()
  @Column({ name: 'account_id', type: 'char', length: 36 })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  kid!: string;

  @Column({ name: 'issued_at', type: 'datetime', precision: 3 })
  issuedAt!: Date;

  /** Written by verification at most once a day; null: no use recorded yet, issued_at counts. */
  @Column({ name: 'last_used_at', type: 'datetime', precision: 3, nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt!: Date | null;
}
