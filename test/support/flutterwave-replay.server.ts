import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the Flutterwave v3 endpoints the adapter calls, answering in Flutterwave's documented JSON
 * shapes (amounts as JSON numbers, errors as {status:'error', message, data:null}). It checks the Authorization
 * header and each request body as Flutterwave would, and records every request for the tests to read.
 *
 * Each charge (by tx_ref) plays a scenario: what its verify answers say, in order (the last repeats).
 */
export type ReplayScenario = 'success' | 'declined' | 'insufficient-funds' | 'payer-cancelled' | 'timeout' | 'hang' | 'late' | 'refused' | 'pending';

interface Step {
  status: 'pending' | 'successful' | 'failed' | 'cancelled';
  processorResponse: string;
}

const STEPS: Record<Exclude<ReplayScenario, 'hang' | 'refused'>, Step[]> = {
  success: [{ status: 'successful', processorResponse: 'Approved' }],
  declined: [{ status: 'failed', processorResponse: 'Transaction declined by the issuer' }],
  'insufficient-funds': [{ status: 'failed', processorResponse: 'Insufficient funds in customer wallet' }],
  'payer-cancelled': [{ status: 'failed', processorResponse: 'Transaction was cancelled by the customer' }],
  timeout: [{ status: 'failed', processorResponse: 'Transaction timed out: the customer did not authorise' }],
  // The payer never answers the prompt: pending whenever asked.
  pending: [{ status: 'pending', processorResponse: 'Transaction in progress' }],
  late: [
    { status: 'pending', processorResponse: 'Transaction in progress' },
    { status: 'pending', processorResponse: 'Transaction in progress' },
    { status: 'successful', processorResponse: 'Approved' },
  ],
};

const MOBILE_MONEY_CURRENCY: Record<string, string> = {
  mobile_money_tanzania: 'TZS',
  mobile_money_uganda: 'UGX',
  mobile_money_rwanda: 'RWF',
  mpesa: 'KES',
};

interface ReplayTransaction {
  id: number;
  txRef: string;
  amount: string;
  currency: string;
  paymentType: string;
  email: string;
  phone: string | null;
  /** False for a hosted checkout the payer has not submitted: Flutterwave has no transaction yet. */
  submitted: boolean;
  verifies: number;
  tamper: Partial<{ amount: string; currency: string; txRef: string }>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

export class FlutterwaveReplayServer {
  readonly requests: RecordedRequest[] = [];
  private readonly scenarios = new Map<string, ReplayScenario>();
  private readonly transactions = new Map<string, ReplayTransaction>();
  private nextId = 7_310_001;
  private server: Server | null = null;

  /** defaultScenario: what a charge with no scenario of its own plays ('pending': nobody has approved it yet). */
  constructor(
    readonly secretKey: string,
    private readonly defaultScenario: ReplayScenario = 'success',
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    // A hanging scenario keeps its socket open: drop it, or close would wait for it.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The scenario the charge with this tx_ref plays (default: the server's defaultScenario). */
  scenario(txRef: string, scenario: ReplayScenario): void {
    this.scenarios.set(txRef, scenario);
  }

  /** The payer submits the hosted card checkout: from now on Flutterwave has a transaction for it. */
  payerSubmits(txRef: string): void {
    this.transactionOf(txRef).submitted = true;
  }

  /** The verify answers for this charge report other values than the charge had (a mismatch). */
  tamper(txRef: string, tamper: ReplayTransaction['tamper']): void {
    this.transactionOf(txRef).tamper = tamper;
  }

  transactionId(txRef: string): string {
    return String(this.transactionOf(txRef).id);
  }

  /** A `charge.completed` webhook body for the charge, as Flutterwave posts it; `data` fields may be overridden. */
  webhookBody(txRef: string, overrides: Record<string, unknown> = {}): string {
    const t = this.transactionOf(txRef);
    return rawJson({ event: 'charge.completed', data: { ...this.transactionJson(t, STEPS.success[0]), ...overrides } });
  }

  private transactionOf(txRef: string): ReplayTransaction {
    const t = this.transactions.get(txRef);
    if (!t) throw new Error(`The replay server has no charge ${txRef}`);
    return t;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      return send(res, 400, { status: 'error', message: 'Invalid JSON', data: null });
    }
    const url = new URL(req.url ?? '/', 'http://replay');
    this.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return send(res, 401, { status: 'error', message: 'Invalid authorization key', data: null });

    const txRef = url.searchParams.get('tx_ref') ?? (typeof body?.tx_ref === 'string' ? body.tx_ref : null);
    if (txRef && this.scenarios.get(txRef) === 'hang') return; // never answers

    if (req.method === 'GET' && url.pathname === '/v3/transactions/verify_by_reference')
      return this.verify(res, txRef ? this.transactions.get(txRef) : undefined);
    const byId = /^\/v3\/transactions\/(\d+)\/verify$/.exec(url.pathname);
    if (req.method === 'GET' && byId)
      return this.verify(
        res,
        [...this.transactions.values()].find((t) => t.id === Number(byId[1])),
      );
    if (req.method === 'POST' && url.pathname === '/v3/payments') return this.hostedPayment(res, body);
    if (req.method === 'POST' && url.pathname === '/v3/charges') return this.mobileMoneyCharge(res, url.searchParams.get('type'), body);
    send(res, 404, { status: 'error', message: 'Route not found', data: null });
  }

