import { z } from 'zod';
import { CurrencyCode, DateTime, LocalDate, MoneyAmount } from './common.schemas';

/*
 * GET /api/ticket: the spec gives the filters (documented from the GraphQL arguments, in the route) and leaves the
 * body to us (docs/decisions.md "Ticket lookup"). Every member of a ticket is always present; the ones that may be
 * unknown are null, never left out, so a legacy client reads one fixed shape whatever the kind.
 */

export const TicketLookupPrice = z
  .object({
    currency: CurrencyCode,
    fare: MoneyAmount.meta({
      description: "The carrier's fare for this ticket (train: the operator fare with luggage; flight: the passenger's fare for the whole journey).",
    }),
    paid: MoneyAmount.nullable().meta({
      description:
        'What the buyer pays for this ticket, booking fees included (train: the grandTotal). Null for flights: a flight booking is paid once for all its passengers.',
    }),
  })
  .meta({ id: 'TicketLookupPrice', description: 'The fare and the amount paid, in one currency with its decimals.' });

export const TicketLookupTicket = z
  .object({
    kind: z.enum(['FLIGHT', 'TRAIN', 'BUS']).meta({ description: 'BUS once bus bookings exist.' }),
    ticketId: z.string().meta({ description: 'The id the endpoints of its kind take: flight ticketId, train ticket uuid.' }),
    ticketNumber: z.string().nullable().meta({ description: 'Airline e-ticket or SGR ticket number; null for a flight until issued.' }),
    bookingReference: z.string().nullable().meta({ description: 'Flight booking reference, SGR PNR.' }),
    paymentReference: z.string(),
    status: z
      .string()
      .meta({ description: 'The ticket status in its kind (flight: TST_CREATED … ISSUED, CANCELLED; train: RESERVED, PAID, ISSUED, CANCELLED).' }),
    passengerName: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable().meta({ description: 'E.164.' }),
    direction: z.enum(['OUTBOUND', 'RETURN']),
    fromCode: z.string().meta({ description: 'IATA airport code or SGR stop id.' }),
    from: z.string(),
    toCode: z.string(),
    to: z.string(),
    departureDate: LocalDate,
    departureTime: z.string().meta({ description: 'HH:mm local.' }),
    carrier: z.string().nullable().meta({ description: 'Validating carrier (flight) or train number.' }),
    seat: z.string().nullable().meta({ description: '"Car 3, seat 12A" (train: car number in the train and seat label); null for flights.' }),
    price: TicketLookupPrice,
    bookedAt: DateTime,
    issuedAt: DateTime.nullable().meta({ description: 'Null until issued.' }),
  })
  .meta({ id: 'TicketLookupTicket', description: 'One ticket found by GET /api/ticket, whatever its kind.' });

export const TicketLookupAnswer = z
  .object({
    data: z.array(TicketLookupTicket).meta({ description: 'Newest booking first; within a booking by passenger, outbound before return.' }),
    meta: z.object({
      count: z.number().int(),
      truncated: z.boolean().meta({ description: 'More than 100 tickets of a kind matched: narrow the filters.' }),
    }),
  })
  .meta({ id: 'TicketLookupAnswer', description: 'The tickets matching every filter given.' });
