import { checkTrainDeposit, checkTrainPaymentId } from './train-deposit.validator';

const fields = (checked: ReturnType<typeof checkTrainDeposit>) => ('problems' in checked ? checked.problems : []);

describe('the train deposit validator (REST and GraphQL alike)', () => {
  it('lists every problem at once, in member order, whatever JSON types were sent', () => {
    expect(fields(checkTrainDeposit('CARD', { currency: 12, cardToken: null, amount: '5' })).map((p) => p.field)).toEqual([
      'paymentReference',
      'currency',
      'amount',
      'cardToken',
    ]);
    expect(fields(checkTrainDeposit('MOBILE_MONEY', { paymentReference: 'SGRP1', rail: 'MPESA_XX', phoneNumber: '0712345678', total: '5' }))).toEqual([
      { field: 'total', message: 'is not a field of the mobile-money deposit; send "amount"' },
      { field: 'rail', message: '"MPESA_XX" is not a mobile money rail (see docs/train-payments.md)' },
    ]);
  });

  it('names a missing member as every REST body does, and an empty one as required', () => {
    expect(fields(checkTrainDeposit('MOBILE', { paymentReference: 'SGRP1' }))).toEqual([{ field: 'phoneNumber', message: 'is required (string)' }]);
    expect(fields(checkTrainDeposit('MOBILE', { paymentReference: 'SGRP1', phoneNumber: '  ' }))).toEqual([{ field: 'phoneNumber', message: 'is required' }]);
  });

  it('bounds every text, the payer number included', () => {
    expect(fields(checkTrainDeposit('MOBILE', { paymentReference: 'SGRP1', phoneNumber: '0'.repeat(33) }))).toEqual([
      { field: 'phoneNumber', message: 'must be a string of at most 32 characters' },
    ]);
    expect(fields(checkTrainDeposit('CARD', { paymentReference: 'x'.repeat(33), cardToken: 't' }))).toEqual([
      { field: 'paymentReference', message: 'must be a string of at most 32 characters' },
    ]);
  });

  it('answers the normalised deposit: currency upper case, amount as text, rail by id in any case, the payer in E.164', () => {
    const checked = checkTrainDeposit('MOBILE_MONEY', {
      paymentReference: ' SGRP1 ',
      currency: 'kes',
      amount: 1200,
      rail: 'mpesa_ke',
      phoneNumber: '0712 345 678',
    });
    expect('deposit' in checked && checked.deposit).toMatchObject({
      paymentReference: 'SGRP1',
      currency: 'KES',
      requested: '1200',
      rail: { id: 'MPESA_KE' },
      phone: { e164: '+254712345678', country: 'KE' },
    });
  });

  it('takes a payment id as a uuid in any case', () => {
    expect(checkTrainPaymentId(' 0A1B2C3D-0000-4000-8000-000000000000 ')).toEqual({ paymentId: '0a1b2c3d-0000-4000-8000-000000000000' });
    expect(checkTrainPaymentId('not-a-uuid')).toEqual({ problems: [{ field: 'paymentId', message: 'must be a uuid' }] });
  });
});
