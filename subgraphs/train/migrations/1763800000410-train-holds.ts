import { MigrationInterface, QueryRunner } from 'typeorm';

/** Seat holds as we hand them out: whose they are (release and the per-account cap) and until when. */
export class TrainHolds1763800000410 implements MigrationInterface {
  name = 'TrainHolds1763800000410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE train_seat_hold (
      hold_key VARCHAR(64) NOT NULL PRIMARY KEY,
      account_id CHAR(36) NOT NULL,
      time_table_train_set_id INT NOT NULL,
      travel_date DATE NOT NULL,
      car_id INT NOT NULL,
      seat_id INT NOT NULL,
      from_partner_id INT NOT NULL,
      to_partner_id INT NOT NULL,
      luggage_id INT NOT NULL,
      status VARCHAR(16) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      released_at DATETIME(3) NULL,
      KEY ix_hold_account_active (account_id, status, expires_at)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE train_seat_hold');
  }
}
