import { randomInt } from 'node:crypto';
import type { Platform } from '../../shared/platform/platform.wiring';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { adult, daysAhead } from '../../test/support/flight-client';
import { nextMonthDay, seatPassenger, selected, selectExpressTrain, type SelectedTrain } from '../../test/support/train-trip';
import type { RestFlightOffer } from '../../test/support/rest-bodies';
import { ChaosClient, LoadStats } from './chaos-client';

const PASSWORD = 'chaos password 1';
/** Every event of the catalogue but the ping: the run counts what each endpoint receives. */
const WEBHOOK_EVENTS = [
  'flight.reservation.created',
  'flight.order.issued',
  'flight.reservation.cancelled',
  'train.reservation.created',
  'train.payment.confirmed',
  'train.issuance.issued',
  'train.issuance.payout_rejected',
  'train.issuance.failed',
  'train.reservation.expired',
];
/** Running days of next month with no SGR simulator trigger (docs/sandbox.md). */
const TRAIN_DAYS = [5, 6, 7, 8, 9, 10];

interface Account {
  id: string;
  email: string;
  client: ChaosClient;
}

export interface LoadOptions {
  agents: number;
  customers: number;
  /** Concurrent virtual users. */
  users: number;
  /** How many agent flight purchases an agent's float pays for, roughly: a tight float runs out during the run. */
  floatPurchases: number;
  webhookUrl: string;
}

type Operation = { name: string; weight: number; run(): Promise<void> };

/**
 * The mixed load of the chaos run: agents with tight floats buying flights and issuing SGR tickets from their
 * wallets (two agents racing for one seat at a time), customers paying by card, cancellations, searches and logins,
 * from `users` concurrent loops until told to stop. What each operation ended with goes into `stats`.
 */
