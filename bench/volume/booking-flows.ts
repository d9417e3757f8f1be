import { randomUUID } from 'node:crypto';
import type { RunningStack } from '../../bin/stack.wiring';
import { adult, daysAhead, FlightClient } from '../../test/support/flight-client';
import type { RestAgentReservationAnswer, RestCustomerReservationAnswer, RestFlightOffer, RestTrainIssuance } from '../../test/support/rest-bodies';
import { nextMonthDay, reserveSeats, SelectedTrain, selectExpressTrain } from '../../test/support/train-trip';
import { waitFor } from '../../test/support/wait';

/*
 * Real booking flows, run through the REST API of a stack in this process: the volume seeder clones the rows they
 * leave behind, so every seeded row has exactly the columns and JSON shapes the product writes. Each flow uses its own
 * passenger contacts (TEMPLATE_EMAIL / TEMPLATE_PHONE with its number) so the seeder can find and vary them.
 */

/** A passenger contact of flow `n`, passenger `p`: unique across flows, so each is one token to vary. */
export const templateEmail = (n: number, p: number) => `tpl${n}x${p}@template.example`;
/** The 9-digit national number (without the leading 0) of flow `n`, passenger `p`; written as 07…, +2557… by the flows. */
export const templatePhoneDigits = (n: number, p: number) => `7${String(n).padStart(2, '0')}00${String(p).padStart(2, '0')}99`;

/** What a flow is: which booking kind, and whether its bookings are still live (to be cloned only as recent ones). */
export interface FlowSpec {
  name: string;
  kind: 'flight' | 'train';
  /** Still waiting for something (payment, issuance): cloned only with recent dates, as live ones are; the others are
   * captured after two hours have passed, so every deadline of theirs has fallen due. */
  live: boolean;
  /** Clones of this flow per 100 bookings of its kind. */
  weight: number;
  /** Queues whose jobs wait while the flow's rows are taken (work still to come when the booking is copied). */
  pausedQueues?: string[];
  run(ctx: FlowContext, n: number): Promise<void>;
}

export interface FlowContext {
  stack: RunningStack;
  baseUrl: string;
  agent: FlightClient;
  thirdParty: FlightClient;
  customer: FlightClient;
  issuer: FlightClient;
  admin: FlightClient;
  train: SelectedTrain;
  /** The next unused seat of `train`. */
  nextSeat(): SelectedTrain['seats'][number];
}

const domestic = () => ({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });

function passengers(n: number, count: number) {
  return Array.from({ length: count }, (_, p) =>
    adult(['Mwinyi', 'Okello', 'Kimaro'][p % 3], {
      email: templateEmail(n, p),
      phoneNumber: `0${templatePhoneDigits(n, p)}`,
      firstName: ['Asha', 'Juma', 'Neema'][p % 3],
    }),
  );
}

