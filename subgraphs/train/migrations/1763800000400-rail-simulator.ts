import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SGR rail simulator's state (MysqlRailSimulatorStore), shared by every process of the platform: one row per
 * seat segment sold or held (train and date, seat, segment between two consecutive stops; the primary key is what
 * stops two processes taking the same segment), holds (hashed key → JSON), reservations as JSON with a
 * compare-and-set version, idempotency keys (hashed) → PNR, and trigger memory.
 */
export class RailSimulator1763800000400 implements MigrationInterface {
  name = 'RailSimulator1763800000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE rail_sim_seat_segment (
      trip_key VARCHAR(32) NOT NULL,
      seat_id INT NOT NULL,
      segment_no SMALLINT NOT NULL,
      owner_hash CHAR(64) NOT NULL,
      sold TINYINT(1) NOT NULL DEFAULT 0,
      expires_at BIGINT NULL,
      pnr CHAR(6) NULL,
      PRIMARY KEY (trip_key, seat_id, segment_no),
      KEY ix_rail_sim_seat_segment_owner (owner_hash),
      KEY ix_rail_sim_seat_segment_pnr (pnr)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE rail_sim_hold (
      key_hash CHAR(64) NOT NULL PRIMARY KEY,
      payload TEXT NOT NULL,
      status VARCHAR(16) NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE rail_sim_reservation (
      pnr CHAR(6) NOT NULL PRIMARY KEY,
      payload LONGTEXT NOT NULL,
      version INT NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE rail_sim_reservation_key (
      key_hash CHAR(64) NOT NULL PRIMARY KEY,
      pnr CHAR(6) NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE rail_sim_trigger (
      trigger_hash CHAR(64) NOT NULL PRIMARY KEY,
      trigger_name VARCHAR(255) NOT NULL,
      hits INT NOT NULL
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rail_sim_trigger');
    await q.query('DROP TABLE rail_sim_reservation_key');
    await q.query('DROP TABLE rail_sim_reservation');
    await q.query('DROP TABLE rail_sim_hold');
    await q.query('DROP TABLE rail_sim_seat_segment');
  }
}
