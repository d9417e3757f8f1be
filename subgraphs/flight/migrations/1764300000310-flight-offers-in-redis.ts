import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Offer snapshots moved to Redis with a TTL (offers/offer.store.ts): the MySQL tables are no
 * longer read or written. Offers live minutes, so none need carrying over; a reference made
 * before the switch answers 404, as an unknown one does.
 */
export class FlightOffersInRedis1764300000310 implements MigrationInterface {
  name = 'FlightOffersInRedis1764300000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS flight_offer');
    await q.query('DROP TABLE IF EXISTS flight_search');
  }

  async down(q: QueryRunner): Promise<void> {
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
}
