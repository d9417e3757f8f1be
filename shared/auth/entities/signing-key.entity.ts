import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Public half of a signing key; the private half is a file in KEYS_DIR, never in the database or repo. */
@Entity({ name: 'signing_key' })
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid!: string;

  @Column({ name: 'public_jwk', type: 'text' })
  publicJwk!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'retired_at', type: 'datetime', precision: 3, nullable: true })
  retiredAt!: Date | null;
}
