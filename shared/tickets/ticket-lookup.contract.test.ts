import { Role } from '../auth/roles.types';
import type { Principal } from '../auth/token.service';
import { lookupContact, parseTicketLookup } from './ticket-lookup.contract';

const customer = { accountId: 'acc-1', role: Role.CUSTOMER } as Principal;
const admin = { accountId: 'acc-2', role: Role.ADMIN } as Principal;

describe('ticket lookup filters', () => {
  it('scopes customers to their own account and administrators to everyone', () => {
    expect(parseTicketLookup(customer, { ticketId: 'T1' })).toEqual({ filter: { ticketId: 'T1' }, accountId: 'acc-1' });
    expect(parseTicketLookup(admin, { ticketId: 'T1' })).toEqual({ filter: { ticketId: 'T1' }, accountId: null });
  });

  it('normalises email to lower case, phone to E.164 (national numbers as Tanzanian) and booking references to upper case', () => {
    expect(parseTicketLookup(customer, { email: ' Asha@Example.COM ', phoneNumber: '0712 345 678', bookingReference: 'abc123' }).filter).toEqual({
      email: 'asha@example.com',
      phone: '+255712345678',
      bookingReference: 'ABC123',
    });
    expect(parseTicketLookup(customer, { phoneNumber: '+254712345678' }).filter).toEqual({ phone: '+254712345678' });
  });

  it('refuses no filter at all, and lists every malformed one', () => {
    expect(() => parseTicketLookup(admin, {})).toThrow(expect.objectContaining({ errorCode: 'TICKET_LOOKUP_FILTER_REQUIRED', status: 400 }));
    expect(() => parseTicketLookup(admin, { email: '', ticketId: null })).toThrow(expect.objectContaining({ errorCode: 'TICKET_LOOKUP_FILTER_REQUIRED' }));
    try {
      parseTicketLookup(customer, { email: 'nope', phoneNumber: '12', paymentReference: 5 });
      throw new Error('should have thrown');
    } catch (error) {
      const refused = error as { status: number; data: { fields: Array<{ field: string }> } };
      expect(refused.status).toBe(400);
      expect(refused.data.fields.map((f) => f.field)).toEqual(['paymentReference', 'email', 'phoneNumber']);
    }
  });

  it('keeps contacts in the form the normalised filters compare with: email in lower case, both trimmed, absent as null', () => {
    expect(lookupContact(' Asha@Example.com ', ' +255712345678 ')).toEqual({ email: 'asha@example.com', phone: '+255712345678' });
    expect(lookupContact(undefined, '')).toEqual({ email: null, phone: null });
    const { filter } = parseTicketLookup(customer, { email: 'ASHA@example.com', phoneNumber: '0712345678' });
    expect(lookupContact('asha@EXAMPLE.com', '+255712345678')).toEqual({ email: filter.email, phone: filter.phone });
  });
});
