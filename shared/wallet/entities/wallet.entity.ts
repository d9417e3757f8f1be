import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'wallet' })
export class WalletEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'char', length: 36, unique: true })
  accountId!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  /** DECIMAL, read as a string: never a float. */
  @Column({ type: 'decimal', precision: 20, scale: 4 })
  balance!: string;

  @Column({ name: 'overdraft_limit', type: 'decimal', precision: 20, scale: 4 })
  overdraftLimit!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
