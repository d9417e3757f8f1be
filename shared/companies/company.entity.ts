import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'company' })
export class CompanyEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  uuid!: string;

  @Column({ name: 'tin_number', type: 'varchar', length: 16, unique: true })
  tinNumber!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'trading_name', type: 'varchar', length: 200, nullable: true })
  tradingName!: string | null;

  /** Null for legacy companies registered before types existed. */
  @Column({ name: 'company_type', type: 'varchar', length: 32, nullable: true })
  companyType!: string | null;

  @Column({ name: 'phone_number', type: 'varchar', length: 20, nullable: true })
  phoneNumber!: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  website!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  region!: string | null;

  /** A calendar date, kept as the YYYY-MM-DD string it is. */
  @Column({ name: 'registered_at', type: 'date', nullable: true })
  registeredAt!: string | null;
}
