import type {
  SupplierBooking,
  SupplierBookedSegment,
  SupplierBookedTraveler,
  SupplierCancellation,
  SupplierOffer,
  SupplierRequiredField,
  SupplierTicketDocument,
  SupplierTraveler,
} from '../flight-supplier.port';
import type { DuffelCreateOrderPassenger, DuffelOrder, DuffelOrderCancellation } from './duffel.types';
import { evenSplit, fareRulesOf, itinerariesOf, orderedPassengers, travelerTypeOf } from './duffel-offer.mapper';

/** Order metadata keys (Duffel keeps up to 50 string pairs per order and does not read them). */
export const META_KEY = 'safiri_key';
export const META_OFFER = 'safiri_offer';
export const META_TRAVELERS = 'safiri_travelers';

/** Refund destinations that give money back by themselves; vouchers and airline credits leave someone a refund to handle. */
const MONEY_REFUNDS = new Set(['balance', 'card', 'arc_bsp_cash', 'original_form_of_payment']);

/** What Duffel needs that the travelers lack: nothing is sent to Duffel until these are given. */
export function missingFields(offer: SupplierOffer, travelers: SupplierTraveler[]): SupplierRequiredField[] {
  const fields: SupplierRequiredField[] = [];
  const ask = (t: SupplierTraveler, field: SupplierRequiredField['field'], message: string): void => {
    fields.push({ travelerId: t.travelerId, field, message });
  };
  for (const t of travelers) {
    // Duffel's order passengers always carry born_on and gender.
    if (!t.dateOfBirth) ask(t, 'dateOfBirth', 'The airline needs the date of birth');
    if (!t.gender) ask(t, 'gender', 'The airline needs the gender');
    if (!offer.documentsRequired) continue;
    const d = t.document;
    if (!d || d.type !== 'PASSPORT') ask(t, 'document.type', 'The airline needs a passport for this itinerary');
    if (!d?.number) ask(t, 'document.number', 'The airline needs the passport number');
    if (!d?.expiryDate) ask(t, 'document.expiryDate', 'The airline needs the passport expiry date');
    if (!d?.issuingCountry) ask(t, 'document.issuingCountry', 'The airline needs the passport issuing country');
  }
  return fields;
}

/** Order passengers for POST /air/orders: each infant travels on an adult's lap, the n-th infant with the n-th adult. */
export function orderPassengers(offer: SupplierOffer, travelers: SupplierTraveler[]): DuffelCreateOrderPassenger[] {
  const idOf = new Map(offer.travelerPricings.map((p) => [p.travelerId, p.supplierPassengerId ?? '']));
  const infants = travelers.filter((t) => t.type === 'HELD_INFANT');
  const adults = travelers.filter((t) => t.type === 'ADULT');
  return travelers.map((t) => {
    const lap = t.type === 'ADULT' ? infants[adults.indexOf(t)] : undefined;
    const d = t.document;
    return {
      id: idOf.get(t.travelerId)!,
      title: t.gender === 'FEMALE' ? 'ms' : 'mr',
      given_name: t.firstName,
      family_name: t.lastName,
      born_on: t.dateOfBirth!,
      gender: t.gender === 'FEMALE' ? 'f' : 'm',
      email: t.email,
      phone_number: t.phone,
      ...(lap ? { infant_passenger_id: idOf.get(lap.travelerId)! } : {}),
      ...(d && d.type === 'PASSPORT'
        ? { identity_documents: [{ type: 'passport' as const, unique_identifier: d.number, issuing_country_code: d.issuingCountry, expires_on: d.expiryDate }] }
        : {}),
    };
  });
}

/** "1=pas_a,2=pas_b": which Duffel passenger each of our travelers is, kept on the order for retrieve. */
export function travelerMetadata(offer: SupplierOffer): string {
  return offer.travelerPricings.map((p) => `${p.travelerId}=${p.supplierPassengerId ?? ''}`).join(',');
}

