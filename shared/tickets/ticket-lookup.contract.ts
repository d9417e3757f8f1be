import type { Principal } from '../auth/token.service';
import { isAdministrator } from '../auth/roles.types';
import { Decimal, formatAmount } from '../money/money.calculator';
import { checkTicketLookup, ticketLookupInvalid, type TicketLookupFilter, type TicketLookupInput } from '../api-contract/ticket-lookup.validator';

/*
 * GET /api/ticket (OpenAPI `getTicket`): the filters every booking kind applies, and
 * the one row shape each kind answers in (docs/decisions.md "Ticket lookup" documents the REST body).
 */

/** The filters as the booking modules read them; checked by shared/api-contract/ticket-lookup.validator.ts. */
export type { TicketLookupFilter, TicketLookupInput };

/** At most this many tickets per kind in one answer; `meta.truncated` says when more matched. */
export const TICKET_LOOKUP_LIMIT = 100;
/** Rows a kind reads: one more than it answers, to know whether more matched. */
export const TICKET_LOOKUP_READ = TICKET_LOOKUP_LIMIT + 1;

/** Who may see what: everyone their own bookings, administrators every booking. */
export interface TicketLookupScope {
  filter: TicketLookupFilter;
  /** null: any account (ADMIN, SUDO). */
  accountId: string | null;
}

/**
 * The filters checked (shared/api-contract/ticket-lookup.validator.ts, the check the REST layer runs too) and whose
 * bookings the caller may see.
 */
export function parseTicketLookup(principal: Principal, input: TicketLookupInput): TicketLookupScope {
  const checked = checkTicketLookup(input);
  if ('problems' in checked) throw ticketLookupInvalid(checked.problems);
  return { filter: checked.filter, accountId: isAdministrator(principal.role) ? null : principal.accountId };
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

/** A ticket row as a kind reads it: with the booking it belongs to. */
export interface BookedTicketRow {
  reservation: { id: string; createdAt: Date };
}

/** What a booking kind brings to a lookup: its read, the order of one booking's tickets, and its row as a ticket. */
export interface TicketLookupKindReader<T extends BookedTicketRow> {
  /** At most `limit` rows matching every filter, of the scope's account (any account: null). */
  read(scope: TicketLookupScope, limit: number): Promise<T[]>;
  ticketOrder(a: T, b: T): number;
  toTicket(row: T): LookedUpTicket;
}

/**
 * A kind's answer: the filters checked, one more row read than answered (to tell `truncated`), newest booking first
 * (then by booking id, so bookings made in the same instant keep one order), each booking's tickets in the kind's order.
 */
export async function lookUpTickets<T extends BookedTicketRow>(
  principal: Principal,
  input: TicketLookupInput,
  kind: TicketLookupKindReader<T>,
): Promise<TicketLookupAnswer> {
  const scope = parseTicketLookup(principal, input);
  const matching = (await kind.read(scope, TICKET_LOOKUP_READ)).sort(
    (a, b) =>
      b.reservation.createdAt.getTime() - a.reservation.createdAt.getTime() || a.reservation.id.localeCompare(b.reservation.id) || kind.ticketOrder(a, b),
  );
  return { tickets: matching.slice(0, TICKET_LOOKUP_LIMIT).map((row) => kind.toTicket(row)), truncated: matching.length > TICKET_LOOKUP_LIMIT };
}

/**
 * A passenger's contact as the lookup columns keep it (passenger_email, passenger_phone of each kind's ticket table):
 * the email in lower case, the phone as stored (E.164), both trimmed; null when absent. The lookup compares these
 * exactly with the normalised filters of parseTicketLookup.
 */
export function lookupContact(email: string | null | undefined, phone: string | null | undefined): { email: string | null; phone: string | null } {
  return { email: email?.trim().toLowerCase() || null, phone: phone?.trim() || null };
}
