import { AppError } from '../../../shared/errors/app-error';

/** The flight domain's coded errors, with the HTTP status flight.md gives each. */
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
}
