import type { FlutterwaveConfig } from '../../config/payments.config';
import { railById } from '../mobile-money-rails.data';
import { Charge, ChargeRequest, PaymentGateway, PaymentGatewayError } from '../payment-gateway.port';

/**
 * Flutterwave (v3 API) behind the payment port (docs/decisions.md "Payment provider"). Our payment id is the charge's
 * `tx_ref` and our providerReference, so a repeat finds the charge already made (verify by reference) instead of
 * making a second one. Cards go through Flutterwave's hosted checkout (the card never reaches us: no PCI scope),
 * mobile money through a direct charge that prompts the payer's handset. Called over fetch, not flutterwave-node-v3:
 * see the decision for why.
 */
export const FLUTTERWAVE_METHODS = ['CARD', 'MOBILE_MONEY'] as const;

/** The outcome words a declined charge's reason starts with; the provider's own wording follows. */
export type FlutterwaveDecline = 'declined' | 'insufficient funds' | 'timeout' | 'cancelled by the payer';

/** A transaction as Flutterwave reports it, its amounts kept as the decimal text it sent. */
export interface FlutterwaveTransaction {
  id: string;
  txRef: string;
  amount: string;
  currency: string;
  status: string;
  processorResponse: string | null;
}

/** Flutterwave's charge type and network for a rail; a rail not listed here cannot be charged through Flutterwave. */
const MOBILE_MONEY_TYPES: Record<string, { type: string; network?: string }> = {
  // Tanzania: the docs list the network as optional; Flutterwave tells the operator from the number.
  MPESA_TZ: { type: 'mobile_money_tanzania' },
  MIXX_TZ: { type: 'mobile_money_tanzania' },
  AIRTEL_TZ: { type: 'mobile_money_tanzania' },
  HALOPESA_TZ: { type: 'mobile_money_tanzania' },
  MPESA_KE: { type: 'mpesa' },
  MTN_UG: { type: 'mobile_money_uganda', network: 'MTN' },
  AIRTEL_UG: { type: 'mobile_money_uganda', network: 'AIRTEL' },
  MTN_RW: { type: 'mobile_money_rwanda', network: 'MTN' },
};

const MAX_RESPONSE_BYTES = 1_048_576;
const TX_REF = /^[A-Za-z0-9_-]{1,100}$/;
const TRANSACTION_ID = /^\d{1,20}$/;

export type FlutterwaveGatewayConfig = Pick<FlutterwaveConfig, 'secretKey' | 'apiUrl' | 'redirectUrl' | 'timeoutMs' | 'testMode'>;

export class FlutterwavePaymentGateway implements PaymentGateway {
  readonly provider = 'FLUTTERWAVE';
  readonly sandbox = false;
  readonly methods: readonly string[] = FLUTTERWAVE_METHODS;

  constructor(private readonly config: FlutterwaveGatewayConfig) {}

  async createCharge(request: ChargeRequest): Promise<Charge> {
    const txRef = checkedTxRef(request.idempotencyKey);
    if (!(FLUTTERWAVE_METHODS as readonly string[]).includes(request.method)) {
      throw new PaymentGatewayError('UNKNOWN_CHARGE', `Flutterwave does not offer the method ${request.method}`);
    }
    // A repeat (the customer retried, or our last call timed out after Flutterwave took it) answers the charge made.
    const existing = await this.transactionByReference(txRef);
    if (existing) return chargeOf(existing);
    return request.method === 'CARD' ? this.hostedCheckout(txRef, request) : this.mobileMoneyPush(txRef, request);
  }

  async chargeStatus(providerReference: string): Promise<Charge> {
    const transaction = await this.transactionByReference(checkedTxRef(providerReference));
    // A hosted checkout has no transaction until the payer submits it: still pending, never confirmed.
    return transaction ? chargeOf(transaction) : { providerReference, status: 'PENDING' };
  }

