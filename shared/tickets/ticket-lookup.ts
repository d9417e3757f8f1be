import type { Principal } from '../auth/token.service';
import { isAdministrator } from '../auth/roles';
import { PlatformException } from '../errors/app-error';
import { Decimal, formatAmount } from '../money/money';
import { checkPhoneText, parseEmail, parsePhone } from '../validation/contact-fields';

/*
 * GET /api/ticket (OpenAPI `getTicket`): the filters every booking kind applies, and
 * the one row shape each kind answers in (docs/decisions.md "Ticket lookup" documents the REST body).
 */

export const TICKET_LOOKUP_FILTERS = ['ticketId', 'paymentReference', 'bookingReference', 'email', 'phoneNumber'] as const;
export type TicketLookupInput = Partial<Record<(typeof TICKET_LOOKUP_FILTERS)[number], unknown>>;

/** At most this many tickets per kind in one answer; `meta.truncated` says when more matched. */
export const TICKET_LOOKUP_LIMIT = 100;
/** Rows a kind reads: one more than it answers, to know whether more matched. */
export const TICKET_LOOKUP_READ = TICKET_LOOKUP_LIMIT + 1;

export interface TicketLookupFilter {
  ticketId?: string;
  paymentReference?: string;
  bookingReference?: string;
  /** Lower case. */
  email?: string;
  /** E.164. */
  phone?: string;
}

/** Who may see what: everyone their own bookings, administrators every booking. */
export interface TicketLookupScope {
  filter: TicketLookupFilter;
  /** null: any account (ADMIN, SUDO). */
  accountId: string | null;
}

/**
 * Validates the filters: at least one is required (a lookup is never a dump of every ticket), each is a short
 * string; email and phoneNumber are normalised (a national phone number is read as Tanzanian). All problems at once.
 */
export function parseTicketLookup(principal: Principal, input: TicketLookupInput): TicketLookupScope {
  const fields: Array<{ field: string; message: string }> = [];
  const filter: TicketLookupFilter = {};
  const text = (name: (typeof TICKET_LOOKUP_FILTERS)[number], max = 64): string | undefined => {
    const value = input[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || !value.trim() || value.trim().length > max) {
      fields.push({ field: name, message: `must be a non-empty string of at most ${max} characters` });
      return undefined;
    }
    return value.trim();
  };
  filter.ticketId = text('ticketId');
  filter.paymentReference = text('paymentReference');
  filter.bookingReference = text('bookingReference')?.toUpperCase();
  const email = text('email', 254);
  if (email !== undefined) {
    const parsed = parseEmail(email);
    if ('error' in parsed) fields.push({ field: 'email', message: parsed.error });
    else filter.email = parsed.value.toLowerCase();
  }
  const phone = text('phoneNumber');
  if (phone !== undefined) {
    const checked = checkPhoneText(phone);
    const parsed = 'error' in checked ? checked : parsePhone(checked.value.text, checked.value.international ? null : '255', false);
    if ('error' in parsed) fields.push({ field: 'phoneNumber', message: parsed.error });
    else filter.phone = parsed.value.e164;
  }
  if (fields.length) throw PlatformException.badRequest(`Invalid ticket lookup: ${fields.map((f) => f.field).join(', ')}`, { fields });
  for (const key of Object.keys(filter) as (keyof TicketLookupFilter)[]) if (filter[key] === undefined) delete filter[key];
  if (Object.keys(filter).length === 0) {
    throw new PlatformException('TICKET_LOOKUP_FILTER_REQUIRED', 400, `Give at least one of ${TICKET_LOOKUP_FILTERS.join(', ')}`, {
      fields: [{ field: 'ticketId', message: `at least one of ${TICKET_LOOKUP_FILTERS.join(', ')} is required` }],
    });
  }
  return { filter, accountId: isAdministrator(principal.role) ? null : principal.accountId };
}

/** One ticket as the lookup answers it, whatever its kind. */
export interface LookedUpTicket {
  kind: 'FLIGHT' | 'TRAIN' | 'BUS';
  /** The id that kind's own endpoints take: flight ticketId, train ticket uuid. */
  ticketId: string;
  /** The carrier's document number (airline e-ticket, SGR ticket number); null until issued where it comes with issuance. */
  ticketNumber: string | null;
  bookingReference: string | null;
  paymentReference: string;
  status: string;
  passengerName: string;
  email: string | null;
  phoneNumber: string | null;
  direction: 'OUTBOUND' | 'RETURN';
  fromCode: string;
  from: string;
  toCode: string;
  to: string;
  departureDate: string;
  departureTime: string;
  /** Flight validating carrier or train number. */
  carrier: string | null;
  /** How the passenger finds the seat: "Car 3, seat 12A" (train); null without a seat (flights). */
  seat: string | null;
  /** The currency of priceFare and pricePaid. */
  priceCurrency: string;
  /** The carrier's fare for this ticket, in the currency's decimals (flight: the passenger's fare for the whole journey). */
  priceFare: string;
  /** What the buyer pays for this ticket, booking fees included; null where payment is per booking (flight). */
  pricePaid: string | null;
  bookedAt: string;
  issuedAt: string | null;
}

/** An amount as the API writes it: the currency's decimals (TZS "24500", USD "171.00"), whatever the column's scale. */
export function lookupAmount(amount: string, currency: string): string {
  return formatAmount(new Decimal(amount), currency);
}

/** A train seat as the passenger finds it: car number and seat label; the label alone where the car number was not kept. */
export function seatName(carNumber: number | null, label: string): string | null {
  if (!label) return null;
  return carNumber === null ? `Seat ${label}` : `Car ${carNumber}, seat ${label}`;
}

/** What each kind answers: its matching tickets, newest booking first, and whether more matched than the limit. */
export interface TicketLookupAnswer {
  tickets: LookedUpTicket[];
  truncated: boolean;
}

/** A kind's answer from its rows that matched every filter, newest first. */
export function lookupAnswer<T>(matching: T[], toTicket: (row: T) => LookedUpTicket): TicketLookupAnswer {
  return { tickets: matching.slice(0, TICKET_LOOKUP_LIMIT).map(toTicket), truncated: matching.length > TICKET_LOOKUP_LIMIT };
}

/**
 * A passenger's contact as the lookup columns keep it (passenger_email, passenger_phone of each kind's ticket table):
 * the email in lower case, the phone as stored (E.164), both trimmed; null when absent. The lookup compares these
 * exactly with the normalised filters of parseTicketLookup.
 */
export function lookupContact(email: string | null | undefined, phone: string | null | undefined): { email: string | null; phone: string | null } {
  return { email: email?.trim().toLowerCase() || null, phone: phone?.trim() || null };
}
