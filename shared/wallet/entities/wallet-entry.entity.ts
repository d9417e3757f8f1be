import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

export enum WalletEntryKind {
  CREDIT = 'CREDIT',
  DEBIT = 'DEBIT',
}

/** An immutable ledger line; (wallet, business key) is unique so a replay can never post twice. */
@Entity({ name: 'wallet_entry' })
@Unique('uq_wallet_entry_key', ['walletId', 'businessKey'])
export class WalletEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'wallet_id', type: 'char', length: 36 })
  walletId!: string;

  @Column({ name: 'business_key', type: 'varchar', length: 191 })
  businessKey!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: WalletEntryKind;

  @Column({ type: 'decimal', precision: 20, scale: 4 })
  amount!: string;

  @Column({ name: 'balance_after', type: 'decimal', precision: 20, scale: 4 })
  balanceAfter!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  note!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
