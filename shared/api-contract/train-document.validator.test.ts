import { checkTrainDocumentSelector } from './train-document.validator';

describe('the ticket document validator (REST and GraphQL alike)', () => {
  it('answers the one selector given, trimmed; a blank one counts as absent', () => {
    expect(checkTrainDocumentSelector({ paymentReference: ' SGRP1 ', ticketId: null })).toEqual({ selector: { paymentReference: 'SGRP1', ticketId: null } });
    expect(checkTrainDocumentSelector({ paymentReference: '', ticketId: 'T-1' })).toEqual({ selector: { paymentReference: null, ticketId: 'T-1' } });
  });

  it('none, both, or a blank one alone is one selector problem', () => {
    for (const input of [{}, { paymentReference: 'SGRP1', ticketId: 'T-1' }, { paymentReference: ' ' }])
      expect(checkTrainDocumentSelector(input)).toEqual({ problems: [{ field: 'selector', message: 'give exactly one of paymentReference or ticketId' }] });
  });

  it('bounds each selector, listed with the selector problem', () => {
    expect(checkTrainDocumentSelector({ paymentReference: 'X'.repeat(65), ticketId: 'T-1' })).toEqual({
      problems: [
        { field: 'paymentReference', message: 'must be at most 64 characters' },
        { field: 'selector', message: 'give exactly one of paymentReference or ticketId' },
      ],
    });
  });
});
