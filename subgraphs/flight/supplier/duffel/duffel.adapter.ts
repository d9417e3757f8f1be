import type { DuffelAccessToken } from '../../../../shared/config/flight-supplier.config';
import { parseAmount } from '../../../../shared/money/money.calculator';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierBooking,
  type SupplierBookingResult,
  type SupplierCancellation,
  type SupplierOffer,
  type SupplierPricingRecord,
  type SupplierSearchCriteria,
  type SupplierTicketDocument,
  type SupplierTraveler,
} from '../flight-supplier.port';
import { mapped, toSupplierError } from './duffel-error.mapper';
import { DuffelHttpClient, DuffelHttpError } from './duffel-http.client';
import { matchesAirlines, offerRequestBody, toSupplierOffer } from './duffel-offer.mapper';
import {
  META_KEY,
  META_OFFER,
  META_TRAVELERS,
  missingFields,
  offerOfOrder,
  orderPassengers,
  ticketDocuments,
  toSupplierBooking,
  toSupplierCancellation,
  travelerMetadata,
} from './duffel-order.mapper';
import type { DuffelOffer, DuffelOfferRequest, DuffelOrder, DuffelOrderCancellation } from './duffel.types';

export interface DuffelAdapterOptions {
  /** DUFFEL_API_URL, without a trailing slash. */
  apiUrl: string;
  accessToken: DuffelAccessToken;
  /** DUFFEL_TIMEOUT_MS: the longest one Duffel call may take. */
  timeoutMs: number;
  now?: () => Date;
}

/** Duffel ids (off_…, ord_…, ore_…) and booking references go into URL paths and queries: only these characters. */
const DUFFEL_ID = /^[A-Za-z0-9_]{1,64}$/;
const BOOKING_REFERENCE = /^[A-Z0-9]{4,16}$/;
/** The orders of one passenger name read to find a sale repeated with the same key (the newest first page). */
const KEY_LOOKUP_LIMIT = 200;

/**
 * The flight supplier port over Duffel's HTTP API (docs/decisions.md "Duffel adapter"). A search is an offer
 * request; Duffel's offer id is our offer id and its expires_at our expiresAt. A sale is a hold order when the offer
 * allows one, else an instant order paid from the Duffel balance; issuing pays the hold order from the balance and
 * reads the e-tickets. The PNR is Duffel's booking_reference: each later call finds the order by
 * GET /air/orders?booking_reference=, so nothing but Duffel holds the mapping. Duffel has no pricing records (TST):
 * createPricingRecords answers none.
 */
export class DuffelAdapter implements FlightSupplier {
  private readonly http: DuffelHttpClient;
  private readonly now: () => Date;

  constructor(private readonly options: DuffelAdapterOptions) {
    this.http = new DuffelHttpClient({ baseUrl: options.apiUrl, token: options.accessToken, timeoutMs: options.timeoutMs });
    this.now = options.now ?? (() => new Date());
  }

  async search(criteria: SupplierSearchCriteria): Promise<SupplierOffer[]> {
    // Duffel waits this long for the airlines and answers what it has, so its answer comes before our own timeout.
    const supplierTimeout = String(Math.max(2000, this.options.timeoutMs - 2000));
    const request = await mapped('search', () =>
      this.http.request<DuffelOfferRequest>(
        'POST',
        '/air/offer_requests',
        { return_offers: 'true', supplier_timeout: supplierTimeout },
        offerRequestBody(criteria),
      ),
    );
    if (!request || !Array.isArray(request.offers)) throw new SupplierError('INVALID_RESPONSE', 'Duffel answered an offer request without offers', false);
    try {
      return request.offers
        .filter((o) => matchesAirlines(o, criteria))
        .sort((a, b) => parseAmount(a.total_amount).comparedTo(parseAmount(b.total_amount)))
        .slice(0, criteria.max)
        .map(toSupplierOffer);
    } catch (error) {
      throw new SupplierError('INVALID_RESPONSE', `Duffel answered an offer we cannot read: ${(error as Error).message}`, false);
    }
  }

  /** GET /air/offers/{id}: the offer as Duffel sells it now; a changed total is our price change. */
  async reprice(offer: SupplierOffer): Promise<SupplierOffer> {
    if (!DUFFEL_ID.test(offer.id)) throw new SupplierError('REPRICE_UNAVAILABLE', 'Not a Duffel offer', false);
    const fresh = await mapped('reprice', () => this.http.request<DuffelOffer>('GET', `/air/offers/${offer.id}`, { return_available_services: 'false' }));
    if (new Date(fresh.expires_at).getTime() <= this.now().getTime()) {
      throw new SupplierError('REPRICE_UNAVAILABLE', 'The Duffel offer has expired', false);
    }
    return toSupplierOffer(fresh);
  }

  async createBooking(input: { offer: SupplierOffer; travelers: SupplierTraveler[]; idempotencyKey: string }): Promise<SupplierBookingResult> {
    const { offer, travelers, idempotencyKey } = input;
    assertTravelersFit(offer, travelers);
    const existing = await mapped('book', () => this.orderOfKey(idempotencyKey, travelers));
    if (existing) return { kind: 'BOOKED', booking: toSupplierBooking(existing, { offer, travelers }) };
    const fields = missingFields(offer, travelers);
    if (fields.length > 0) return { kind: 'ADDITIONAL_INFORMATION_REQUIRED', fields };
    const hold = !offer.instantTicketingRequired;
    const body = {
      type: hold ? 'hold' : 'instant',
      selected_offers: [offer.id],
      passengers: orderPassengers(offer, travelers),
      // An instant order is paid now, from the balance: the offer's total as repriced just before.
      ...(hold ? {} : { payments: [{ type: 'balance', amount: offer.price.total, currency: offer.price.currency }] }),
      metadata: { [META_KEY]: idempotencyKey, [META_OFFER]: offer.id, [META_TRAVELERS]: travelerMetadata(offer) },
    };
    const order = await mapped('book', () => this.http.request<DuffelOrder>('POST', '/air/orders', {}, body));
    return { kind: 'BOOKED', booking: toSupplierBooking(order, { offer, travelers }) };
  }

