import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A signing key: its public half as a JWK, and its private half encrypted under the key-encryption key (never in
 * plain text, never in the repo). The private columns are null for a key made before they existed and not imported yet.
 */
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

  /** PKCS#8 DER of the private key, AES-256-GCM encrypted with the kid as additional data. */
  @Column({ name: 'private_key_ciphertext', type: 'varbinary', length: 4096, nullable: true })
  privateKeyCiphertext!: Buffer | null;

  @Column({ name: 'private_key_nonce', type: 'binary', length: 12, nullable: true })
  privateKeyNonce!: Buffer | null;

  @Column({ name: 'private_key_tag', type: 'binary', length: 16, nullable: true })
  privateKeyTag!: Buffer | null;

  /** The fingerprint of the key-encryption key it was encrypted with. */
  @Column({ name: 'kek_id', type: 'char', length: 16, nullable: true })
  kekId!: string | null;
}
