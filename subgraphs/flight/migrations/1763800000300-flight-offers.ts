import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offer storage: one row per search holding the authoritative offers (supplier snapshot and
 * the prices shown), and one small row per offer binding its opaque offerReference to the
 * account that searched. Expired rows are kept until the cleanup job deletes them.
 */
export class FlightOffers1763800000300 implements MigrationInterface {
  name = 'FlightOffers1763800000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flight_search (
      id CHAR(36) NOT NULL PRIMARY KEY,
      account_id CHAR(36) NOT NULL,
      criteria LONGTEXT NOT NULL,
      offers LONGTEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      KEY ix_flight_search_expiry (expires_at)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE flight_offer (
      offer_reference CHAR(36) NOT NULL PRIMARY KEY,
      search_id CHAR(36) NOT NULL,
      offer_index SMALLINT NOT NULL,
      account_id CHAR(36) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      KEY ix_flight_offer_search (search_id),
      CONSTRAINT fk_flight_offer_search FOREIGN KEY (search_id) REFERENCES flight_search (id) ON DELETE CASCADE
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE flight_offer');
    await q.query('DROP TABLE flight_search');
  }
}