  /**
   * Duffel keeps no stored fare (TST): the order itself holds its price until payment_required_by. Nothing to create,
   * and no call that could fail between the sale and the reservation's answer; issuance finds a lapsed order.
   */
  async createPricingRecords(pnr: string): Promise<SupplierPricingRecord[]> {
    void pnr;
    return [];
  }

  /**
   * Pays a hold order from the balance (amount and currency: the order's total), then reads its documents. A paid
   * order is never paid again, so a repeat (same or new key) only reads the tickets again.
   */
  async issueTickets(pnr: string, idempotencyKey: string): Promise<SupplierTicketDocument[]> {
    void idempotencyKey;
    let order = await mapped('issue', () => this.orderOf(pnr));
    if (!order || order.cancelled_at) throw new SupplierError('ISSUANCE_FAILED', `PNR ${pnr} is not an active booking`, false);
    if (order.payment_status.awaiting_payment) {
      const paying = order;
      await mapped('issue', async () => {
        try {
          await this.http.request(
            'POST',
            '/air/payments',
            {},
            {
              order_id: paying.id,
              payment: { type: 'balance', amount: paying.total_amount, currency: paying.total_currency },
            },
          );
        } catch (error) {
          // A payment whose answer was lost and is now repeated: Duffel has it, the documents tell the rest.
          if (!(error instanceof DuffelHttpError && error.hasCode('already_paid'))) throw error;
        }
      });
      order = await mapped('issue', () => this.http.request<DuffelOrder>('GET', `/air/orders/${paying.id}`));
    }
    return ticketDocuments(order, offerOfOrder(order));
  }

  async retrieve(pnr: string): Promise<SupplierBooking | null> {
    const order = await mapped('retrieve', () => this.orderOf(pnr));
    return order ? toSupplierBooking(order) : null;
  }

  /** Duffel's two steps: a cancellation quote (its refund), then its confirmation. Repeating answers the confirmed one. */
  async cancel(pnr: string): Promise<SupplierCancellation> {
    const order = await mapped('cancel', () => this.orderOf(pnr));
    if (!order) throw new SupplierError('CANCEL_FAILED', `PNR ${pnr} not found`, false);
    if (order.cancelled_at) return toSupplierCancellation(order, order.cancellation ?? null);
    try {
      const quote = await this.http.request<DuffelOrderCancellation>('POST', '/air/order_cancellations', {}, { order_id: order.id });
      if (!DUFFEL_ID.test(quote.id)) throw new SupplierError('CANCEL_FAILED', 'Duffel answered a cancellation without a usable id', true);
      const confirmed = await this.http.request<DuffelOrderCancellation>('POST', `/air/order_cancellations/${quote.id}/actions/confirm`);
      return toSupplierCancellation(order, confirmed);
    } catch (error) {
      if (error instanceof DuffelHttpError && error.hasCode('already_cancelled', 'order_already_cancelled')) {
        const again = await mapped('cancel', () => this.http.request<DuffelOrder>('GET', `/air/orders/${order.id}`));
        if (again.cancelled_at) return toSupplierCancellation(again, again.cancellation ?? null);
      }
      throw toSupplierError(error, 'cancel');
    }
  }

  /** The order with this booking reference: ours (it carries our key) when Duffel has more than one. */
  private async orderOf(pnr: string): Promise<DuffelOrder | null> {
    if (!BOOKING_REFERENCE.test(pnr)) return null;
    const orders = await this.http.request<DuffelOrder[]>('GET', '/air/orders', { booking_reference: pnr });
    const matching = (Array.isArray(orders) ? orders : []).filter((o) => o.booking_reference === pnr && DUFFEL_ID.test(o.id));
    const ours = matching.filter((o) => o.metadata?.[META_KEY]);
    return ours[0] ?? matching[0] ?? null;
  }

  /** An order an earlier call with this key made (its answer lost): found by the first traveler's name and our key. */
  private async orderOfKey(idempotencyKey: string, travelers: SupplierTraveler[]): Promise<DuffelOrder | null> {
    const name = travelers[0]?.lastName;
    if (!name) return null;
    const orders = await this.http.request<DuffelOrder[]>('GET', '/air/orders', { 'passenger_name[]': name, limit: String(KEY_LOOKUP_LIMIT) });
    return (Array.isArray(orders) ? orders : []).find((o) => o.metadata?.[META_KEY] === idempotencyKey && DUFFEL_ID.test(o.id)) ?? null;
  }
}

/** The travelers must fill the offer's traveler slots exactly, with the same types. */
function assertTravelersFit(offer: SupplierOffer, travelers: SupplierTraveler[]): void {
  const slots = new Map(offer.travelerPricings.map((p) => [p.travelerId, p.travelerType]));
  const fits =
    travelers.length === slots.size &&
    new Set(travelers.map((t) => t.travelerId)).size === travelers.length &&
    travelers.every((t) => slots.get(t.travelerId) === t.type) &&
    offer.travelerPricings.every((p) => p.supplierPassengerId && DUFFEL_ID.test(p.supplierPassengerId));
  if (!fits) throw new SupplierError('RESERVATION_FAILED', 'Travelers do not match the offer', false);
}

export function createDuffelAdapter(options: DuffelAdapterOptions): FlightSupplier {
  return new DuffelAdapter(options);
}
