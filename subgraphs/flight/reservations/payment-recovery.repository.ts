import type { DataSource, EntityManager } from 'typeorm';

export type RecoveryState = 'RESERVED' | 'ISSUED' | 'REFUND_REQUIRED';

/** A flight_payment_recovery row: one applied reconciliationOperationId and what it moved. */
export interface PaymentRecoveryRow {
  reconciliation_operation_id: string;
  payment_id: string;
  source_reservation_id: string;
  source_ticket_id: string;
  replacement_reservation_id: string;
  replacement_ticket_id: string;
  previous_payment_reference: string;
  previous_payment_status: string;
  state: RecoveryState;
  applied_by: string;
  created_at: Date;
  updated_at: Date;
}

/** The audit row of one recovery as written. */
export type NewPaymentRecovery = Omit<PaymentRecoveryRow, 'created_at' | 'updated_at'>;

/** SQL for flight_payment_recovery, one row per applied reconciliation operation (its primary key). */
export class PaymentRecoveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async byOperation(operationId: string, m: EntityManager = this.dataSource.manager): Promise<PaymentRecoveryRow | null> {
    const [row] = await m.query<PaymentRecoveryRow[]>('SELECT * FROM flight_payment_recovery WHERE reconciliation_operation_id = ?', [operationId]);
    return row ?? null;
  }

  /** Writes the audit row; with `ignoreDuplicate`, a row already there for the operation stays as it is. */
  async insert(m: EntityManager, row: NewPaymentRecovery, now: Date, ignoreDuplicate: boolean): Promise<void> {
    await m.query(
      `${ignoreDuplicate ? 'INSERT IGNORE' : 'INSERT'} INTO flight_payment_recovery (reconciliation_operation_id, payment_id, source_reservation_id,
         source_ticket_id, replacement_reservation_id, replacement_ticket_id, previous_payment_reference, previous_payment_status, state, applied_by,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.reconciliation_operation_id,
        row.payment_id,
        row.source_reservation_id,
        row.source_ticket_id,
        row.replacement_reservation_id,
        row.replacement_ticket_id,
        row.previous_payment_reference,
        row.previous_payment_status,
        row.state,
        row.applied_by,
        now,
        now,
      ],
    );
  }

  /** A RESERVED recovery whose replacement is now issued. */
  async markIssued(operationId: string, now: Date): Promise<void> {
    await this.dataSource.query(
      "UPDATE flight_payment_recovery SET state = 'ISSUED', updated_at = ? WHERE reconciliation_operation_id = ? AND state = 'RESERVED'",
      [now, operationId],
    );
  }
}
