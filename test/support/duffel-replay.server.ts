import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DUFFEL_AIRWAYS, INSTANT_AIRLINE, errorBody, offerFixture, type FixturePassengerRequest } from './duffel-fixtures/duffel-answers.fixtures';

/** Which recorded answer the replay server gives: success unless a switch says otherwise. */
export interface DuffelScenario {
  /** GET /air/offers/{id} answers the offer 25.00 dearer. */
  priceChange?: boolean;
  /** GET /air/offers/{id} and POST /air/orders answer offer_no_longer_available. */
  offerGone?: boolean;
  /** POST /air/orders answers offer_no_longer_available (the seats sold between review and sale); reviews still answer. */
  soldOut?: boolean;
  /** POST /air/payments answers an airline_error (the airline refused to ticket). */
  paymentRefused?: boolean;
  /** POST /air/orders answers an airline_error (the airline refused the booking). */
  airlineError?: boolean;
  /** A paid order's documents cover its first passenger only. */
  partialTicketing?: boolean;
  /** What a cancellation quote refunds (default: nothing, refund_to awaiting_payment for a held order). */
  refund?: { amount: string; currency: string; to: string };
  /** The next this many requests answer 429 rate_limit_exceeded with RateLimit headers. */
  rateLimited?: number;
  /** Requests whose "METHOD path" matches are never answered (the connection stays open until the server closes). */
  hang?: RegExp;
  /** POST /air/orders makes the order, then never answers (the answer is lost, as when the caller times out). */
  loseOrderAnswer?: boolean;
  /** Offers require a passport for every passenger. */
  documentsRequired?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface StoredOffer {
  offer: Record<string, unknown>;
  passengers: Array<FixturePassengerRequest & { id: string }>;
}

type Json = Record<string, unknown>;

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

const invalid = (message: string, field?: string): Answer => new Answer(422, errorBody(422, 'validation_error', 'validation_required', message, field));
const notFound = (what: string): Answer => new Answer(404, errorBody(404, 'invalid_request_error', 'not_found', `${what} was not found.`));

/**
 * A Duffel stand-in on a loopback port for the adapter's contract tests: it answers the endpoints the adapter calls
 * with Duffel's documented JSON shapes (duffel-fixtures/), keeps the orders it made, checks what Duffel checks
 * (bearer token, Duffel-Version, the request body's required fields, amounts equal to totals) and answers 4xx like
 * Duffel when something is wrong. `scenario` switches the recorded outcome.
 */
export class DuffelReplayServer {
  scenario: DuffelScenario = {};
  readonly requests: RecordedRequest[] = [];
  readonly offers = new Map<string, StoredOffer>();
  readonly orders = new Map<string, Json>();
  readonly cancellations = new Map<string, Json>();
  private server: http.Server | null = null;
  private sequence = 0;

