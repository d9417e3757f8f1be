import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private signing keys move into signing_key, encrypted (AES-256-GCM) under the key-encryption key every replica is
 * given, so replicas on hosts with different disks sign with the same keys (docs/decisions.md "Keys shared by every
 * replica"). kek_id names the key-encryption key, so a wrong one is told apart from a corrupt row. The columns are
 * empty for a key made before: each process imports the private files it has in KEYS_DIR at start.
 */
export class SigningKeyPrivate1764900000240 implements MigrationInterface {
  name = 'SigningKeyPrivate1764900000240';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signing_key
      ADD COLUMN private_key_ciphertext VARBINARY(4096) NULL,
      ADD COLUMN private_key_nonce BINARY(12) NULL,
      ADD COLUMN private_key_tag BINARY(16) NULL,
      ADD COLUMN kek_id CHAR(16) NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE signing_key DROP COLUMN private_key_ciphertext, DROP COLUMN private_key_nonce, DROP COLUMN private_key_tag, DROP COLUMN kek_id');
  }
}
