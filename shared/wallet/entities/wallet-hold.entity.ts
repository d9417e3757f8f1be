import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

export enum WalletHoldStatus {
  /** Admitted: counted against the wallet until captured by its debit or released. */
  HELD = 'HELD',
  /** Its debit was posted (same business key): no longer counted. */
  CAPTURED = 'CAPTURED',
  /** Given back without a debit (issuance refused, booking cancelled): no longer counted. */
  RELEASED = 'RELEASED',
}

/**
 * An admitted spend not yet debited. The wallet row keeps the sum of HELD amounts (held_total), so one
 * row lock decides every admission: balance − held − amount ≥ −overdraft.
 */
@Entity({ name: 'wallet_hold' })
@Unique('uq_wallet_hold_key', ['walletId', 'businessKey'])
export class WalletHoldEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'wallet_id', type: 'char', length: 36 })
  walletId!: string;

  @Column({ name: 'business_key', type: 'varchar', length: 191 })
  businessKey!: string;

  @Column({ type: 'decimal', precision: 20, scale: 4 })
  amount!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: WalletHoldStatus;

  @Column({ type: 'varchar', length: 255, nullable: true })
  note!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'settled_at', type: 'datetime', precision: 3, nullable: true })
  settledAt!: Date | null;
}