  constructor(
    readonly token: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** The recorded requests to a path (without query), e.g. requestsTo('POST', '/air/payments'). */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  private id(prefix: string): string {
    return `${prefix}_0000A${String(++this.sequence).padStart(6, '0')}DuffelReplay`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://replay');
    let body: unknown = undefined;
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: undefined };
    this.requests.push(recorded);
    if (this.scenario.hang?.test(`${recorded.method} ${recorded.path}`)) return;
    let answer: Answer;
    try {
      if (text !== '') body = JSON.parse(text);
      recorded.body = body;
      answer = this.answer(recorded);
      if (this.scenario.loseOrderAnswer && recorded.method === 'POST' && recorded.path === '/air/orders' && answer.status === 201) return;
    } catch (error) {
      answer =
        error instanceof SyntaxError
          ? new Answer(400, errorBody(400, 'invalid_request_error', 'malformed_json', 'The request body is not JSON.'))
          : new Answer(500, errorBody(500, 'api_error', 'internal_server_error', String(error)));
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'x-request-id': `replay-${this.sequence}`, ...answer.headers });
    res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body));
  }

  private answer(r: RecordedRequest): Answer {
    if (r.headers.authorization !== `Bearer ${this.token}`) {
      return new Answer(401, errorBody(401, 'authentication_error', 'unauthorized', 'The access token was not provided or is invalid.'));
    }
    if (r.headers['duffel-version'] !== 'v2') {
      return new Answer(400, errorBody(400, 'invalid_request_error', 'unsupported_version', 'The Duffel-Version header is missing or not supported.'));
    }
    if (this.scenario.rateLimited && this.scenario.rateLimited > 0) {
      this.scenario.rateLimited--;
      const reset = String(Math.floor(this.now().getTime() / 1000) + 60);
      return new Answer(429, errorBody(429, 'rate_limit_error', 'rate_limit_exceeded', 'Too many requests hit the API too quickly.'), {
        'ratelimit-limit': '60',
        'ratelimit-remaining': '0',
        'ratelimit-reset': reset,
      });
    }
    if (r.method === 'POST' && !(r.headers['content-type'] ?? '').includes('application/json')) {
      return new Answer(400, errorBody(400, 'invalid_request_error', 'unsupported_format', 'The body must be JSON.'));
    }
    const data = (r.body as { data?: Json } | undefined)?.data;
    // Actions (…/actions/confirm) take no body; every other POST sends its fields under `data`.
    const action = r.path.includes('/actions/');
    if (r.method === 'POST' && !action && (typeof data !== 'object' || data === null)) return invalid('The body must be an object with a data field.', 'data');
    const route = `${r.method} ${r.path}`;
    let m: RegExpMatchArray | null;
    if (route === 'POST /air/offer_requests') return this.offerRequest(data!, r.query);
    if ((m = route.match(/^GET \/air\/offers\/([A-Za-z0-9_]+)$/))) return this.getOffer(m[1]);
    if (route === 'POST /air/orders') return this.createOrder(data!);
    if (route === 'GET /air/orders') return this.listOrders(r.query);
    if ((m = route.match(/^GET \/air\/orders\/([A-Za-z0-9_]+)$/)))
      return this.orders.has(m[1]) ? new Answer(200, { data: this.ticketLater(this.orders.get(m[1])!) }) : notFound('The order');
    if (route === 'POST /air/payments') return this.pay(data!);
    if (route === 'POST /air/order_cancellations') return this.quoteCancellation(data!);
    if ((m = route.match(/^POST \/air\/order_cancellations\/([A-Za-z0-9_]+)\/actions\/confirm$/))) return this.confirmCancellation(m[1]);
    return notFound(`The resource ${r.path}`);
  }

  private offerRequest(data: Json, query: URLSearchParams): Answer {
    const slices = data.slices as Array<{ origin?: string; destination?: string; departure_date?: string }> | undefined;
    const passengers = data.passengers as FixturePassengerRequest[] | undefined;
    if (!Array.isArray(slices) || slices.length === 0) return invalid('slices must have at least one slice.', 'slices');
    for (const s of slices) {
      if (!/^[A-Z]{3}$/.test(s.origin ?? '') || !/^[A-Z]{3}$/.test(s.destination ?? ''))
        return invalid('origin and destination must be IATA codes.', 'slices.origin');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s.departure_date ?? '')) return invalid('departure_date must be a date.', 'slices.departure_date');
    }
    if (!Array.isArray(passengers) || passengers.length === 0) return invalid('passengers must have at least one passenger.', 'passengers');
    for (const p of passengers) {
      if (p.type !== 'adult' && !(Number.isInteger(p.age) && p.age! >= 0 && p.age! < 18))
        return invalid('Each passenger needs type adult or an age under 18.', 'passengers');
    }
    if (data.cabin_class !== undefined && !['economy', 'premium_economy', 'business', 'first'].includes(String(data.cabin_class))) {
      return invalid('cabin_class is not a cabin class.', 'cabin_class');
    }
    const now = this.now();
    const ids = passengers.map((p) => ({ ...p, id: this.id('pas') }));
    const cabinClass = String(data.cabin_class ?? 'economy');
    const count = passengers.length;
    const make = (owner: typeof DUFFEL_AIRWAYS, perPassenger: number, instant: boolean, connections: number): Json => {
      const id = this.id('off');
      const total = (perPassenger * count * slices.length).toFixed(2);
      const tax = (perPassenger * 0.2 * count * slices.length).toFixed(2);
      const offer = offerFixture({
        id,
        owner,
        slices: slices as FixtureOfferOptionsSlices,
        passengers: ids,
        cabinClass,
        totalAmount: total,
        baseAmount: (Number(total) - Number(tax)).toFixed(2),
        taxAmount: tax,
        currency: 'USD',
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
        requiresInstantPayment: instant,
        paymentRequiredBy: instant ? null : new Date(now.getTime() + 24 * 3600_000).toISOString(),
        documentsRequired: this.scenario.documentsRequired === true,
        connections,
      });
      this.offers.set(id, { offer, passengers: ids });
      return offer;
    };
    const offers = [make(DUFFEL_AIRWAYS, 120.5, false, 0), make(INSTANT_AIRLINE, 99.25, true, 0), make(DUFFEL_AIRWAYS, 80.1, false, 1)];
    const maxConnections = data.max_connections === undefined ? 1 : Number(data.max_connections);
    const returned = offers.filter((o) => (o.slices as Array<{ segments: unknown[] }>).every((s) => s.segments.length - 1 <= maxConnections));
    return new Answer(201, {
      data: {
        id: this.id('orq'),
        live_mode: false,
        created_at: now.toISOString(),
        cabin_class: cabinClass,
        slices,
        passengers: ids.map((p) => ({ id: p.id, type: p.type ?? null, age: p.age ?? null })),
        offers: query.get('return_offers') === 'false' ? [] : returned,
      },
    });
  }

  private getOffer(id: string): Answer {
    const stored = this.offers.get(id);
    if (!stored) return notFound('The offer');
    if (this.scenario.offerGone || new Date(String(stored.offer.expires_at)).getTime() <= this.now().getTime()) {
      return new Answer(
        422,
        errorBody(422, 'invalid_state_error', 'offer_no_longer_available', 'The requested offer is no longer available, so you need to search again.'),
      );
    }
    if (!this.scenario.priceChange) return new Answer(200, { data: stored.offer });
    const total = (Number(stored.offer.total_amount) + 25).toFixed(2);
    const base = (Number(stored.offer.base_amount) + 25).toFixed(2);
    return new Answer(200, { data: { ...stored.offer, total_amount: total, base_amount: base } });
  }

  private createOrder(data: Json): Answer {
    const selected = data.selected_offers as string[] | undefined;
    if (!Array.isArray(selected) || selected.length !== 1) return invalid('selected_offers must contain exactly one offer.', 'selected_offers');
    const stored = this.offers.get(selected[0]);
    if (!stored) return notFound('The offer');
    if (this.scenario.offerGone || this.scenario.soldOut) {
      return new Answer(
        422,
        errorBody(422, 'invalid_state_error', 'offer_no_longer_available', 'The requested offer is no longer available, so you need to search again.'),
      );
    }
    if (this.scenario.airlineError) {
      return new Answer(422, errorBody(422, 'airline_error', 'airline_unknown', 'The airline responded with an unexpected error, please contact support.'));
    }
    const offer = stored.offer;
    const type = data.type;
    if (type !== 'instant' && type !== 'hold') return invalid('type must be instant or hold.', 'type');
    const payments = data.payments as Array<{ type?: string; amount?: string; currency?: string }> | undefined;
    const instantOnly = (offer.payment_requirements as { requires_instant_payment: boolean }).requires_instant_payment;
    if (type === 'hold' && instantOnly)
      return new Answer(422, errorBody(422, 'invalid_state_error', 'offer_requires_instant_payment', 'This offer cannot be held.'));
    if (type === 'hold' && payments !== undefined) return invalid('A hold order takes no payments.', 'payments');
    if (type === 'instant') {
      const p = payments?.[0];
      if (!p || payments!.length !== 1 || p.type !== 'balance') return invalid('An instant order needs one balance payment.', 'payments');
      if (p.amount !== offer.total_amount || p.currency !== offer.total_currency) {
        return new Answer(
          422,
          errorBody(422, 'validation_error', 'amount_does_not_match', 'The payment amount must equal the total amount of the offer.', 'payments.amount'),
        );
      }
    }
    const passengers = data.passengers as Array<Json> | undefined;
    if (!Array.isArray(passengers) || passengers.length !== stored.passengers.length)
      return invalid('passengers must list every passenger of the offer.', 'passengers');
    for (const p of passengers) {
      const known = stored.passengers.find((s) => s.id === p.id);
      if (!known) return invalid(`Passenger ${String(p.id)} is not a passenger of the offer.`, 'passengers.id');
      for (const field of ['given_name', 'family_name', 'born_on', 'gender', 'title', 'email', 'phone_number']) {
        if (typeof p[field] !== 'string' || p[field] === '') return invalid(`${field} is required.`, `passengers.${field}`);
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(p.born_on))) return invalid('born_on must be a date.', 'passengers.born_on');
      if (!['m', 'f'].includes(String(p.gender))) return invalid('gender must be m or f.', 'passengers.gender');
      if (!/^\+[1-9]\d{6,14}$/.test(String(p.phone_number))) return invalid('phone_number must be E.164.', 'passengers.phone_number');
      if (offer.passenger_identity_documents_required && !(Array.isArray(p.identity_documents) && p.identity_documents.length === 1)) {
        return invalid('An identity document is required for every passenger.', 'passengers.identity_documents');
      }
    }
    const infants = stored.passengers.filter((p) => p.type !== 'adult' && (p.age ?? 18) < 2).map((p) => p.id);
    const linked = passengers.map((p) => p.infant_passenger_id).filter(Boolean);
    if (infants.some((id) => !linked.includes(id))) return invalid('Every infant must be associated with an adult.', 'passengers.infant_passenger_id');

    const now = this.now().toISOString();
    const id = this.id('ord');
    const paid = type === 'instant';
    const order: Json = {
      id,
      live_mode: false,
      created_at: now,
      synced_at: now,
      booking_reference: `RZ${String(this.sequence % 10_000).padStart(4, '0')}`,
      owner: offer.owner,
      total_amount: offer.total_amount,
      total_currency: offer.total_currency,
      base_amount: offer.base_amount,
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount,
      tax_currency: offer.tax_currency,
      slices: offer.slices,
      conditions: offer.conditions,
      passengers: passengers.map((p) => ({
        id: p.id,
        type: stored.passengers.find((s) => s.id === p.id)!.type === 'adult' ? 'adult' : null,
        title: p.title,
        given_name: p.given_name,
        family_name: p.family_name,
        born_on: p.born_on,
        gender: p.gender,
        email: p.email,
        phone_number: p.phone_number,
        infant_passenger_id: p.infant_passenger_id ?? null,
      })),
      services: [],
      metadata: data.metadata ?? {},
      available_actions: ['cancel', 'update'],
      airline_initiated_changes: [],
      cancelled_at: null,
      cancellation: null,
      documents: [],
      payment_status: {
        awaiting_payment: !paid,
        payment_required_by: paid ? null : (offer.payment_requirements as { payment_required_by: string }).payment_required_by,
        price_guarantee_expires_at: paid ? null : (offer.payment_requirements as { payment_required_by: string }).payment_required_by,
        paid_at: paid ? now : null,
      },
    };
    if (paid) order.documents = this.documentsOf(order);
    this.orders.set(id, order);
    return new Answer(201, { data: order });
  }

  /** E-tickets for a paid order: one per passenger, or the first passenger's only under partialTicketing. */
  private documentsOf(order: Json): Json[] {
    const passengers = order.passengers as Array<{ id: string }>;
    const ticketed = this.scenario.partialTicketing ? passengers.slice(0, 1) : passengers;
    return ticketed.map((p, i) => ({
      type: 'electronic_ticket',
      unique_identifier: `1252106${String(this.sequence * 10 + i).padStart(6, '0')}`,
      passenger_ids: [p.id],
    }));
  }

  /** A paid order ticketed in part gets its other tickets once partialTicketing is switched off, as an airline issues them later. */
  private ticketLater(order: Json): Json {
    const paid = !(order.payment_status as { awaiting_payment: boolean }).awaiting_payment;
    const missing = (order.documents as unknown[]).length < (order.passengers as unknown[]).length;
    if (paid && missing && !order.cancelled_at && !this.scenario.partialTicketing) order.documents = this.documentsOf(order);
    return order;
  }

  private listOrders(query: URLSearchParams): Answer {
    const reference = query.get('booking_reference');
    const names = query.getAll('passenger_name[]').map((n) => n.toLowerCase());
    const limit = Number(query.get('limit') ?? '50');
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return invalid('limit must be from 1 to 200.', 'limit');
    const matching = [...this.orders.values()].filter((o) => {
      if (reference !== null && o.booking_reference !== reference) return false;
      const passengers = o.passengers as Array<{ given_name: string; family_name: string }>;
      return names.every((n) => passengers.some((p) => p.given_name.toLowerCase().includes(n) || p.family_name.toLowerCase().includes(n)));
    });
    return new Answer(200, { data: matching.slice(0, limit).map((o) => this.ticketLater(o)), meta: { limit, after: null, before: null } });
  }

  private pay(data: Json): Answer {
    const order = this.orders.get(String(data.order_id));
    if (!order) return notFound('The order');
    const payment = data.payment as { type?: string; amount?: string; currency?: string } | undefined;
    if (!payment || payment.type !== 'balance') return invalid('payment.type must be balance.', 'payment.type');
    if (this.scenario.paymentRefused) {
      return new Answer(422, errorBody(422, 'airline_error', 'airline_unknown', 'The airline responded with an unexpected error, please contact support.'));
    }
    const status = order.payment_status as { awaiting_payment: boolean; paid_at: string | null };
    if (order.cancelled_at) return new Answer(422, errorBody(422, 'invalid_state_error', 'order_cancelled', 'The order has been cancelled.'));
    if (!status.awaiting_payment) return new Answer(422, errorBody(422, 'invalid_state_error', 'already_paid', 'The order has already been paid for.'));
    if (payment.amount !== order.total_amount || payment.currency !== order.total_currency) {
      return new Answer(
        422,
        errorBody(422, 'validation_error', 'amount_does_not_match', 'The payment amount must equal the total amount of the order.', 'payment.amount'),
      );
    }
    const now = this.now().toISOString();
    order.payment_status = { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: now };
    order.documents = this.documentsOf(order);
    return new Answer(201, {
      data: { id: this.id('pay'), type: 'balance', amount: payment.amount, currency: payment.currency, created_at: now, live_mode: false },
    });
  }

  private quoteCancellation(data: Json): Answer {
    const order = this.orders.get(String(data.order_id));
    if (!order) return notFound('The order');
    if (order.cancelled_at) return new Answer(422, errorBody(422, 'invalid_state_error', 'already_cancelled', 'The order has already been cancelled.'));
    const paid = !(order.payment_status as { awaiting_payment: boolean }).awaiting_payment;
    const refund = this.scenario.refund ?? (paid ? { amount: order.total_amount as string, currency: order.total_currency as string, to: 'balance' } : null);
    const now = this.now();
    const quote: Json = {
      id: this.id('ore'),
      order_id: order.id,
      live_mode: false,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
      confirmed_at: null,
      refund_amount: refund?.amount ?? '0.00',
      refund_currency: refund?.currency ?? order.total_currency,
      refund_to: refund?.to ?? 'awaiting_payment',
      airline_credits: [],
    };
    this.cancellations.set(String(quote.id), quote);
    return new Answer(201, { data: quote });
  }

  private confirmCancellation(id: string): Answer {
    const quote = this.cancellations.get(id);
    if (!quote) return notFound('The order cancellation');
    const order = this.orders.get(String(quote.order_id))!;
    if (order.cancelled_at) return new Answer(422, errorBody(422, 'invalid_state_error', 'already_cancelled', 'The order has already been cancelled.'));
    const now = this.now().toISOString();
    quote.confirmed_at = now;
    order.cancelled_at = now;
    order.cancellation = quote;
    order.available_actions = [];
    return new Answer(200, { data: quote });
  }
}

type FixtureOfferOptionsSlices = Array<{ origin: string; destination: string; departure_date: string }>;
