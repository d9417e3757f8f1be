/**
 * Duffel answers as its API reference documents them (v2: https://duffel.com/docs/api — offers, orders, payments,
 * order cancellations, errors), trimmed to the fields the documentation marks as always present plus those the
 * adapter reads. Ids, prices and times are the replay server's; the shapes are Duffel's.
 */

export interface FixturePassengerRequest {
  type?: string;
  age?: number;
}

/** Duffel Airways (ZZ), Duffel's test-mode airline: its offers may be held and paid later. */
export const DUFFEL_AIRWAYS = { iata_code: 'ZZ', name: 'Duffel Airways', id: 'arl_00009VME7DAGiJjwomhv32' };
/** A second airline whose offers must be paid at once (instant orders only). */
export const INSTANT_AIRLINE = { iata_code: 'KQ', name: 'Kenya Airways', id: 'arl_00009VME7D6ivUu8dn35WK' };

export interface FixtureOfferOptions {
  id: string;
  owner: typeof DUFFEL_AIRWAYS;
  slices: Array<{ origin: string; destination: string; departure_date: string }>;
  passengers: Array<FixturePassengerRequest & { id: string }>;
  cabinClass: string;
  totalAmount: string;
  baseAmount: string;
  taxAmount: string;
  currency: string;
  expiresAt: string;
  createdAt: string;
  requiresInstantPayment: boolean;
  paymentRequiredBy: string | null;
  documentsRequired: boolean;
  connections: number;
}

/** The airports the suites fly between, as Duffel names them; any other code is a Tanzanian airport. */
const AIRPORTS: Record<string, { country: string; name: string }> = {
  DAR: { country: 'TZ', name: 'Julius Nyerere International Airport' },
  ZNZ: { country: 'TZ', name: 'Abeid Amani Karume International Airport' },
  NBO: { country: 'KE', name: 'Jomo Kenyatta International Airport' },
  LHR: { country: 'GB', name: 'Heathrow Airport' },
};

function airport(code: string): Record<string, unknown> {
  return {
    type: 'airport',
    iata_code: code,
    iata_country_code: AIRPORTS[code]?.country ?? 'TZ',
    name: AIRPORTS[code]?.name ?? `${code} Airport`,
    id: `arp_${code.toLowerCase()}_tz`,
    time_zone: 'Africa/Dar_es_Salaam',
  };
}

function segment(
  id: string,
  origin: string,
  destination: string,
  date: string,
  departHour: number,
  owner: typeof DUFFEL_AIRWAYS,
  number: string,
  passengers: FixtureOfferOptions['passengers'],
  cabinClass: string,
): Record<string, unknown> {
  const at = (h: number): string => `${date}T${String(h).padStart(2, '0')}:15:00`;
  return {
    id,
    origin: airport(origin),
    destination: airport(destination),
    origin_terminal: '1',
    destination_terminal: null,
    departing_at: at(departHour),
    arriving_at: at(departHour + 2),
    duration: 'PT2H',
    distance: '560.1',
    marketing_carrier: owner,
    marketing_carrier_flight_number: number,
    operating_carrier: owner,
    operating_carrier_flight_number: number,
    aircraft: { iata_code: '73H', name: 'Boeing 737-800', id: 'arc_00009UhD4ongolulWd91Ky' },
    stops: [],
    passengers: passengers.map((p) => ({
      passenger_id: p.id,
      cabin_class: cabinClass,
      cabin_class_marketing_name: 'Economy',
      fare_basis_code: 'Y20LGTN2',
      baggages: [
        { type: 'checked', quantity: p.age !== undefined && p.age < 2 ? 0 : 1 },
        { type: 'carry_on', quantity: 1 },
      ],
    })),
  };
}

/** One offer as in POST /air/offer_requests?return_offers=true and GET /air/offers/{id}. */
export function offerFixture(o: FixtureOfferOptions): Record<string, unknown> {
  let n = 0;
  const slices = o.slices.map((s, i) => {
    const legs = o.connections > 0 ? [s.origin, 'JRO', s.destination] : [s.origin, s.destination];
    const segments = legs
      .slice(1)
      .map((to, k) => segment(`seg_${o.id}_${++n}`, legs[k], to, s.departure_date, 8 + k * 3, o.owner, String(100 + i * 10 + k), o.passengers, o.cabinClass));
    return {
      id: `sli_${o.id}_${i + 1}`,
      origin: airport(s.origin),
      destination: airport(s.destination),
      origin_type: 'airport',
      destination_type: 'airport',
      duration: o.connections > 0 ? 'PT5H' : 'PT2H',
      fare_brand_name: 'Basic',
      segments,
      conditions: { change_before_departure: { allowed: true, penalty_amount: '20.00', penalty_currency: o.currency } },
    };
  });
  return {
    id: o.id,
    live_mode: false,
    created_at: o.createdAt,
    updated_at: o.createdAt,
    expires_at: o.expiresAt,
    total_amount: o.totalAmount,
    total_currency: o.currency,
    base_amount: o.baseAmount,
    base_currency: o.currency,
    tax_amount: o.taxAmount,
    tax_currency: o.currency,
    total_emissions_kg: '90',
    owner: o.owner,
    partial: false,
    passengers: o.passengers.map((p) => ({
      id: p.id,
      type: p.type === 'adult' ? 'adult' : null,
      age: p.age ?? null,
      fare_type: null,
      loyalty_programme_accounts: [],
    })),
    slices,
    conditions: {
      refund_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null },
      change_before_departure: { allowed: true, penalty_amount: '20.00', penalty_currency: o.currency },
    },
    passenger_identity_documents_required: o.documentsRequired,
    supported_passenger_identity_document_types: ['passport'],
    payment_requirements: {
      requires_instant_payment: o.requiresInstantPayment,
      payment_required_by: o.paymentRequiredBy,
      price_guarantee_expires_at: o.paymentRequiredBy,
    },
    available_services: [],
    private_fares: [],
    supported_loyalty_programmes: [],
  };
}

/** Duffel's error body: `errors[]` with type, code, title and message, and the request id in `meta`. */
export function errorBody(status: number, type: string, code: string, message: string, field?: string): Record<string, unknown> {
  return {
    meta: { status, request_id: `FZW0H3HdJwKk5HMAAKxB${status}` },
    errors: [
      {
        type,
        code,
        title: message.split('.')[0],
        message,
        documentation_url: `https://duffel.com/docs/api/overview/errors#${code}`,
        ...(field ? { source: { field, pointer: `/${field.replace(/\./g, '/')}` } } : {}),
      },
    ],
  };
}
