import { checkTicketLookup, TICKET_LOOKUP_FILTERS, TICKET_LOOKUP_MAX_LENGTH, ticketLookupInvalid } from '../../../shared/api-contract/ticket-lookup.validator';
import { restInput } from '../graphql-shapes/rest-input.builder';
import { problemsOfCheck, queryObject } from '../rest.contract';
import type { RestRequest, RestRoute } from '../rest-route.types';
import { TICKET_LOOKUP_TICKET, TicketLookupAnswer } from '../schemas/ticket-lookup.schemas';

/* GET /api/ticket (OpenAPI `getTicket`): one lookup over every booking kind; the body is ours (docs/decisions.md "Ticket lookup"). */

/** Each booking subgraph's lookup field; bus booking is not part of the spec, so bus has no tickets to add yet. */
const KINDS = ['flightTicketLookup', 'trainTicketLookup'] as const;

/** The filters: every kind's lookup takes the same arguments, checked by the validator every booking subgraph runs too. */
const FILTERS = restInput('Query.flightTicketLookup', {
  in: 'query',
  unknownMembers: 'ignore',
  order: [...TICKET_LOOKUP_FILTERS],
  members: Object.fromEntries(TICKET_LOOKUP_FILTERS.map((filter) => [filter, { documents: { maxLength: TICKET_LOOKUP_MAX_LENGTH[filter] } }])),
});

/** A ticket as the selection answers it: the price fields under their REST names, which the reply groups. */
interface Item extends Record<string, unknown> {
  currency: string;
  fare: string;
  paid: string | null;
  bookedAt: string;
}

const lookup: RestRoute = {
  method: 'GET',
  path: '/api/ticket',
  auth: true,
  operation: ({ query }: RestRequest) => ({
    query: `query TicketLookup(${FILTERS.variableDefinitions}) {
      ${KINDS.map((k) => `${k}(${FILTERS.arguments}) { truncated tickets { ${TICKET_LOOKUP_TICKET.selection} } }`).join('\n')} }`,
    variables: FILTERS.variables(queryObject(query)),
  }),
  reply: (data: Record<(typeof KINDS)[number], { truncated: boolean; tickets: Item[] }>) => {
    const answers = KINDS.map((k) => data[k]);
    const tickets = answers
      .flatMap((a) => a.tickets)
      .sort((a, b) => b.bookedAt.localeCompare(a.bookedAt))
      .map(({ currency, fare, paid, ...rest }) => ({ ...rest, price: { currency, fare, paid } }));
    return {
      body: { data: tickets, meta: { count: tickets.length, truncated: answers.some((a) => a.truncated) } },
      headers: { 'cache-control': 'no-store' },
    };
  },
  contract: {
    summary: 'Look up tickets of every kind',
    description:
      'Flight and train tickets of bookings the caller made (administrators: any booking) matching every filter given; at least one filter is required. ' +
      'The body is ours: the spec leaves it open.',
    tag: 'Tickets',
    query: FILTERS.schema,
    validates: 'query',
    validate: ({ query }) => problemsOfCheck(checkTicketLookup(queryObject(query))),
    invalidInput: ticketLookupInvalid,
    responses: { 200: { description: 'The matching tickets (possibly none).', schema: TicketLookupAnswer, headers: { 'cache-control': 'no-store' } } },
    errors: {
      400: 'TICKET_LOOKUP_FILTER_REQUIRED when no filter is given; BAD_REQUEST naming every malformed filter in data.fields.',
      503:
        'SEARCH_BUSY when more broad searches wait than the service queues; QUERY_TIMEOUT when the lookup runs past the statement time limit. ' +
        'Both retryable, with Retry-After.',
    },
  },
};

export const ticketLookupRoutes: RestRoute[] = [lookup];