export class ChaosLoad {
  readonly stats = new LoadStats();
  readonly agents: Account[] = [];
  readonly customers: Account[] = [];
  private issuer!: Account;
  private trains: SelectedTrain[] = [];
  private stopping = false;
  /** Seats both rivals of a race were given a hold on (train/car/seat): the load's own view of "each seat won once". */
  readonly seatsWonTwice: string[] = [];
  private n = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly platform: Platform,
    private readonly options: LoadOptions,
  ) {}

  /** The accounts whose bookings and wallets the invariants look at. */
  get accountIds(): string[] {
    return [...this.agents, ...this.customers].map((a) => a.id);
  }

  /** Accounts, their webhook endpoints, and the trains the load books (before any kill: the base the run starts from). */
  async prepare(): Promise<void> {
    const tag = Date.now().toString(36);
    this.issuer = await this.account(`issuer.${tag}@chaos.example`, 'ISSUER');
    for (let i = 1; i <= this.options.customers; i++) this.customers.push(await this.account(`customer${i}.${tag}@chaos.example`, 'CUSTOMER'));
    const price = await this.flightPrice();
    const float = (price * BigInt(this.options.floatPurchases)).toString();
    for (let i = 1; i <= this.options.agents; i++) {
      const agent = await this.account(`agent${i}.${tag}@chaos.example`, 'SERVICE_AGENT', {
        currency: 'TZS',
        openingBalance: float,
        overdraftLimit: (price / 2n).toString(),
      });
      this.agents.push(agent);
      await this.must(
        agent.client.call('webhook setup', 'POST', '/api/webhooks', { url: this.options.webhookUrl, events: WEBHOOK_EVENTS, description: 'chaos run' }),
        'register a webhook endpoint',
      );
    }
    for (const day of TRAIN_DAYS) this.trains.push(await this.train(nextMonthDay(day)));
  }

  /** Runs `users` loops until stop() is called; resolves when every loop has finished its operation in hand. */
  async run(): Promise<void> {
    const operations = this.operations();
    const total = operations.reduce((sum, o) => sum + o.weight, 0);
    const pick = () => {
      let r = randomInt(total);
      for (const o of operations) if ((r -= o.weight) < 0) return o;
      return operations[0];
    };
    await Promise.all(
      Array.from({ length: this.options.users }, async () => {
        while (!this.stopping) {
          const operation = pick();
          await operation.run().catch((error: unknown) => this.stats.record(operation.name, `error: ${(error as Error).message.slice(0, 80)}`, 0));
        }
      }),
    );
  }

  stop(): void {
    this.stopping = true;
  }

  private operations(): Operation[] {
    return [
      { name: 'login', weight: 8, run: () => this.login() },
      { name: 'flight search', weight: 14, run: () => this.flightSearch(this.any()).then(() => undefined) },
      { name: 'flight agent purchase', weight: 20, run: () => this.flightAgentPurchase() },
      { name: 'flight cancellation', weight: 6, run: () => this.flightCancellation() },
      { name: 'flight customer payment', weight: 8, run: () => this.flightCustomerPayment() },
      { name: 'train contested issuance', weight: 18, run: () => this.trainContestedIssuance() },
      { name: 'train customer payment', weight: 8, run: () => this.trainCustomerPayment() },
    ];
  }

  private async login(): Promise<void> {
    const account = this.any();
    await new ChaosClient(this.baseUrl, this.stats).call('login', 'POST', '/api/logon', { email: account.email, password: PASSWORD });
  }

  private async flightSearch(account: Account): Promise<RestFlightOffer | null> {
    const search = { originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(20 + randomInt(30)), adults: 1 };
    const found = await account.client.call<{ data: RestFlightOffer[] }>('flight search', 'POST', '/api/flight/search', search);
    if (found.status !== 200 || found.body.data.length === 0) return null;
    // The offer with most seats left: the simulator gives some flights only a few.
    return found.body.data.reduce((most, offer) => (Number(offer.numberOfBookableSeats) > Number(most.numberOfBookableSeats) ? offer : most));
  }

  private async flightReserve(account: Account, path: '/api/flight/reserve/agent' | '/api/flight/reserve') {
    const offer = await this.flightSearch(account);
    if (!offer) return null;
    const reserved = await account.client.call<{ reservation?: { ticketIds: string[] }; tickets?: Array<{ ticketId: string; paymentReference: string }> }>(
      'flight reserve',
      'POST',
      path,
      { offerReference: offer.offerReference, passengers: [adult('Chaos', { firstName: lettersOf(++this.n) })] },
    );
    return reserved.status === 201 || reserved.status === 200 ? reserved.body : null;
  }

  private async flightAgentPurchase(): Promise<void> {
    const agent = this.pickOf(this.agents);
    const reserved = await this.flightReserve(agent, '/api/flight/reserve/agent');
    const ticketId = reserved?.reservation?.ticketIds[0];
    if (ticketId) await agent.client.call('flight agent purchase', 'POST', '/api/flight/purchase/agent', { ticketId });
  }

  private async flightCancellation(): Promise<void> {
    const agent = this.pickOf(this.agents);
    const reserved = await this.flightReserve(agent, '/api/flight/reserve/agent');
    const ticketId = reserved?.reservation?.ticketIds[0];
    if (ticketId) await agent.client.call('flight cancellation', 'POST', '/api/flight/cancel', { ticketId, reason: 'Plans changed' });
  }

  private async flightCustomerPayment(): Promise<void> {
    const customer = this.pickOf(this.customers);
    const reserved = await this.flightReserve(customer, '/api/flight/reserve');
    const ticket = reserved?.tickets?.[0];
    if (!ticket) return;
    const paid = await customer.client.call('flight customer payment', 'POST', '/api/flight/payments', {
      paymentReference: ticket.paymentReference,
      method: 'CARD',
    });
    if (paid.status >= 200 && paid.status < 300) {
      await this.issuer.client.call('flight issue signal', 'POST', '/api/flight/ticket/issue/signal', { ticketId: ticket.ticketId });
    }
  }

  /** Two agents hold the same seat at once: at most one gets it, reserves and issues from its wallet. */
  private async trainContestedIssuance(): Promise<void> {
    const train = this.pickOf(this.trains);
    const seat = this.pickOf(train.seats);
    const first = randomInt(this.agents.length);
    const rivals = [this.agents[first], this.agents[(first + 1 + randomInt(this.agents.length - 1)) % this.agents.length]];
    const holds = await Promise.all(rivals.map((agent) => this.hold(agent, train, seat)));
    const winners = holds.filter((key) => key !== null).length;
    if (winners > 1) this.seatsWonTwice.push(`${train.details.trip.timeTableTrainSetId}/${seat.carId}/${seat.seatId}`);
    this.stats.record('train seat race', winners === 0 ? 'no winner' : winners === 1 ? 'one winner' : 'TWO WINNERS', 0);
    for (const [i, key] of holds.entries()) {
      if (!key) continue;
      const reference = await this.trainReserve(rivals[i], train, seat, key);
      if (reference) await rivals[i].client.call('train agent issuance', 'POST', `/api/trip/train/ticket/${reference}/issue`, {});
    }
  }

  private async trainCustomerPayment(): Promise<void> {
    const customer = this.pickOf(this.customers);
    const train = this.pickOf(this.trains);
    const seat = this.pickOf(train.seats);
    const key = await this.hold(customer, train, seat);
    const reference = key ? await this.trainReserve(customer, train, seat, key) : null;
    if (reference) {
      await customer.client.call('train customer payment', 'POST', '/api/trip/train/payments/card', { paymentReference: reference, cardToken: 'tok_visa' });
    }
  }

  private async hold(account: Account, train: SelectedTrain, seat: SelectedTrain['seats'][number]): Promise<string | null> {
    const held = await account.client.call<{ data: { hold: { key: string } } }>('train seat hold', 'POST', '/api/trip/train/seat/hold', {
      departureStopPartnerId: train.from,
      arrivalStopPartnerId: train.to,
      timeTableTrainSetId: train.details.trip.timeTableTrainSetId,
      carId: seat.carId,
      seat: seat.seatId,
    });
    return held.status === 200 ? held.body.data.hold.key : null;
  }

  private async trainReserve(account: Account, train: SelectedTrain, seat: SelectedTrain['seats'][number], holdKey: string): Promise<string | null> {
    const reserved = await account.client.call<{ data: { paymentReference: string } }>('train reserve', 'POST', '/api/trip/train/seat/reserve', {
      outbound: selected(train, [seat]),
      passengers: [{ ...seatPassenger(seat, holdKey), passengerName: `Chaos ${lettersOf(++this.n)}`, email: 'chaos.run@example.com' }],
    });
    return reserved.status === 200 ? reserved.body.data.paymentReference : null;
  }

  private async account(email: string, role: string, wallet: Record<string, string> = {}): Promise<Account> {
    const created = await createAccountService(this.platform).create({ email, password: PASSWORD, role, ...wallet });
    const login = await this.must(
      new ChaosClient(this.baseUrl, this.stats).call<{ token: string }>('login', 'POST', '/api/logon', { email, password: PASSWORD }),
      `log in as ${email}`,
    );
    return { id: created.id, email, client: new ChaosClient(this.baseUrl, this.stats, login.token) };
  }

  /** A one-traveller DAR–ZNZ fare in minor units, to size the agents' floats. */
  private async flightPrice(): Promise<bigint> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const offer = await this.flightSearch(this.customers[0] ?? this.issuer);
      if (!offer) continue;
      const tzs = offer.price.currency === 'TZS' ? offer.price.grandTotal : (offer.price.otherCurrencies.TZS?.grandTotal as string | undefined);
      if (tzs) return BigInt(Math.ceil(Number(tzs)));
      throw new Error(`a DAR–ZNZ offer has no TZS price: ${JSON.stringify(offer.price).slice(0, 300)}`);
    }
    throw new Error('no DAR–ZNZ offer to price the agents’ floats with');
  }

  private async train(date: string): Promise<SelectedTrain> {
    const client = (this.customers[0] ?? this.issuer).client;
    return selectExpressTrain({ call: (method, path, body) => client.call(`train ${method === 'GET' ? 'search' : 'details'}`, method, path, body) }, date);
  }

  private async must<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
    const res = await answer;
    if (res.status < 200 || res.status > 299) throw new Error(`could not ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }

  private any(): Account {
    return this.pickOf([...this.agents, ...this.customers]);
  }

  private pickOf<T>(items: T[]): T {
    return items[randomInt(items.length)];
  }
}

/** A distinct name for booking `n` in the letters a passenger name may hold (1 → "Bson", 27 → "Bbson"). */
function lettersOf(n: number): string {
  let name = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 26)) name = String.fromCharCode(97 + (rest % 26)) + name;
  return name.charAt(0).toUpperCase() + name.slice(1) + 'son';
}
