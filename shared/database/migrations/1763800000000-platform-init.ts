import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, tokens, signing keys, wallet ledger and outbox: the tables every subgraph relies on. */
export class PlatformInit1763800000000 implements MigrationInterface {
  name = 'PlatformInit1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE account (
      id CHAR(36) NOT NULL PRIMARY KEY,
      email VARCHAR(254) NOT NULL,
      password_hash VARCHAR(200) NOT NULL,
      role VARCHAR(32) NOT NULL,
      full_name VARCHAR(200) NOT NULL,
      permission_level INT NULL,
      status VARCHAR(16) NOT NULL DEFAULT 'ACTIVE',
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      UNIQUE KEY uq_account_email (email)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE signing_key (
      kid VARCHAR(64) NOT NULL PRIMARY KEY,
      public_jwk TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      retired_at DATETIME(3) NULL
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE access_token (
      jti CHAR(36) NOT NULL PRIMARY KEY,
      account_id CHAR(36) NOT NULL,
      kid VARCHAR(64) NOT NULL,
      issued_at DATETIME(3) NOT NULL,
      revoked_at DATETIME(3) NULL,
      KEY ix_access_token_account (account_id),
      CONSTRAINT fk_access_token_account FOREIGN KEY (account_id) REFERENCES account (id),
      CONSTRAINT fk_access_token_key FOREIGN KEY (kid) REFERENCES signing_key (kid)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE wallet (
      id CHAR(36) NOT NULL PRIMARY KEY,
      account_id CHAR(36) NOT NULL,
      currency CHAR(3) NOT NULL,
      balance DECIMAL(20,4) NOT NULL DEFAULT 0,
      overdraft_limit DECIMAL(20,4) NOT NULL DEFAULT 0,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      UNIQUE KEY uq_wallet_account (account_id),
      CONSTRAINT fk_wallet_account FOREIGN KEY (account_id) REFERENCES account (id)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE wallet_entry (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      wallet_id CHAR(36) NOT NULL,
      business_key VARCHAR(191) NOT NULL,
      kind VARCHAR(16) NOT NULL,
      amount DECIMAL(20,4) NOT NULL,
      balance_after DECIMAL(20,4) NOT NULL,
      note VARCHAR(255) NULL,
      created_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_wallet_entry_key (wallet_id, business_key),
      CONSTRAINT fk_wallet_entry_wallet FOREIGN KEY (wallet_id) REFERENCES wallet (id)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE outbox_message (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      queue VARCHAR(64) NOT NULL,
      job_name VARCHAR(64) NOT NULL,
      payload LONGTEXT NOT NULL,
      available_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      relayed_at DATETIME(3) NULL,
      KEY ix_outbox_pending (relayed_at, id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox_message', 'wallet_entry', 'wallet', 'access_token', 'signing_key', 'account']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
