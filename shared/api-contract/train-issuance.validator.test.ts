import { checkTrainIssuanceRead, checkTrainPaymentReference } from './train-issuance.validator';

describe('the train issuance validator (REST and GraphQL alike)', () => {
  it('bounds the payment reference; a blank or unknown one is left to the lookup', () => {
    expect(checkTrainPaymentReference('SGRP1')).toEqual([]);
    expect(checkTrainPaymentReference('')).toEqual([]);
    expect(checkTrainPaymentReference('X'.repeat(65))).toEqual([{ field: 'paymentReference', message: 'must be at most 64 characters' }]);
  });

  it('a status read: the quote currency as an upper-case code, or none; every problem at once', () => {
    expect(checkTrainIssuanceRead({ paymentReference: 'SGRP1', currency: ' usd ' })).toEqual({ currency: 'USD' });
    expect(checkTrainIssuanceRead({ paymentReference: 'SGRP1', currency: '' })).toEqual({ currency: null });
    expect(checkTrainIssuanceRead({ paymentReference: 'SGRP1' })).toEqual({ currency: null });
    expect(checkTrainIssuanceRead({ paymentReference: 'X'.repeat(65), currency: 'DOLLARS' })).toEqual({
      problems: [
        { field: 'paymentReference', message: 'must be at most 64 characters' },
        { field: 'currency', message: 'must be an ISO 4217 code such as USD' },
      ],
    });
  });
});
