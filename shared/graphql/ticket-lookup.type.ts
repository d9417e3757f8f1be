import { ArgsType, Field, InterfaceType, registerEnumType } from 'type-graphql';
import { DateTimeScalar, LocalDateScalar } from './date-time.scalar';

/** The kinds of ticket a lookup can find (LookedUpTicket.kind). */
export enum TicketLookupKind {
  FLIGHT = 'FLIGHT',
  TRAIN = 'TRAIN',
  BUS = 'BUS',
}
registerEnumType(TicketLookupKind, {
  name: 'TicketLookupKind',
  description: 'What kind of ticket a lookup found',
  valuesConfig: { FLIGHT: { description: 'A flight ticket' }, TRAIN: { description: 'An SGR train ticket' }, BUS: { description: 'A bus ticket' } },
});

/** Whether a looked-up ticket is for the outward or the return journey (LookedUpTicket.direction). */
export enum TicketLookupDirection {
  OUTBOUND = 'OUTBOUND',
  RETURN = 'RETURN',
}
registerEnumType(TicketLookupDirection, {
  name: 'TicketLookupDirection',
  description: 'Which journey of a booking a looked-up ticket is for',
  valuesConfig: { OUTBOUND: { description: 'The outward journey' }, RETURN: { description: 'The return journey' } },
});

/**
 * The fields of one looked-up ticket (shared/tickets/ticket-lookup.contract.ts LookedUpTicket), as the GraphQL interface
 * TicketLookupItem. Each booking subgraph answers its own implementation (FlightTicketLookupItem, TrainTicketLookupItem),
 * so no type has to be @shareable; federation composes the interface, declared identically in both subgraphs.
 */
@InterfaceType('TicketLookupItem', {
  description: 'One ticket found by a ticket lookup (GET /api/ticket), whatever its kind; FlightTicketLookupItem and TrainTicketLookupItem implement it',
})
export abstract class TicketLookupFields {
  @Field(() => TicketLookupKind, { description: 'What kind of ticket this is; BUS once bus bookings exist' })
  kind!: 'FLIGHT' | 'TRAIN' | 'BUS';

  @Field(() => String, { description: "The id this kind's own endpoints take: flight ticketId, train ticket uuid" })
  ticketId!: string;

  @Field(() => String, { nullable: true, description: "The carrier's document number (airline e-ticket, SGR ticket number); null for a flight until issued" })
  ticketNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'Flight booking reference, train PNR' })
  bookingReference!: string | null;

  @Field(() => String, { description: 'Reference of the payment that paid the ticket' })
  paymentReference!: string;

  @Field(() => String, {
    description: "The ticket's status in its own kind (flight: TST_CREATED … ISSUED, CANCELLED; train: RESERVED, PAID, ISSUED, CANCELLED)",
  })
  status!: string;

  @Field(() => String, { description: 'Passenger name as on the ticket' })
  passengerName!: string;

  @Field(() => String, { nullable: true, description: 'Contact email of the booking; null when none was given' })
  email!: string | null;

  @Field(() => String, { nullable: true, description: 'E.164' })
  phoneNumber!: string | null;

  @Field(() => TicketLookupDirection, { description: 'Which journey of the booking the ticket is for' })
  direction!: 'OUTBOUND' | 'RETURN';

  @Field(() => String, { description: 'IATA airport code or stop id' })
  fromCode!: string;

  @Field(() => String, { description: 'Name of the departure airport or stop' })
  from!: string;

  @Field(() => String, { description: 'IATA airport code or stop id of the arrival' })
  toCode!: string;

  @Field(() => String, { description: 'Name of the arrival airport or stop' })
  to!: string;

  @Field(() => LocalDateScalar, { description: 'Local calendar date of the departure at fromCode' })
  departureDate!: string;

  @Field(() => String, { description: 'Local time HH:mm' })
  departureTime!: string;

  @Field(() => String, { nullable: true, description: 'Validating carrier or train number' })
  carrier!: string | null;

  @Field(() => String, { nullable: true, description: 'How the passenger finds the seat: "Car 3, seat 12A" (train); null for flights' })
  seat!: string | null;

  @Field(() => String, { description: 'Currency of priceFare and pricePaid' })
  priceCurrency!: string;

  @Field(() => String, {
    description:
      "The carrier's fare for this ticket, a decimal string in the currency's decimals (train: the operator fare with luggage; flight: the passenger's fare for the whole journey)",
  })
  priceFare!: string;

  @Field(() => String, {
    nullable: true,
    description: 'What the buyer pays for this ticket, booking fees included (train: the grandTotal); null for flights, which are paid once per booking',
  })
  pricePaid!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the booking was made (UTC)' })
  bookedAt!: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601 date-time the ticket was issued, as the carrier reported it (kept a String: carriers do not always give a zone); null until issued',
  })
  issuedAt!: string | null;
}

/** GET /api/ticket's filters as GraphQL arguments, the same on every kind's lookup query (shared/api-contract/ticket-lookup.validator.ts checks them). */
@ArgsType()
export class TicketLookupArgs {
  @Field(() => String, { nullable: true, description: 'Flight ticketId or train ticket uuid; the carrier ticket number also matches' })
  ticketId!: string | null;

  @Field(() => String, { nullable: true, description: 'The payment reference of the booking' })
  paymentReference!: string | null;

  @Field(() => String, { nullable: true, description: 'Flight booking reference or record locator, or the SGR PNR (any case)' })
  bookingReference!: string | null;

  @Field(() => String, { nullable: true, description: "The passenger's email, any case" })
  email!: string | null;

  @Field(() => String, { nullable: true, description: "The passenger's phone, +… or national (read as Tanzanian)" })
  phoneNumber!: string | null;
}