function travelerIdsOf(order: DuffelOrder): Map<string, string> {
  const byPassenger = new Map<string, string>();
  for (const pair of (order.metadata?.[META_TRAVELERS] ?? '').split(',')) {
    const [travelerId, passengerId] = pair.split('=');
    if (travelerId && passengerId) byPassenger.set(passengerId, travelerId);
  }
  if (byPassenger.size === order.passengers.length) return byPassenger;
  // An order not made by this adapter: our order of passengers.
  return new Map(orderedPassengers(order.passengers).map((p, i) => [p.id, String(i + 1)]));
}

/** The offer as sold, rebuilt from the order (retrieve has no offer): the order's price, slices and passengers. */
export function offerOfOrder(order: DuffelOrder): SupplierOffer {
  const passengers = orderedPassengers(order.passengers);
  const currency = order.total_currency;
  const base = order.base_amount ?? order.total_amount;
  const totals = evenSplit(order.total_amount, currency, passengers.length);
  const bases = evenSplit(base, currency, passengers.length);
  const travelerIds = travelerIdsOf(order);
  const segments = order.slices.flatMap((s) => s.segments);
  const itineraries = itinerariesOf(order.slices);
  const cabins = itineraries.flatMap((x) => x.segments.map((s) => s.cabin));
  return {
    id: order.metadata?.[META_OFFER] ?? order.id,
    source: 'GDS',
    oneWay: order.slices.length === 1,
    instantTicketingRequired: false,
    nonHomogeneous: false,
    lastTicketingDate: (order.payment_status.payment_required_by ?? order.created_at).slice(0, 10),
    numberOfBookableSeats: passengers.filter((p) => travelerTypeOf(p) !== 'HELD_INFANT').length,
    validatingAirlineCodes: order.owner.iata_code ? [order.owner.iata_code] : [],
    itineraries,
    price: { currency, total: order.total_amount, base, taxes: [] },
    travelerPricings: passengers.map((p, i) => ({
      travelerId: travelerIds.get(p.id) ?? String(i + 1),
      travelerType: travelerTypeOf(p),
      fareOption: 'STANDARD',
      price: { currency, total: totals[i], base: bases[i] },
      fareDetailsBySegment: segments.map((segment, s) => {
        const mine = segment.passengers.find((sp) => sp.passenger_id === p.id) ?? segment.passengers[0];
        const checked = (mine?.baggages ?? []).filter((b) => b.type === 'checked').reduce((n, b) => n + b.quantity, 0);
        return { segmentId: String(s + 1), cabin: cabins[s], fareBasis: mine?.fare_basis_code ?? '', class: '', includedCheckedBags: { quantity: checked } };
      }),
      supplierPassengerId: p.id,
    })),
    fareRules: fareRulesOf(order.conditions),
  };
}

/**
 * The order as our booking. The PNR is Duffel's booking_reference (the airline's record locator); Duffel keeps
 * no pricing records, so there are none (docs/decisions.md "Duffel adapter").
 */
export function toSupplierBooking(order: DuffelOrder, sold?: { offer: SupplierOffer; travelers: SupplierTraveler[] }): SupplierBooking {
  const offer = sold?.offer ?? offerOfOrder(order);
  const cancelled = order.cancelled_at !== null && order.cancelled_at !== undefined;
  const segments: SupplierBookedSegment[] = offer.itineraries.flatMap((itinerary, itineraryIndex) =>
    itinerary.segments.map((s) => ({
      reference: Number(s.id),
      itineraryIndex,
      segmentId: s.id,
      carrierCode: s.carrierCode,
      number: s.number,
      departure: s.departure,
      arrival: s.arrival,
      cabin: s.cabin,
      // Duffel gives no booking class (RBD).
      bookingClass: '',
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    })),
  );
  const allSegments = segments.map((s) => s.reference);
  const owner = order.owner.iata_code ?? '';
  return {
    pnr: order.booking_reference,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    offer,
    recordLocators: [{ controlNumber: order.booking_reference, type: 'AIRLINE', scope: 'PNR', companyId: owner, segmentReferences: allSegments }],
    associatedRecords: [
      { reference: order.booking_reference, creationDate: new Date(order.created_at).toISOString(), originSystemCode: owner, flightOfferId: offer.id },
    ],
    segments,
    travelers: bookedTravelers(order, offer, sold?.travelers),
    pricingRecords: [],
    documents: order.payment_status.awaiting_payment ? [] : ticketDocuments(order, offer),
    createdAt: new Date(order.created_at).toISOString(),
    cancelledAt: cancelled ? new Date(order.cancelled_at!).toISOString() : null,
  };
}

