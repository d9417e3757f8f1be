import { AppError } from '../../../shared/errors/app-error.exception';

/** The agent issue / issuance status endpoints' coded errors. */
export class TrainIssuanceException extends AppError {
  static notFound(paymentReference: string): TrainIssuanceException {
    return new TrainIssuanceException('SGR_RESERVATION_NOT_FOUND', 404, `No train reservation ${paymentReference}`);
  }
  static notOwner(): TrainIssuanceException {
    return new TrainIssuanceException('FORBIDDEN', 403, 'This reservation belongs to another account');
  }
  static agentsOnly(): TrainIssuanceException {
    return new TrainIssuanceException('FORBIDDEN', 403, 'Issuing from a wallet needs an agent account');
  }
  static invalidCallbackUrl(message: string): TrainIssuanceException {
    return new TrainIssuanceException('SGR_CALLBACK_URL_INVALID', 400, message, { field: 'callbackUrl' });
  }
  /** The issuance validator's problems (shared/api-contract/train-issuance.validator.ts), as the REST routes answer them too. */
  static invalid(fields: Array<{ field: string; message: string }>): TrainIssuanceException {
    return new TrainIssuanceException('BAD_REQUEST', 400, fields.map((f) => `"${f.field}" ${f.message}`).join('; '), { fields });
  }
  static callbackConflict(): TrainIssuanceException {
    return new TrainIssuanceException(
      'SGR_ISSUANCE_CALLBACK_CONFLICT',
      409,
      'Issuance was already requested for this reservation with a different callbackUrl; repeat it with the same one',
    );
  }
  static notIssuable(status: string, message: string): TrainIssuanceException {
    return new TrainIssuanceException('SGR_RESERVATION_NOT_ISSUABLE', 409, message, { status });
  }
  static expired(data: Record<string, unknown>): TrainIssuanceException {
    return new TrainIssuanceException('SGR_RESERVATION_EXPIRED', 410, 'The reservation payment window has ended; reserve again', data);
  }
  static noWallet(): TrainIssuanceException {
    return new TrainIssuanceException('SGR_AGENT_WALLET_NOT_FOUND', 409, 'This agent account has no wallet');
  }
  static walletCurrency(walletCurrency: string, currency: string): TrainIssuanceException {
    return new TrainIssuanceException('SGR_AGENT_WALLET_CURRENCY_MISMATCH', 409, `The wallet is in ${walletCurrency}; SGR tickets are paid in ${currency}`);
  }
  static insufficient(data: Record<string, unknown>): TrainIssuanceException {
    return new TrainIssuanceException(
      'SGR_AGENT_INSUFFICIENT_BALANCE',
      402,
      'The wallet balance, after this and other pending ticket debits, would fall below the permitted overdraft; top up and repeat the call before the reservation expires',
      { retryable: true, ...data },
    );
  }
}
