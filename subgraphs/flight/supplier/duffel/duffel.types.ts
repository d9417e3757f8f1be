/**
 * The parts of Duffel's JSON (API version v2) the adapter reads or sends, as Duffel documents them
 * (https://duffel.com/docs/api): offer requests, offers, orders, payments and order cancellations.
 */

export type DuffelCabinClass = 'economy' | 'premium_economy' | 'business' | 'first';
export type DuffelPassengerType = 'adult' | 'child' | 'infant_without_seat';

export interface DuffelPlace {
  iata_code: string;
  time_zone?: string | null;
}

export interface DuffelAirline {
  iata_code: string | null;
  name?: string;
}

export interface DuffelSegmentPassenger {
  passenger_id: string;
  cabin_class: DuffelCabinClass;
  fare_basis_code?: string | null;
  baggages: Array<{ type: 'checked' | 'carry_on'; quantity: number }>;
}

export interface DuffelSegment {
  id: string;
  origin: DuffelPlace;
  destination: DuffelPlace;
  origin_terminal?: string | null;
  destination_terminal?: string | null;
  /** Local wall-clock time at the origin, without zone. */
  departing_at: string;
  arriving_at: string;
  duration: string | null;
  marketing_carrier: DuffelAirline;
  marketing_carrier_flight_number: string;
  operating_carrier: DuffelAirline;
  operating_carrier_flight_number?: string | null;
  aircraft: { iata_code: string | null } | null;
  stops?: unknown[];
  passengers: DuffelSegmentPassenger[];
}

export interface DuffelSlice {
  id: string;
  duration: string | null;
  segments: DuffelSegment[];
}

export interface DuffelPassenger {
  id: string;
  type: DuffelPassengerType | null;
  age?: number | null;
}

export interface DuffelConditions {
  refund_before_departure?: { allowed: boolean } | null;
  change_before_departure?: { allowed: boolean } | null;
}

export interface DuffelOffer {
  id: string;
  expires_at: string;
  total_amount: string;
  total_currency: string;
  base_amount: string | null;
  base_currency: string | null;
  tax_amount: string | null;
  tax_currency: string | null;
  owner: DuffelAirline;
  passengers: DuffelPassenger[];
  slices: DuffelSlice[];
  conditions?: DuffelConditions | null;
  passenger_identity_documents_required: boolean;
  supported_passenger_identity_document_types?: string[];
  payment_requirements: { requires_instant_payment: boolean; payment_required_by: string | null; price_guarantee_expires_at: string | null };
  live_mode?: boolean;
}

export interface DuffelOfferRequest {
  id: string;
  offers: DuffelOffer[];
}

export interface DuffelOrderPassenger {
  id: string;
  type: DuffelPassengerType | null;
  given_name: string;
  family_name: string;
  born_on: string | null;
  gender: 'm' | 'f' | null;
  email?: string | null;
  phone_number?: string | null;
}

export interface DuffelOrderDocument {
  type: 'electronic_ticket' | 'electronic_miscellaneous_document_associated' | 'electronic_miscellaneous_document_standalone';
  unique_identifier: string;
  passenger_ids: string[];
}

export interface DuffelOrderCancellation {
  id: string;
  order_id: string;
  refund_amount: string | null;
  refund_currency: string | null;
  refund_to: string;
  confirmed_at: string | null;
  expires_at: string | null;
}

export interface DuffelOrder {
  id: string;
  booking_reference: string;
  total_amount: string;
  total_currency: string;
  base_amount: string | null;
  tax_amount: string | null;
  owner: DuffelAirline;
  passengers: DuffelOrderPassenger[];
  slices: DuffelSlice[];
  documents?: DuffelOrderDocument[] | null;
  conditions?: DuffelConditions | null;
  payment_status: { awaiting_payment: boolean; payment_required_by: string | null; price_guarantee_expires_at?: string | null; paid_at: string | null };
  metadata?: Record<string, string> | null;
  created_at: string;
  cancelled_at: string | null;
  cancellation?: DuffelOrderCancellation | null;
  live_mode?: boolean;
}

export interface DuffelCreateOrderPassenger {
  id: string;
  title: 'mr' | 'ms' | 'mrs' | 'miss';
  given_name: string;
  family_name: string;
  born_on: string;
  gender: 'm' | 'f';
  email: string;
  phone_number: string;
  infant_passenger_id?: string;
  identity_documents?: Array<{ type: 'passport'; unique_identifier: string; issuing_country_code: string; expires_on: string }>;
}

/** One error of Duffel's `errors[]`. */
export interface DuffelApiErrorItem {
  type?: string;
  code?: string;
  title?: string;
  message?: string;
  source?: { field?: string; pointer?: string } | null;
}