function bookedTravelers(order: DuffelOrder, offer: SupplierOffer, travelers?: SupplierTraveler[]): SupplierBookedTraveler[] {
  const reference = (travelerId: string): number => offer.travelerPricings.findIndex((p) => p.travelerId === travelerId) + 1;
  if (travelers) return travelers.map((t) => ({ ...t, passengerReference: reference(t.travelerId) }));
  return offer.travelerPricings.map((p) => {
    const passenger = order.passengers.find((x) => x.id === p.supplierPassengerId)!;
    return {
      travelerId: p.travelerId,
      type: p.travelerType,
      firstName: passenger.given_name,
      lastName: passenger.family_name,
      dateOfBirth: passenger.born_on,
      gender: passenger.gender === 'f' ? 'FEMALE' : passenger.gender === 'm' ? 'MALE' : null,
      email: passenger.email ?? '',
      phone: passenger.phone_number ?? '',
      passengerReference: reference(p.travelerId),
    };
  });
}

/**
 * One document per traveler of a paid order: ISSUED with the e-ticket number (documents[].unique_identifier of type
 * electronic_ticket) when Duffel has one for the passenger, else EXPECTED: the airline has not ticketed that passenger yet.
 */
export function ticketDocuments(order: DuffelOrder, offer: SupplierOffer): SupplierTicketDocument[] {
  const tickets = (order.documents ?? []).filter((d) => d.type === 'electronic_ticket');
  const segments = offer.itineraries.flatMap((i) => i.segments.map((s) => Number(s.id)));
  const carrier = offer.validatingAirlineCodes[0] ?? '';
  const issuedAt = order.payment_status.paid_at ? new Date(order.payment_status.paid_at).toISOString() : undefined;
  return offer.travelerPricings.map((p, i) => {
    const ticket = tickets.find((d) => p.supplierPassengerId !== undefined && d.passenger_ids.includes(p.supplierPassengerId));
    return {
      travelerId: p.travelerId,
      passengerReference: i + 1,
      status: ticket ? 'ISSUED' : 'EXPECTED',
      ...(ticket ? { ticketNumber: ticket.unique_identifier, issuedAt } : {}),
      validatingCarrier: carrier,
      // Duffel has no TST, pricing record or FA/FH element: those stay empty.
      pricingRecordReference: null,
      segmentReferences: segments,
      coupons: ticket ? segments.map((segmentReference) => ({ segmentReference, status: 'OPEN' })) : [],
    };
  });
}

/** A confirmed Duffel cancellation as ours; the refund is Duffel's quote as confirmed. */
export function toSupplierCancellation(order: DuffelOrder, cancellation: DuffelOrderCancellation | null): SupplierCancellation {
  const paid = !order.payment_status.awaiting_payment;
  const amount = cancellation?.refund_amount ?? null;
  const refunds = paid && amount !== null && Number(amount) > 0;
  const money = refunds && MONEY_REFUNDS.has(cancellation!.refund_to);
  return {
    cancelled: true,
    // Duffel settles a refund to the balance or card itself (pending); credits and vouchers leave a refund for someone to handle.
    refundPending: money,
    refundRequired: refunds && !money,
    refund:
      cancellation && amount !== null && cancellation.refund_currency ? { amount, currency: cancellation.refund_currency, to: cancellation.refund_to } : null,
  };
}
