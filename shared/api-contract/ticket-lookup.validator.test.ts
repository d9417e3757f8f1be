import { checkTicketLookup, ticketLookupInvalid } from './ticket-lookup.validator';

const problems = (checked: ReturnType<typeof checkTicketLookup>) => ('problems' in checked ? checked.problems : []);

describe('the ticket lookup validator (REST and GraphQL alike)', () => {
  it('bounds every filter, and codes a lookup without any filter apart from malformed ones', () => {
    const malformed = problems(checkTicketLookup({ ticketId: 'x'.repeat(65), email: 'nope' }));
    expect(malformed.map((p) => p.field)).toEqual(['ticketId', 'email']);
    expect(malformed[0].message).toBe('must be a non-empty string of at most 64 characters');
    expect(ticketLookupInvalid(malformed)).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, data: { fields: malformed } });

    const none = problems(checkTicketLookup({ email: '', ticketId: null }));
    expect(ticketLookupInvalid(none)).toMatchObject({ errorCode: 'TICKET_LOOKUP_FILTER_REQUIRED', status: 400, data: { fields: none } });
  });

  it('answers the filter normalised', () => {
    expect(checkTicketLookup({ bookingReference: ' abc123 ', phoneNumber: '0712 345 678' })).toEqual({
      filter: { bookingReference: 'ABC123', phone: '+255712345678' },
    });
  });
});
