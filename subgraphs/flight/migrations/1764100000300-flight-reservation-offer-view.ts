import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * flight_reservation.offer_view: the flight offer as the customer was shown it (OpenAPI `FlightOffer`), kept with
 * the reservation and replaced when a reprice is accepted, so the customer reservation answer can carry the full
 * offer (itineraries, travelerPricings, …) after the search snapshot has been purged. Null for reservations made
 * before this column: their offer is rebuilt from supplier_offer when answered.
 */
export class FlightReservationOfferView1764100000300 implements MigrationInterface {
  name = 'FlightReservationOfferView1764100000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_reservation ADD COLUMN offer_view LONGTEXT NULL AFTER supplier_offer');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE flight_reservation DROP COLUMN offer_view');
  }
}
