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

  /** Sum of this wallet's HELD holds: admitted spends whose debit is still to come. */
  @Column({ name: 'held_total', type: 'decimal', precision: 20, scale: 4 })
  heldTotal!: string;

  @Column({ name: 'overdraft_limit', type: 'decimal', precision: 20, scale: 4 })
  overdraftLimit!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