async function expect2xx<T>(what: string, answer: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await answer;
  if (res.status < 200 || res.status > 299) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`);
  return res.body;
}

/**
 * The offer with the most seats left. The flows book the same search several times, and the GDS simulator gives some
 * flights as few as 4 economy seats on a date (DAR-ZNZ's first flight had 6 on 2026-12-28): the first offer would sell
 * out and every later reserve would be a 410, by design.
 */
async function firstOffer(client: FlightClient, search: Record<string, unknown>): Promise<RestFlightOffer> {
  const found = await expect2xx('search', client.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', search));
  if (found.data.length === 0) throw new Error(`no offer for ${JSON.stringify(search)}`);
  const seats = (offer: RestFlightOffer) => Number(offer.numberOfBookableSeats);
  return found.data.reduce((most, offer) => (seats(offer) > seats(most) ? offer : most));
}

/** An agent reservation of `count` travellers, purchased from the agent's wallet. */
async function agentPurchase(client: FlightClient, n: number, count: number, search: Record<string, unknown> = domestic()): Promise<void> {
  const r = await agentReservation(client, n, count, search);
  await expect2xx('purchase/agent', client.call('POST', '/api/flight/purchase/agent', { ticketId: r.reservation.ticketIds[0] }));
}

async function agentReservation(client: FlightClient, n: number, count: number, search: Record<string, unknown> = domestic()) {
  const offer = await firstOffer(client, { ...search, adults: count });
  return expect2xx(
    'reserve/agent',
    client.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', { offerReference: offer.offerReference, passengers: passengers(n, count) }),
  );
}

async function flightIssued(client: FlightClient, ticketId: string): Promise<void> {
  await waitFor(
    () => client.call<Array<{ issuanceStatus: string }>>('GET', `/api/flight/tickets?ticketId=${encodeURIComponent(ticketId)}`),
    (res) => res.body?.[0]?.issuanceStatus === 'ISSUED',
    30_000,
  );
}

async function trainIssued(client: FlightClient, paymentReference: string): Promise<void> {
  await waitFor(
    () => client.call<RestTrainIssuance>('GET', `/api/trip/train/ticket/${paymentReference}/issuance`),
    (res) => res.status === 200 && res.body.issuance.status === 'ISSUED',
    30_000,
  );
}

export const FLIGHT_FLOWS: FlowSpec[] = [
  {
    name: 'flight agent, issued',
    kind: 'flight',
    live: false,
    weight: 40,
    run: (ctx, n) => agentPurchase(ctx.agent, n, 1),
  },
  {
    name: 'flight agent, two travellers, return, issued',
    kind: 'flight',
    live: false,
    weight: 15,
    run: (ctx, n) => agentPurchase(ctx.agent, n, 2, { ...domestic(), returnDate: daysAhead(37) }),
  },
  {
    name: 'flight third-party agent, issued',
    kind: 'flight',
    live: false,
    weight: 10,
    run: (ctx, n) => agentPurchase(ctx.thirdParty, n, 1),
  },
  {
    name: 'flight agent, unpaid, released at its deadline',
    kind: 'flight',
    live: false,
    weight: 10,
    async run(ctx, n) {
      // Its payment deadline passes while the capture lets time pass: the expiry job releases it.
      await agentReservation(ctx.agent, n, 1);
    },
  },
  {
    name: 'flight agent, cancelled',
    kind: 'flight',
    live: false,
    weight: 5,
    async run(ctx, n) {
      const r = await agentReservation(ctx.agent, n, 1);
      await expect2xx('cancel', ctx.agent.call('POST', '/api/flight/cancel', { ticketId: r.reservation.ticketIds[0], reason: 'Plans changed' }));
    },
  },
  {
    name: 'flight customer, paid by card, issued',
    kind: 'flight',
    live: false,
    weight: 15,
    async run(ctx, n) {
      const offer = await firstOffer(ctx.customer, { ...domestic(), adults: 1 });
      const r = await expect2xx(
        'reserve',
        ctx.customer.call<RestCustomerReservationAnswer>('POST', '/api/flight/reserve', { offerReference: offer.offerReference, passengers: passengers(n, 1) }),
      );
      const ticket = r.tickets[0] as { ticketId: string; paymentReference: string };
      await expect2xx('payment', ctx.customer.call('POST', '/api/flight/payments', { paymentReference: ticket.paymentReference, method: 'CARD' }));
      await expect2xx('issue signal', ctx.issuer.call('POST', '/api/flight/ticket/issue/signal', { ticketId: ticket.ticketId }));
      await flightIssued(ctx.customer, ticket.ticketId);
    },
  },
  {
    name: 'flight customer, unpaid, released at its deadline',
    kind: 'flight',
    live: false,
    weight: 3,
    async run(ctx, n) {
      const offer = await firstOffer(ctx.customer, { ...domestic(), adults: 1 });
      await expect2xx(
        'reserve',
        ctx.customer.call<RestCustomerReservationAnswer>('POST', '/api/flight/reserve', { offerReference: offer.offerReference, passengers: passengers(n, 1) }),
      );
    },
  },
  {
    name: 'flight agent, issued, wallet debit still to come',
    kind: 'flight',
    live: true,
    weight: 1,
    pausedQueues: ['flight'],
    run: (ctx, n) => agentPurchase(ctx.agent, n, 1),
  },
  {
    name: 'flight agent, reserved, awaiting purchase',
    kind: 'flight',
    live: true,
    weight: 2,
    async run(ctx, n) {
      await agentReservation(ctx.agent, n, 1);
    },
  },
];

export const TRAIN_FLOWS: FlowSpec[] = [
  {
    name: 'train agent, issued from the wallet',
    kind: 'train',
    live: false,
    weight: 55,
    run: (ctx, n) => trainAgentIssue(ctx, n, 1),
  },
  {
    name: 'train agent, two passengers, issued',
    kind: 'train',
    live: false,
    weight: 15,
    run: (ctx, n) => trainAgentIssue(ctx, n, 2),
  },
  {
    name: 'train customer, paid by card, issued',
    kind: 'train',
    live: false,
    weight: 20,
    async run(ctx, n) {
      const r = await reserveSeats(ctx.customer, ctx.train, [ctx.nextSeat()], trainPassengers(n, 1));
      await expect2xx('card', ctx.customer.call('POST', '/api/trip/train/payments/card', { paymentReference: r.paymentReference, cardToken: 'tok_visa' }));
      await trainIssued(ctx.customer, r.paymentReference);
    },
  },
  {
    name: 'train customer, unpaid, cancelled at its deadline',
    kind: 'train',
    live: false,
    weight: 8,
    async run(ctx, n) {
      await reserveSeats(ctx.customer, ctx.train, [ctx.nextSeat()], trainPassengers(n, 1));
    },
  },
  {
    name: 'train agent, reserved, awaiting issue',
    kind: 'train',
    live: true,
    weight: 2,
    async run(ctx, n) {
      await reserveSeats(ctx.agent, ctx.train, [ctx.nextSeat()], trainPassengers(n, 1));
    },
  },
];

/** An agent's SGR reservation of `count` passengers, each on a seat of their own, issued from the wallet. */
async function trainAgentIssue(ctx: FlowContext, n: number, count: number): Promise<void> {
  const seats = Array.from({ length: count }, () => ctx.nextSeat());
  const r = await reserveSeats(ctx.agent, ctx.train, seats, trainPassengers(n, count));
  await expect2xx('issue', ctx.agent.call('POST', `/api/trip/train/ticket/${r.paymentReference}/issue`, {}));
  await trainIssued(ctx.agent, r.paymentReference);
}

function trainPassengers(n: number, count: number) {
  return Array.from({ length: count }, (_, p) => ({
    passengerName: `${['Asha', 'Juma', 'Neema'][p % 3]} ${['Mwinyi', 'Okello', 'Kimaro'][p % 3]}`,
    email: templateEmail(n, p),
    phone: `+255${templatePhoneDigits(n, p)}`,
  }));
}

/** The accounts the flows book as, on a started stack. */
export async function flowContext(stack: RunningStack, baseUrl: string): Promise<FlowContext> {
  const p = stack.platform;
  const tag = randomUUID().slice(0, 8);
  const wallet = { currency: 'TZS', openingBalance: '900000000', overdraftLimit: '0' };
  const agent = await FlightClient.create(baseUrl, p, `agent.${tag}@template.example`, 'SERVICE_AGENT', wallet);
  const thirdParty = await FlightClient.create(baseUrl, p, `partner.${tag}@template.example`, 'THIRD_PARTY_AGENT', wallet);
  const customer = await FlightClient.create(baseUrl, p, `customer.${tag}@template.example`, 'CUSTOMER');
  const issuer = await FlightClient.create(baseUrl, p, `issuer.${tag}@template.example`, 'ISSUER');
  const admin = await FlightClient.create(baseUrl, p, `admin.${tag}@template.example`, 'ADMIN');
  const train = await selectExpressTrain(agent, nextMonthDay(6));
  let seat = 0;
  return {
    stack,
    baseUrl,
    agent,
    thirdParty,
    customer,
    issuer,
    admin,
    train,
    nextSeat: () => {
      const next = train.seats[seat++];
      if (!next) throw new Error('the template train has no free seat left');
      return next;
    },
  };
}