  /** GET /v3/transactions/{id}/verify: the provider's own word on a transaction a callback names. */
  async transactionById(id: string): Promise<FlutterwaveTransaction> {
    if (!TRANSACTION_ID.test(id)) throw new PaymentGatewayError('UNKNOWN_CHARGE', 'A Flutterwave transaction id is 1 to 20 digits');
    const answer = await this.call('GET', `/v3/transactions/${id}/verify`);
    if (answer.httpStatus === 404 || answer.httpStatus === 400) throw new PaymentGatewayError('UNKNOWN_CHARGE', `Flutterwave knows no transaction ${id}`);
    return transactionOf(answer.body);
  }

  /** GET /v3/transactions/verify_by_reference: null while Flutterwave has no transaction for our reference. */
  private async transactionByReference(txRef: string): Promise<FlutterwaveTransaction | null> {
    const answer = await this.call('GET', `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`);
    if (answer.httpStatus === 404 || answer.httpStatus === 400) return null;
    return transactionOf(answer.body);
  }

  private async hostedCheckout(txRef: string, request: ChargeRequest): Promise<Charge> {
    const answer = await this.call('POST', '/v3/payments', {
      tx_ref: txRef,
      amount: request.amount,
      currency: request.currency,
      redirect_url: this.config.redirectUrl,
      payment_options: 'card',
      customer: { email: payerEmail(request) },
      customizations: { title: 'Safiri', description: `Payment ${request.reference}` },
      meta: { reference: request.reference },
    });
    if (answer.httpStatus !== 200) return refused(txRef, answer.body);
    const link = field(field(answer.body, 'data'), 'link');
    if (typeof link !== 'string' || !/^https?:\/\//.test(link))
      throw new PaymentGatewayError('UNAVAILABLE', 'Flutterwave answered a checkout without its link');
    return { providerReference: txRef, status: 'PENDING', checkoutUrl: link };
  }

  private async mobileMoneyPush(txRef: string, request: ChargeRequest): Promise<Charge> {
    const rail = request.payer?.rail ? railById(request.payer.rail) : null;
    const kind = rail ? MOBILE_MONEY_TYPES[rail.id] : undefined;
    if (!rail || !kind) throw new PaymentGatewayError('UNKNOWN_CHARGE', `Flutterwave cannot charge the mobile money rail ${request.payer?.rail ?? '(none)'}`);
    const phone = request.payer?.phone;
    if (!phone || !/^\d{8,15}$/.test(phone)) throw new Error('A Flutterwave mobile money charge needs the payer number (international digits)');
    const answer = await this.call('POST', `/v3/charges?type=${kind.type}`, {
      tx_ref: txRef,
      amount: request.amount,
      currency: request.currency,
      email: payerEmail(request),
      phone_number: phone,
      ...(kind.network ? { network: kind.network } : {}),
      meta: { reference: request.reference },
    });
    if (answer.httpStatus !== 200) return refused(txRef, answer.body);
    const data = field(answer.body, 'data');
    const redirect = field(field(field(answer.body, 'meta'), 'authorization'), 'redirect');
    // Some rails answer with an authorisation page instead of a prompt; the charge itself exists once the payer is there.
    if (data === undefined) return { providerReference: txRef, status: 'PENDING', ...(typeof redirect === 'string' ? { checkoutUrl: redirect } : {}) };
    return { ...chargeOf(transactionOf(answer.body)), providerReference: txRef };
  }

  /** One call; anything but an answer Flutterwave meant for this request is its unavailability. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ httpStatus: number; body: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.config.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      throw new PaymentGatewayError(
        'UNAVAILABLE',
        timedOut ? `Flutterwave did not answer within ${this.config.timeoutMs} ms` : 'Flutterwave could not be reached',
      );
    }
    if (response.status === 401 || response.status === 403)
      throw new PaymentGatewayError('UNAVAILABLE', `Flutterwave refused our key (HTTP ${response.status})`);
    if (response.status === 429 || response.status >= 500) throw new PaymentGatewayError('UNAVAILABLE', `Flutterwave answered HTTP ${response.status}`);
    if (text.length > MAX_RESPONSE_BYTES) throw new PaymentGatewayError('UNAVAILABLE', 'Flutterwave answered more than we read');
    try {
      return { httpStatus: response.status, body: parseExact(text) };
    } catch {
      throw new PaymentGatewayError('UNAVAILABLE', `Flutterwave answered HTTP ${response.status} without JSON`);
    }
  }
}

/** Flutterwave's word on a transaction as our charge status; an unknown status never confirms. */
export function chargeOf(t: FlutterwaveTransaction): Charge {
  const providerReference = t.txRef;
  switch (t.status.toLowerCase()) {
    case 'successful':
      return { providerReference, status: 'CONFIRMED', charged: { amount: t.amount, currency: t.currency } };
    case 'failed':
    case 'cancelled':
    case 'error':
      return { providerReference, status: 'DECLINED', declineReason: declineReasonOf(t.status, t.processorResponse) };
    default:
      return { providerReference, status: 'PENDING' };
  }
}

export function declineReasonOf(status: string, processorResponse: string | null): string {
  const said = (processorResponse ?? '').slice(0, 200);
  const kind: FlutterwaveDecline =
    status.toLowerCase() === 'cancelled' || /cancel|rejected by (the )?(customer|user|payer)/i.test(said)
      ? 'cancelled by the payer'
      : /insufficient/i.test(said)
        ? 'insufficient funds'
        : /timed?\s?-?out|expired/i.test(said)
          ? 'timeout'
          : 'declined';
  return said ? `${kind}: ${said}` : kind;
}

/** A charge Flutterwave refused outright (a 4xx with its message): declined, the message kept. */
function refused(txRef: string, body: unknown): Charge {
  const message = field(body, 'message');
  return { providerReference: txRef, status: 'DECLINED', declineReason: declineReasonOf('failed', typeof message === 'string' ? message : null) };
}

function transactionOf(body: unknown): FlutterwaveTransaction {
  const data = field(body, 'data');
  const id = field(data, 'id');
  const txRef = field(data, 'tx_ref');
  const amount = field(data, 'amount');
  const currency = field(data, 'currency');
  const status = field(data, 'status');
  const processorResponse = field(data, 'processor_response');
  if (
    (typeof id !== 'string' && typeof id !== 'number') ||
    typeof txRef !== 'string' ||
    typeof amount !== 'string' ||
    !/^\d{1,15}(\.\d{1,8})?$/.test(amount) ||
    typeof currency !== 'string' ||
    typeof status !== 'string'
  ) {
    throw new PaymentGatewayError('UNAVAILABLE', 'Flutterwave answered a transaction without its id, reference, amount, currency or status');
  }
  return { id: String(id), txRef, amount, currency, status, processorResponse: typeof processorResponse === 'string' ? processorResponse : null };
}

/**
 * JSON with Flutterwave's amount numbers kept as their text: JSON.parse would make them floats (no floats for money).
 * Only the amount keys are quoted; everything else parses as usual.
 */
export function parseExact(text: string): unknown {
  return JSON.parse(text.replace(/"(amount|charged_amount|app_fee|merchant_fee|amount_settled)"\s*:\s*(-?\d+(?:\.\d+)?)(?=\s*[,}])/g, '"$1":"$2"'));
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function checkedTxRef(value: string): string {
  if (!TX_REF.test(value)) throw new PaymentGatewayError('UNKNOWN_CHARGE', 'A Flutterwave tx_ref is 1 to 100 letters, digits, _ or -');
  return value;
}

function payerEmail(request: ChargeRequest): string {
  const email = request.payer?.email;
  // Flutterwave requires an email on every charge (its receipt); the booking's payer must be passed down.
  if (!email || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error('A Flutterwave charge needs the payer email');
  return email;
}
