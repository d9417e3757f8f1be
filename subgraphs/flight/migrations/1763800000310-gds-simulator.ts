import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The GDS simulator's state (MysqlSimulatorStore), shared by every process of the platform: PNRs as JSON with a
 * compare-and-set version, idempotency keys (hashed, unique) → PNR, one seat counter per flight, date and cabin,
 * trigger memory (hit counts of "first attempt fails" triggers) and the ticket numbers handed out.
 */
export class GdsSimulator1763800000310 implements MigrationInterface {
  name = 'GdsSimulator1763800000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE gds_sim_booking (
      pnr CHAR(6) NOT NULL PRIMARY KEY,
      payload LONGTEXT NOT NULL,
      version INT NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE gds_sim_booking_key (
      key_hash CHAR(64) NOT NULL PRIMARY KEY,
      pnr CHAR(6) NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      KEY ix_gds_sim_booking_key_pnr (pnr)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE gds_sim_seat (
      inventory_key VARCHAR(64) NOT NULL PRIMARY KEY,
      capacity INT NOT NULL,
      sold INT NOT NULL DEFAULT 0,
      CONSTRAINT ck_gds_sim_seat_sold CHECK (sold >= 0 AND sold <= capacity)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE gds_sim_trigger (
      trigger_hash CHAR(64) NOT NULL PRIMARY KEY,
      trigger_name VARCHAR(255) NOT NULL,
      hits INT NOT NULL
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE gds_sim_ticket (
      ticket_number CHAR(13) NOT NULL PRIMARY KEY,
      owner VARCHAR(32) NOT NULL
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE gds_sim_ticket');
    await q.query('DROP TABLE gds_sim_trigger');
    await q.query('DROP TABLE gds_sim_seat');
    await q.query('DROP TABLE gds_sim_booking_key');
    await q.query('DROP TABLE gds_sim_booking');
  }
}
