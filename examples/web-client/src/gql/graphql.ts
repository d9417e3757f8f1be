/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A cabin (travel class) of a flight */
export type FlightCabin =
  /** Business */
  | 'BUSINESS'
  /** Economy */
  | 'ECONOMY'
  /** First */
  | 'FIRST'
  /** Premium economy */
  | 'PREMIUM_ECONOMY';

/** A flight search: the route, the dates, the travelers and the filters; an absent member takes its default */
export type FlightSearchInput = {
  /** Travelers aged 12 or older: 1 to 9; default 1. Adults plus children: at most 9 (our limit) */
  adults?: number | null | undefined;
  /** Optional: the age of each child (2 to 11), one per child; a supplier that prices by age (Duffel) is asked with them */
  childAges?: Array<number> | null | undefined;
  /** Travelers aged 2 to 11: 0 to 9; default 0. Adults plus children: at most 9 seated travelers per search (our limit, as one GDS booking seats 9) */
  children?: number | null | undefined;
  /** Display currency; wins over Content-Currency; default USD */
  currencyCode?: string | null | undefined;
  /** YYYY-MM-DD (a String, so that a malformed date is one of the problems the 400 lists in data.fields[]) */
  departureDate: string;
  /** IATA code of the arrival airport (Airport.stopCode) */
  destinationLocationCode: string;
  /** No offers of these IATA airline codes */
  excludedAirlineCodes?: Array<string> | null | undefined;
  /** Only offers of these IATA airline codes */
  includedAirlineCodes?: Array<string> | null | undefined;
  /** Optional: the age of each infant (0 or 1), one per infant */
  infantAges?: Array<number> | null | undefined;
  /** Infants under 2 on an adult's lap; at most adults; default 0 */
  infants?: number | null | undefined;
  /** 1 to 7: check that many later dates when the requested dates have no offers */
  lookAheadDays?: number | null | undefined;
  /** At least 1; above 200 counts as 200 */
  max?: number | null | undefined;
  /** Highest offer total per traveler, in the display currency */
  maxPrice?: number | null | undefined;
  /** True for direct flights only; default false */
  nonStop?: boolean | null | undefined;
  /** IATA code of the departure airport (Airport.stopCode) */
  originLocationCode: string;
  /** YYYY-MM-DD; omit for one-way */
  returnDate?: string | null | undefined;
  /** Only offers in this cabin */
  travelClass?: FlightCabin | null | undefined;
};

/** What kind of booking a trip is */
export type TripKind =
  /** A flight reservation */
  | 'FLIGHT'
  /** An SGR train reservation */
  | 'TRAIN';

/** What a ledger entry records */
export type WalletEntryType =
  /** A correction by an administrator, up or down (mutation adjustWallet) */
  | 'ADJUSTMENT'
  /** The price of a booking, debited when it was issued */
  | 'BOOKING_DEBIT'
  /** Any other credit */
  | 'CREDIT'
  /** Any other debit */
  | 'DEBIT'
  /** The balance the wallet was opened with */
  | 'OPENING_BALANCE'
  /** Money paid in by an administrator (mutation topUpWallet or the accounts CLI) */
  | 'TOP_UP';

export type MyTripsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MyTripsQuery = { me: { trips: { edges: Array<{ cursor: string, node:
          | { __typename: 'FlightBooking', id: string, kind: TripKind, status: string, paymentReference: string, from: { name: string }, to: { name: string }, departure: { date: string, time: string }, price: { amount: string, currency: string } | null }
          | { __typename: 'TrainBooking', id: string, kind: TripKind, status: string, paymentReference: string, from: { name: string }, to: { name: string }, departure: { date: string, time: string }, price: { amount: string, currency: string } | null }
         }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type WalletStatementQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type WalletStatementQuery = { me: { wallet: { currency: string, balance: string, availableBalance: string, spendable: string, heldTotal: string, entries: { edges: Array<{ node: { id: string, type: WalletEntryType, amount: string, balanceAfter: string, reason: string | null, createdAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null } };

export type TrainSearchQueryVariables = Exact<{
  from: string;
  to: string;
  date: string;
  lookAheadDays?: string | null | undefined;
}>;


export type TrainSearchQuery = { trainSearch: { meta: { count: number }, data: Array<{ trip: { number: string, name: string, timeTableTrainSetId: number }, departure: { dateTime: string, stop: { stopName: string } }, arrival: { dateTime: string, stop: { stopName: string } }, price: { grandTotal: string, currency: string } }> } };

export type SearchFlightsMutationVariables = Exact<{
  input: FlightSearchInput;
}>;


export type SearchFlightsMutation = { searchFlights: { meta: { count: number }, data: Array<{ offerReference: string, price: { grandTotal: string, currency: string }, itineraries: Array<{ duration: string, segments: Array<{ carrierCode: string, number: string, departure: { iataCode: string, at: string }, arrival: { iataCode: string, at: string } }> }> }> } };


export const MyTripsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyTrips"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trips"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paymentReference"}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"departure"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"time"}}]}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<MyTripsQuery, MyTripsQueryVariables>;
export const WalletStatementDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletStatement"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"wallet"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"availableBalance"}},{"kind":"Field","name":{"kind":"Name","value":"spendable"}},{"kind":"Field","name":{"kind":"Name","value":"heldTotal"}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"balanceAfter"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<WalletStatementQuery, WalletStatementQueryVariables>;
export const TrainSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrainSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"date"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lookAheadDays"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trainSearch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"date"},"value":{"kind":"Variable","name":{"kind":"Name","value":"date"}}},{"kind":"Argument","name":{"kind":"Name","value":"lookAheadDays"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lookAheadDays"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trip"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timeTableTrainSetId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"departure"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateTime"}},{"kind":"Field","name":{"kind":"Name","value":"stop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stopName"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"arrival"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateTime"}},{"kind":"Field","name":{"kind":"Name","value":"stop"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stopName"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"grandTotal"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TrainSearchQuery, TrainSearchQueryVariables>;
export const SearchFlightsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SearchFlights"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"FlightSearchInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchFlights"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offerReference"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"grandTotal"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"Field","name":{"kind":"Name","value":"itineraries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"duration"}},{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"carrierCode"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"departure"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"iataCode"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}},{"kind":"Field","name":{"kind":"Name","value":"arrival"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"iataCode"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SearchFlightsMutation, SearchFlightsMutationVariables>;