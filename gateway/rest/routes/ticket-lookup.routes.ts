import { TICKET_LOOKUP_FILTERS } from '../../../shared/tickets/ticket-lookup';
import type { RestRequest, RestRoute } from '../rest-route';

/* train-bus-admin.md GET /api/ticket: one lookup over every booking kind; the body is ours (docs/decisions.md "Ticket lookup"). */

const ITEM = `kind ticketId ticketNumber bookingReference paymentReference status passengerName email phoneNumber direction
  fromCode from toCode to departureDate departureTime carrier seat priceAmount priceCurrency bookedAt issuedAt`;
/** Each booking subgraph's lookup field; bus booking is not part of the spec, so bus has no tickets to add yet. */
const KINDS = ['flightTicketLookup', 'trainTicketLookup'] as const;

interface Item extends Record<string, unknown> {
  priceAmount: string;
  priceCurrency: string;
  bookedAt: string;
}

const lookup: RestRoute = {
  method: 'GET',
  path: '/api/ticket',
  auth: true,
  operation: ({ query }: RestRequest) => {
    const args = TICKET_LOOKUP_FILTERS.map((f) => `${f}: $${f}`).join(', ');
    return {
      query: `query TicketLookup(${TICKET_LOOKUP_FILTERS.map((f) => `$${f}: String`).join(', ')}) {
        ${KINDS.map((k) => `${k}(${args}) { truncated tickets { ${ITEM} } }`).join('\n')} }`,
      variables: Object.fromEntries(TICKET_LOOKUP_FILTERS.map((f) => [f, query.get(f)])),
    };
  },
  reply: (data: Record<(typeof KINDS)[number], { truncated: boolean; tickets: Item[] }>) => {
    const answers = KINDS.map((k) => data[k]);
    const tickets = answers
      .flatMap((a) => a.tickets)
      .sort((a, b) => b.bookedAt.localeCompare(a.bookedAt))
      .map(({ priceAmount, priceCurrency, ...rest }) => ({ ...rest, price: { amount: priceAmount, currency: priceCurrency } }));
    return {
      body: { data: tickets, meta: { count: tickets.length, truncated: answers.some((a) => a.truncated) } },
      headers: { 'cache-control': 'no-store' },
    };
  },
};

export const ticketLookupRoutes: RestRoute[] = [lookup];
