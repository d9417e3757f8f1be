import type { AppError } from '../../../shared/errors/app-error.exception';
import { checkInput } from '../rest-input.validator';
import type { RestRequest, RestRoute } from '../rest-route.types';
import { trainRoutes } from './train.routes';
import { trainDocumentRoutes } from './train-document.routes';
import { trainPaymentRoutes } from './train-payment.routes';
import { trainResendRoutes } from './train-resend.routes';

/** The error the route's input check answers, or null when the request passes. */
function refusal(route: RestRoute, request: Partial<RestRequest>): ReturnType<AppError['toBody']> | null {
  try {
    checkInput(route.contract!, { params: {}, query: new URLSearchParams(), body: undefined, headers: {}, ...request });
    return null;
  } catch (error) {
    return (error as AppError).toBody();
  }
}

const route = (routes: RestRoute[], path: string) => routes.find((r) => r.path === path)!;
const search = route(trainRoutes, '/api/trip/train/search');
const hold = route(trainRoutes, '/api/trip/train/seat/hold');
const document = route(trainDocumentRoutes, '/api/trip/train/ticket/document/generate');
const resend = route(trainResendRoutes, '/api/trip/train/send-notification');
const mobileMoney = route(trainPaymentRoutes, '/api/trip/train/payments/mobile-money');

describe('train REST input contracts', () => {
  it("search: a missing or blank from, to or date is the spec's FROM_STOP_ID_REQUIRED; lookAheadDays other than 1, 2, 3 is BAD_REQUEST", () => {
    expect(refusal(search, { query: new URLSearchParams({ from: ' ', to: 'DOD:SGR:0' }) })).toEqual({
      errorCode: 'FROM_STOP_ID_REQUIRED',
      errorMessage: 'from, to and date are required (missing: from, date)',
      status: 400,
      data: {
        fields: [
          { field: 'from', message: 'is required' },
          { field: 'date', message: 'is required' },
        ],
      },
      error: {},
    });
    const base = { from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: '2026-12-01' };
    expect(refusal(search, { query: new URLSearchParams({ ...base, lookAheadDays: '4' }) })).toMatchObject({
      errorCode: 'BAD_REQUEST',
      data: { fields: [{ field: 'lookAheadDays' }] },
    });
    for (const lookAheadDays of ['1', '2', '3']) expect(refusal(search, { query: new URLSearchParams({ ...base, lookAheadDays }) })).toBeNull();
  });

  it('hold: the seat is a number or a numeric string; a value of the wrong type reads "must be …", not "is required"', () => {
    const body = { departureStopPartnerId: 101, arrivalStopPartnerId: 111, timeTableTrainSetId: 3394101, carId: 410101 };
    expect(refusal(hold, { body: { ...body, seat: '4015' } })).toBeNull();
    expect(refusal(hold, { body: { ...body, seat: 4015 } })).toBeNull();
    expect(refusal(hold, { body: { ...body, seat: '99999999999' } })?.data).toEqual({
      field: 'seat',
      fields: [{ field: 'seat', message: 'must be a seat id (a whole number)' }],
    });
    expect(refusal(hold, { body: { ...body, carId: '410101', seat: 4015 } })?.data?.fields).toEqual([{ field: 'carId', message: 'must be a number' }]);
    expect(refusal(hold, { body: { seat: 4015 } })?.data?.fields).toEqual(
      ['departureStopPartnerId', 'arrivalStopPartnerId', 'timeTableTrainSetId', 'carId'].map((field) => ({ field, message: 'is required (number)' })),
    );
  });

  it('document: exactly one of paymentReference and ticketId (a blank one counts as absent)', () => {
    const queries: Array<Record<string, string>> = [{}, { paymentReference: 'SGRPX', ticketId: 'T' }, { paymentReference: ' ' }];
    for (const query of queries)
      expect(refusal(document, { query: new URLSearchParams(query) })).toMatchObject({ errorCode: 'BAD_REQUEST', data: { field: 'selector' } });
    expect(refusal(document, { query: new URLSearchParams({ ticketId: 'T', paymentReference: '' }) })).toBeNull();
  });

  it('send-notification: one 400 lists the selector problem with the member problems', () => {
    expect(refusal(resend, { body: { notificationChannels: ['EMAIL', 'SMS'], messageType: 'TICKET' } })?.data?.fields).toEqual([
      { field: 'notificationChannels[1]', message: expect.any(String) },
      { field: 'messageType', message: expect.any(String) },
      { field: 'selector', message: 'give exactly one of paymentReference, pnr, ticketNumber, trainTicketUuids' },
    ]);
    expect(refusal(resend, { body: { pnr: 42 } })?.data?.fields).toEqual([{ field: 'pnr', message: 'must be a string' }]);
    expect(refusal(resend, { body: { pnr: 'ABC123', emailType: 'anything' } })).toBeNull();
  });

  it('payments: the rail ids are those of the train subgraph, in any case; problems are SGR_PAYMENT_INVALID', () => {
    expect(refusal(mobileMoney, { body: { paymentReference: 'SGRPX', rail: 'mpesa_tz', phoneNumber: '0712345678' } })).toBeNull();
    expect(refusal(mobileMoney, { body: { paymentReference: 'SGRPX', rail: 'MPESA_XX', phoneNumber: '0712345678', total: '5' } })).toMatchObject({
      errorCode: 'SGR_PAYMENT_INVALID',
      data: { fields: [{ field: 'total' }, { field: 'rail' }] },
    });
  });
});
