import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rail simulator's ticket numbers, unique like its PNRs: a reservation whose derived ticket numbers are taken
 * tries its next PNR candidate, so no two reservations ever share a ticket number (train_ticket.ticket_number is
 * unique). Filled from the reservations already made.
 */
export class RailSimulatorTicketNumbers1764000000520 implements MigrationInterface {
  name = 'RailSimulatorTicketNumbers1764000000520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE rail_sim_ticket_number (
      ticket_number VARCHAR(20) NOT NULL PRIMARY KEY,
      pnr CHAR(6) NOT NULL
    ) ENGINE=InnoDB`);
    await q.query(`INSERT IGNORE INTO rail_sim_ticket_number (ticket_number, pnr)
      SELECT t.ticket_number, r.pnr FROM rail_sim_reservation r,
        JSON_TABLE(r.payload, '$.reservation.ticketNumbers[*]' COLUMNS (ticket_number VARCHAR(20) PATH '$')) t`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rail_sim_ticket_number');
  }
}
