import { randomUUID } from 'node:crypto';
import { checkCancellation, checkDirectIssue, checkIssueLookup, checkPaymentRequestId, checkPaymentStart, checkTicketId } from './flight-issuance.validator';

const fields = (checked: { problems: unknown[] } | object) => ('problems' in checked ? checked.problems : []);

describe('the flight issuance validator (REST and GraphQL alike)', () => {
  it('checks a ticketId: required, and the form reservations give it', () => {
    expect(fields(checkTicketId('  '))).toEqual([{ field: 'ticketId', message: 'is required' }]);
    expect(fields(checkTicketId('SF 1'))).toEqual([{ field: 'ticketId', message: 'must be 3 to 40 letters, digits and hyphens' }]);
    expect(checkTicketId(' SFABCDEF-1 ')).toEqual({ ticketId: 'SFABCDEF-1' });
  });

  it('lists every problem of a cancellation at once', () => {
    expect(fields(checkCancellation({}))).toEqual([{ field: 'reservationId', message: 'or ticketId is required' }]);
    expect(fields(checkCancellation({ reservationId: 'abc', ticketId: 7, reason: 'x'.repeat(501) }))).toEqual([
      { field: 'reservationId', message: 'must be a uuid' },
      { field: 'ticketId', message: 'must be 3 to 40 letters, digits and hyphens' },
      { field: 'reason', message: 'must be a string of at most 500 characters' },
    ]);
  });

  it('checks the issue lookup, and a direct issuance with any recovery member as a recovery', () => {
    expect(fields(checkIssueLookup({ paymentReference: 'x'.repeat(33) }))).toEqual([
      { field: 'paymentReference', message: 'must be a string of at most 32 characters' },
    ]);
    expect(checkDirectIssue({ ticketId: 'SFABCDEF-1' })).toEqual({ lookup: { paymentReference: null, ticketId: 'SFABCDEF-1' } });
    expect(fields(checkDirectIssue({ sourceTicketId: 'SFBBBBBB-1', reconciliationOperationId: 'op-1' }))).toEqual([
      { field: 'paymentRequestId', message: 'is required for cancelled-payment recovery' },
      { field: 'ticketId', message: 'is required for cancelled-payment recovery' },
      { field: 'reconciliationOperationId', message: 'must be a uuid' },
    ]);
    const operation = randomUUID();
    const payment = randomUUID();
    expect(checkDirectIssue({ sourceTicketId: 'SFBBBBBB-1', ticketId: 'SFAAAAAA-1', paymentRequestId: payment, reconciliationOperationId: operation })).toEqual(
      {
        recovery: { sourceTicketId: 'SFBBBBBB-1', ticketId: 'SFAAAAAA-1', paymentRequestId: payment, operationId: operation, paymentReference: null },
      },
    );
  });

  it('checks a payment start against the provider’s methods, or only its form without them', () => {
    expect(fields(checkPaymentStart({ paymentReference: 'x'.repeat(33), method: 'CHEQUE' }, ['CARD']))).toEqual([
      { field: 'paymentReference', message: 'must be a string of at most 32 characters' },
      { field: 'method', message: 'must be one of CARD' },
    ]);
    expect(fields(checkPaymentStart({ method: 5 }))).toEqual([
      { field: 'paymentReference', message: 'is required' },
      { field: 'method', message: 'must be a string of at most 32 characters' },
    ]);
    expect(checkPaymentStart({ paymentReference: 'SFP1', method: ' card ' }, ['CARD'])).toEqual({ paymentReference: 'SFP1', method: 'CARD', phone: null });
    // The payer's number: a mobile number, "+…" in its own country, otherwise Tanzanian; a landline or junk is refused.
    expect(checkPaymentStart({ paymentReference: 'SFP1', method: 'MOBILE_MONEY', phoneNumber: '0712 345 678' }, ['MOBILE_MONEY'])).toEqual({
      paymentReference: 'SFP1',
      method: 'MOBILE_MONEY',
      phone: { e164: '+255712345678', country: 'TZ' },
    });
    expect(checkPaymentStart({ paymentReference: 'SFP1', method: 'MOBILE_MONEY', phoneNumber: '+254712345678' }, ['MOBILE_MONEY'])).toMatchObject({
      phone: { country: 'KE' },
    });
    for (const phoneNumber of ['+255222111111', 'call me', '1'.repeat(40), 712345678]) {
      expect(
        fields(checkPaymentStart({ paymentReference: 'SFP1', method: 'MOBILE_MONEY', phoneNumber }, ['MOBILE_MONEY'])).map(
          (p) => (p as { field: string }).field,
        ),
      ).toEqual(['phoneNumber']);
    }
    expect(fields(checkPaymentRequestId('nope'))).toEqual([{ field: 'paymentRequestId', message: 'must be a uuid' }]);
  });
});
