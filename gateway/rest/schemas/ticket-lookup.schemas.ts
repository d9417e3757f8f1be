import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import { CurrencyCode, DateTime, MoneyAmount } from './common.schemas';

/*
 * GET /api/ticket: the spec gives the filters (documented from the GraphQL arguments, in the route) and leaves the
 * body to us (docs/decisions.md "Ticket lookup"). Every member of a ticket is always present; the ones that may be
 * unknown are null, never left out, so a legacy client reads one fixed shape whatever the kind.
 */

/**
 * OpenAPI schema `TicketLookupTicket`: the interface every kind's lookup item implements, so a field added to it is
 * answered for every kind and a kind's own field is not. The route answers the three price fields as one `price`.
 */
export const TICKET_LOOKUP_TICKET = restShape('TicketLookupItem', {
  id: 'TicketLookupTicket',
  description: 'One ticket found by GET /api/ticket, whatever its kind.',
  fields: {
    priceCurrency: { as: 'currency', schema: CurrencyCode, description: 'Currency of fare and paid.' },
    priceFare: { as: 'fare', schema: MoneyAmount },
    pricePaid: { as: 'paid', schema: MoneyAmount },
    issuedAt: { schema: DateTime, description: 'Null until issued.' },
  },
  groups: {
    price: {
      fields: ['priceCurrency', 'priceFare', 'pricePaid'],
      id: 'TicketLookupPrice',
      description: 'The fare and the amount paid, in one currency with its decimals.',
    },
  },
});

export const TicketLookupAnswer = z
  .object({
    data: z.array(TICKET_LOOKUP_TICKET.schema).meta({ description: 'Newest booking first; within a booking by passenger, outbound before return.' }),
    meta: z.object({
      count: z.number().int(),
      truncated: z.boolean().meta({ description: 'More than 100 tickets of a kind matched: narrow the filters.' }),
    }),
  })
  .meta({ id: 'TicketLookupAnswer', description: 'The tickets matching every filter given.' });