  private hostedPayment(res: ServerResponse, body: Record<string, unknown> | null): void {
    const problem = missing(body, ['tx_ref', 'amount', 'currency', 'redirect_url']) ?? (emailOf(body?.customer) ? null : 'customer.email is required');
    if (problem) return send(res, 400, { status: 'error', message: problem, data: null });
    const t = this.record(body!, 'card', String((body!.customer as { email: string }).email), null, false);
    send(res, 200, { status: 'success', message: 'Hosted Link', data: { link: `https://checkout.flutterwave.com/v3/hosted/pay/${t.id}` } });
  }

  private mobileMoneyCharge(res: ServerResponse, type: string | null, body: Record<string, unknown> | null): void {
    if (!type || !MOBILE_MONEY_CURRENCY[type]) return send(res, 400, { status: 'error', message: `Invalid charge type ${type}`, data: null });
    const problem = missing(body, ['tx_ref', 'amount', 'currency', 'email', 'phone_number']);
    if (problem) return send(res, 400, { status: 'error', message: problem, data: null });
    if (body!.currency !== MOBILE_MONEY_CURRENCY[type]) return send(res, 400, { status: 'error', message: `Invalid currency for ${type}`, data: null });
    if (type === 'mobile_money_uganda' && !['MTN', 'AIRTEL'].includes(String(body!.network)))
      return send(res, 400, { status: 'error', message: 'network is required', data: null });
    if (this.scenarios.get(String(body!.tx_ref)) === 'refused') return send(res, 400, { status: 'error', message: 'Invalid phone number', data: null });
    if (this.transactions.has(String(body!.tx_ref))) return send(res, 400, { status: 'error', message: 'Duplicate transaction reference', data: null });
    const t = this.record(body!, type === 'mpesa' ? 'mpesa' : 'mobilemoney', String(body!.email), String(body!.phone_number), true);
    send(res, 200, {
      status: 'success',
      message: 'Charge initiated',
      data: this.transactionJson(t, { status: 'pending', processorResponse: 'Transaction in progress' }),
    });
  }

  private record(body: Record<string, unknown>, paymentType: string, email: string, phone: string | null, submitted: boolean): ReplayTransaction {
    const t: ReplayTransaction = {
      id: this.nextId++,
      txRef: String(body.tx_ref),
      amount: String(body.amount),
      currency: String(body.currency),
      paymentType,
      email,
      phone,
      submitted,
      verifies: 0,
      tamper: {},
    };
    this.transactions.set(t.txRef, t);
    return t;
  }

  private verify(res: ServerResponse, t: ReplayTransaction | undefined): void {
    if (!t || !t.submitted) return send(res, 400, { status: 'error', message: 'No transaction was found for this id', data: null });
    const scenario = this.scenarios.get(t.txRef) ?? this.defaultScenario;
    const steps = STEPS[scenario as keyof typeof STEPS] ?? STEPS.success;
    let step = steps[Math.min(t.verifies, steps.length - 1)];
    t.verifies++;
    // A hosted checkout the payer walked away from is reported cancelled (mobile money says so in processor_response).
    if (scenario === 'payer-cancelled' && t.paymentType === 'card') step = { status: 'cancelled', processorResponse: 'Customer cancelled the payment' };
    send(res, 200, { status: 'success', message: 'Transaction fetched successfully', data: this.transactionJson(t, step) });
  }

  private transactionJson(t: ReplayTransaction, step: Step): Record<string, unknown> {
    const amount = t.tamper.amount ?? t.amount;
    return {
      id: t.id,
      tx_ref: t.tamper.txRef ?? t.txRef,
      flw_ref: `FLW-MOCK-${t.id}`,
      device_fingerprint: 'N/A',
      amount: number(amount),
      currency: t.tamper.currency ?? t.currency,
      charged_amount: number(amount),
      app_fee: number('0'),
      merchant_fee: number('0'),
      processor_response: step.processorResponse,
      auth_model: t.paymentType === 'card' ? 'PIN' : 'MOBILEMONEY',
      narration: 'Safiri',
      status: step.status,
      payment_type: t.paymentType,
      created_at: '2026-11-28T10:00:00.000Z',
      account_id: 17321,
      customer: { id: 1, name: 'Anonymous customer', phone_number: t.phone ?? 'N/A', email: t.email, created_at: '2026-11-28T10:00:00.000Z' },
    };
  }
}

const NUMBER_MARK = '\u0000num:';

/** A JSON number written from decimal text, never through a float (Flutterwave sends amounts as numbers). */
function number(decimal: string): string {
  return `${NUMBER_MARK}${decimal}`;
}

function rawJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000num:(-?\d+(?:\.\d+)?)"/g, '$1');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(rawJson(body));
}

function missing(body: Record<string, unknown> | null, fields: string[]): string | null {
  for (const f of fields) if (body?.[f] === undefined || body[f] === null || body[f] === '') return `${f} is required`;
  if (!/^\d+(\.\d+)?$/.test(String(body!.amount))) return 'amount must be a number';
  return null;
}

function emailOf(customer: unknown): string | null {
  const email = (customer as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.includes('@') ? email : null;
}
