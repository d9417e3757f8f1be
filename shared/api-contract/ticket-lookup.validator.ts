import { PlatformException } from '../errors/app-error.exception';
import { checkPhoneText, parseEmail, parsePhone } from '../validation/contact-fields.validator';

/*
 * The one check of a ticket lookup's filters (OpenAPI `getTicket`; GraphQL `flightTicketLookup`, `trainTicketLookup`).
 * The REST layer runs it on the query string before any GraphQL runs and each booking subgraph on its lookup's
 * arguments, so both answer one 400 with the same code and fields in the same words.
 */

export const TICKET_LOOKUP_FILTERS = ['ticketId', 'paymentReference', 'bookingReference', 'email', 'phoneNumber'] as const;
export type TicketLookupInput = Partial<Record<(typeof TICKET_LOOKUP_FILTERS)[number], unknown>>;

/** The longest text each filter may hold; the REST document states the same numbers. */
export const TICKET_LOOKUP_MAX_LENGTH = { ticketId: 64, paymentReference: 64, bookingReference: 64, email: 254, phoneNumber: 64 } as const;

export interface TicketLookupFilter {
  ticketId?: string;
  paymentReference?: string;
  bookingReference?: string;
  /** Lower case. */
  email?: string;
  /** E.164. */
  phone?: string;
}

export interface TicketLookupProblem {
  field: string;
  message: string;
}

/** The one problem of a lookup without any filter: a lookup is never a dump of every ticket. */
const NO_FILTER: TicketLookupProblem = { field: 'ticketId', message: `at least one of ${TICKET_LOOKUP_FILTERS.join(', ')} is required` };

/**
 * At least one filter is required, each a short string; email and phoneNumber are normalised (a national phone number
 * is read as Tanzanian). Every problem at once, in filter order; or the filter.
 */
export function checkTicketLookup(input: TicketLookupInput): { filter: TicketLookupFilter } | { problems: TicketLookupProblem[] } {
  const problems: TicketLookupProblem[] = [];
  const filter: TicketLookupFilter = {};
  const text = (name: (typeof TICKET_LOOKUP_FILTERS)[number]): string | undefined => {
    const value = input[name];
    const max = TICKET_LOOKUP_MAX_LENGTH[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || !value.trim() || value.trim().length > max) {
      problems.push({ field: name, message: `must be a non-empty string of at most ${max} characters` });
      return undefined;
    }
    return value.trim();
  };
  filter.ticketId = text('ticketId');
  filter.paymentReference = text('paymentReference');
  filter.bookingReference = text('bookingReference')?.toUpperCase();
  const email = text('email');
  if (email !== undefined) {
    const parsed = parseEmail(email);
    if ('error' in parsed) problems.push({ field: 'email', message: parsed.error });
    else filter.email = parsed.value.toLowerCase();
  }
  const phone = text('phoneNumber');
  if (phone !== undefined) {
    const checked = checkPhoneText(phone);
    const parsed = 'error' in checked ? checked : parsePhone(checked.value.text, checked.value.international ? null : '255', false);
    if ('error' in parsed) problems.push({ field: 'phoneNumber', message: parsed.error });
    else filter.phone = parsed.value.e164;
  }
  if (problems.length) return { problems };
  for (const key of Object.keys(filter) as (keyof TicketLookupFilter)[]) if (filter[key] === undefined) delete filter[key];
  return Object.keys(filter).length ? { filter } : { problems: [NO_FILTER] };
}

/** The error of a refused lookup: TICKET_LOOKUP_FILTER_REQUIRED without any filter, otherwise BAD_REQUEST naming each. */
export function ticketLookupInvalid(problems: TicketLookupProblem[]): PlatformException {
  if (problems.length === 1 && problems[0].field === NO_FILTER.field && problems[0].message === NO_FILTER.message)
    return new PlatformException('TICKET_LOOKUP_FILTER_REQUIRED', 400, `Give at least one of ${TICKET_LOOKUP_FILTERS.join(', ')}`, { fields: [NO_FILTER] });
  return PlatformException.badRequest(`Invalid ticket lookup: ${problems.map((f) => f.field).join(', ')}`, { fields: problems });
}
