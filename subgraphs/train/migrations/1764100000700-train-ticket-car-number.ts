import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The car's number in the train (the provider's orderNo, painted on the car) beside the provider's internal car id:
 * a passenger finds "Car 3, seat 12A", not car 101003. Tickets stored before this have none (NULL): the provider's
 * car id does not give the number back, and the train may no longer be sold.
 */
export class TrainTicketCarNumber1764100000700 implements MigrationInterface {
  name = 'TrainTicketCarNumber1764100000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_ticket ADD COLUMN car_number INT NULL AFTER car_id');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE train_ticket DROP COLUMN car_number');
  }
}
