import { AppError } from '../../../shared/errors/app-error.exception';

/** The flight domain's coded errors, with the HTTP status the OpenAPI document lists for each. */
export class FlightException extends AppError {
  static invalidRequest(message: string, fields: Array<{ field: string; message: string }>): FlightException {
    return new FlightException('BAD_REQUEST', 400, message, { fields });
  }
  static searchUnavailable(retryable: boolean): FlightException {
    return new FlightException(
      'FLIGHT_SEARCH_UNAVAILABLE',
      502,
      retryable ? 'Flight search is temporarily unavailable; retry with growing waits' : 'Flight search is unavailable for this request; do not retry',
      { retryable },
    );
  }
  static invalidResponse(): FlightException {
    return new FlightException('FLIGHT_INVALID_RESPONSE', 502, 'The flight supplier answered with an invalid response', { retryable: false });
  }
  static supplierCurrencyUnavailable(currency: string): FlightException {
    return new FlightException('FLIGHT_SUPPLIER_CURRENCY_UNAVAILABLE', 502, `Prices cannot be given in ${currency} for this offer`, {
      currency,
      retryable: false,
    });
  }
  static storeUnavailable(what: 'search cache' | 'offer storage'): FlightException {
    return new FlightException('FLIGHT_STORAGE_UNAVAILABLE', 503, `The flight ${what} is temporarily unavailable; retry shortly`, {
      retryable: true,
    });
  }
  static offerNotFound(): FlightException {
    return new FlightException('FLIGHT_OFFER_NOT_FOUND', 404, 'No offer with this offerReference for your account');
  }
  static offerExpired(data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_OFFER_EXPIRED', 410, 'This offer has expired; search again', data);
  }
  static reservationNotFound(): FlightException {
    return new FlightException('FLIGHT_RESERVATION_NOT_FOUND', 404, 'No flight reservation or ticket with this reference');
  }
  static reservationExpired(data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_RESERVATION_EXPIRED', 410, 'The payment deadline of this reservation has passed', data);
  }
  static requestConflict(message: string, data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_RESERVATION_REQUEST_CONFLICT', 409, message, data);
  }
  static passengerDataInvalid(fields: Array<{ travelerId: string; field: string; message: string }>): FlightException {
    return new FlightException(
      'FLIGHT_PASSENGER_DATA_INVALID',
      422,
      `Correct every listed passenger field and resend (${fields.length} problem${fields.length === 1 ? '' : 's'})`,
      { fields },
    );
  }
  static additionalInformationRequired(fields: Array<{ travelerId: string; field: string; message: string }>, bookingRequirements: object): FlightException {
    return new FlightException(
      'FLIGHT_ADDITIONAL_INFORMATION_REQUIRED',
      422,
      'The airline needs more traveler details: resend the same request with the listed fields added',
      { fields, bookingRequirements },
    );
  }
  static priceChanged(data: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_PRICE_CHANGED', 409, 'The price changed: ask the traveler, then resend with priceAcceptance', data);
  }
  static repriceUnavailable(): FlightException {
    return new FlightException('FLIGHT_REPRICE_UNAVAILABLE', 409, 'The airline could not confirm the price right now; retry shortly', { retryable: true });
  }
  static reservationFailed(message = 'The airline refused the reservation'): FlightException {
    return new FlightException('FLIGHT_RESERVATION_FAILED', 409, message, { retryable: false });
  }
  static inProgress(data: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_RESERVATION_IN_PROGRESS', 202, 'Still being handled: wait and send the same request again', {
      retryable: true,
      ...data,
    });
  }
  static walletAdmissionFailed(data: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_WALLET_ADMISSION_FAILED', 409, 'The wallet balance does not cover this purchase', data);
  }
  static issuanceFailed(message: string): FlightException {
    return new FlightException('FLIGHT_ISSUANCE_FAILED', 409, message, { retryable: false });
  }
  static notCancellable(message: string, data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_RESERVATION_NOT_CANCELLABLE', 409, message, data);
  }
  static paymentNotConfirmed(): FlightException {
    return new FlightException('PAYMENT_NOT_CONFIRMED', 409, 'No confirmed payment matches this reservation');
  }
  static notIssuable(status: string, data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_RESERVATION_NOT_ISSUABLE', 409, `This reservation is ${status} and cannot be issued`, { status, ...data });
  }
  static paymentNotFound(): FlightException {
    return new FlightException('FLIGHT_PAYMENT_NOT_FOUND', 404, 'No flight payment request with this id');
  }
  static paymentDeclined(data: Record<string, unknown>): FlightException {
    return new FlightException('PAYMENT_DECLINED', 402, 'The payment provider declined this payment; start a new payment', data);
  }
  static paymentConflict(message: string, data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_PAYMENT_CONFLICT', 409, message, data);
  }
  static recoveryConflict(message: string, data?: Record<string, unknown>): FlightException {
    return new FlightException('FLIGHT_PAYMENT_RECOVERY_CONFLICT', 409, message, data);
  }
}
