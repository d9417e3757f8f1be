import { AppError } from '../../../shared/errors/app-error.exception';
import { depositInvalidMessage } from '../../../shared/api-contract/train-deposit.validator';

export interface PaymentFieldError {
  field: string;
  message: string;
}

/** SGR online payment errors (docs/train-payments.md lists each with its HTTP status). */
export class TrainPaymentException extends AppError {
  static invalid(fields: PaymentFieldError[]): TrainPaymentException {
    return new TrainPaymentException('SGR_PAYMENT_INVALID', 400, depositInvalidMessage(fields), { fields });
  }
  static reservationNotFound(paymentReference: string): TrainPaymentException {
    return new TrainPaymentException('SGR_RESERVATION_NOT_FOUND', 404, `No train reservation ${paymentReference}`);
  }
  static paymentNotFound(): TrainPaymentException {
    return new TrainPaymentException('SGR_PAYMENT_NOT_FOUND', 404, 'No train payment with this id');
  }
  static notOwner(): TrainPaymentException {
    return new TrainPaymentException('FORBIDDEN', 403, 'This reservation belongs to another account');
  }
  static confirmersOnly(): TrainPaymentException {
    return new TrainPaymentException('FORBIDDEN', 403, 'Confirming a payment needs admin, sudo or internal payment-service authorization');
  }
  static notPayable(status: string, message: string): TrainPaymentException {
    return new TrainPaymentException('SGR_RESERVATION_NOT_PAYABLE', 409, message, { status });
  }
  static expired(data: Record<string, unknown>): TrainPaymentException {
    return new TrainPaymentException('SGR_RESERVATION_EXPIRED', 410, 'The reservation payment window has ended; reserve again', data);
  }
  static conflict(message: string, data: Record<string, unknown>): TrainPaymentException {
    return new TrainPaymentException('SGR_PAYMENT_CONFLICT', 409, message, data);
  }
  static currencyUnavailable(currency: string, payableCurrencies: string[]): TrainPaymentException {
    return new TrainPaymentException(
      'SGR_PAYMENT_CURRENCY_UNAVAILABLE',
      422,
      `${currency} cannot be quoted for this reservation; pay in one of ${payableCurrencies.join(', ')}`,
      {
        currency,
        payableCurrencies,
      },
    );
  }
  static unsupportedByMno(message: string, data: Record<string, unknown>): TrainPaymentException {
    return new TrainPaymentException('SGR_PAYMENT_CURRENCY_UNSUPPORTED_BY_MNO', 422, message, data);
  }
  static amountMismatch(data: Record<string, unknown>): TrainPaymentException {
    return new TrainPaymentException(
      'SGR_PAYMENT_AMOUNT_MISMATCH',
      422,
      'The charge is below the quote; send the quote plus the processing fee (or omit the amount to charge the quote)',
      data,
    );
  }
  static feeTooHigh(data: Record<string, unknown>): TrainPaymentException {
    return new TrainPaymentException('SGR_PAYMENT_FEE_TOO_HIGH', 422, 'The processing fee (charge minus quote) is above 10% of the quote', data);
  }
  static declined(data: Record<string, unknown>): TrainPaymentException {
    return new TrainPaymentException(
      'SGR_PAYMENT_DECLINED',
      402,
      'The payment provider declined the charge; start a new payment, possibly with another method',
      data,
    );
  }
}
