import { MigrationInterface, QueryRunner } from 'typeorm';

export class Company1763800000100 implements MigrationInterface {
  name = 'Company1763800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE company (
      uuid CHAR(36) NOT NULL PRIMARY KEY,
      tin_number VARCHAR(16) NOT NULL,
      name VARCHAR(200) NOT NULL,
      trading_name VARCHAR(200) NULL,
      company_type VARCHAR(32) NULL,
      phone_number VARCHAR(20) NULL,
      email VARCHAR(254) NULL,
      website VARCHAR(200) NULL,
      region VARCHAR(100) NULL,
      registered_at DATE NULL,
      UNIQUE KEY uq_company_tin (tin_number)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE company');
  }
}
