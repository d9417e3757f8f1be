/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query MyTrips($first: Int, $after: String) {\n    me {\n      trips(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            __typename\n            id\n            kind\n            status\n            paymentReference\n            from {\n              name\n            }\n            to {\n              name\n            }\n            departure {\n              date\n              time\n            }\n            price {\n              amount\n              currency\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.MyTripsDocument,
    "\n  query WalletStatement($first: Int, $after: String) {\n    me {\n      wallet {\n        currency\n        balance\n        availableBalance\n        spendable\n        heldTotal\n        entries(first: $first, after: $after) {\n          edges {\n            node {\n              id\n              type\n              amount\n              balanceAfter\n              reason\n              createdAt\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n": typeof types.WalletStatementDocument,
    "\n  query TrainSearch($from: String!, $to: String!, $date: String!, $lookAheadDays: String) {\n    trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) {\n      meta {\n        count\n      }\n      data {\n        trip {\n          number\n          name\n          timeTableTrainSetId\n        }\n        departure {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        arrival {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        price {\n          grandTotal\n          currency\n        }\n      }\n    }\n  }\n": typeof types.TrainSearchDocument,
    "\n  mutation SearchFlights($input: FlightSearchInput!) {\n    searchFlights(input: $input) {\n      meta {\n        count\n      }\n      data {\n        offerReference\n        price {\n          grandTotal\n          currency\n        }\n        itineraries {\n          duration\n          segments {\n            carrierCode\n            number\n            departure {\n              iataCode\n              at\n            }\n            arrival {\n              iataCode\n              at\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.SearchFlightsDocument,
};
const documents: Documents = {
    "\n  query MyTrips($first: Int, $after: String) {\n    me {\n      trips(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            __typename\n            id\n            kind\n            status\n            paymentReference\n            from {\n              name\n            }\n            to {\n              name\n            }\n            departure {\n              date\n              time\n            }\n            price {\n              amount\n              currency\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.MyTripsDocument,
    "\n  query WalletStatement($first: Int, $after: String) {\n    me {\n      wallet {\n        currency\n        balance\n        availableBalance\n        spendable\n        heldTotal\n        entries(first: $first, after: $after) {\n          edges {\n            node {\n              id\n              type\n              amount\n              balanceAfter\n              reason\n              createdAt\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n": types.WalletStatementDocument,
    "\n  query TrainSearch($from: String!, $to: String!, $date: String!, $lookAheadDays: String) {\n    trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) {\n      meta {\n        count\n      }\n      data {\n        trip {\n          number\n          name\n          timeTableTrainSetId\n        }\n        departure {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        arrival {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        price {\n          grandTotal\n          currency\n        }\n      }\n    }\n  }\n": types.TrainSearchDocument,
    "\n  mutation SearchFlights($input: FlightSearchInput!) {\n    searchFlights(input: $input) {\n      meta {\n        count\n      }\n      data {\n        offerReference\n        price {\n          grandTotal\n          currency\n        }\n        itineraries {\n          duration\n          segments {\n            carrierCode\n            number\n            departure {\n              iataCode\n              at\n            }\n            arrival {\n              iataCode\n              at\n            }\n          }\n        }\n      }\n    }\n  }\n": types.SearchFlightsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyTrips($first: Int, $after: String) {\n    me {\n      trips(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            __typename\n            id\n            kind\n            status\n            paymentReference\n            from {\n              name\n            }\n            to {\n              name\n            }\n            departure {\n              date\n              time\n            }\n            price {\n              amount\n              currency\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyTrips($first: Int, $after: String) {\n    me {\n      trips(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            __typename\n            id\n            kind\n            status\n            paymentReference\n            from {\n              name\n            }\n            to {\n              name\n            }\n            departure {\n              date\n              time\n            }\n            price {\n              amount\n              currency\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WalletStatement($first: Int, $after: String) {\n    me {\n      wallet {\n        currency\n        balance\n        availableBalance\n        spendable\n        heldTotal\n        entries(first: $first, after: $after) {\n          edges {\n            node {\n              id\n              type\n              amount\n              balanceAfter\n              reason\n              createdAt\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WalletStatement($first: Int, $after: String) {\n    me {\n      wallet {\n        currency\n        balance\n        availableBalance\n        spendable\n        heldTotal\n        entries(first: $first, after: $after) {\n          edges {\n            node {\n              id\n              type\n              amount\n              balanceAfter\n              reason\n              createdAt\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrainSearch($from: String!, $to: String!, $date: String!, $lookAheadDays: String) {\n    trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) {\n      meta {\n        count\n      }\n      data {\n        trip {\n          number\n          name\n          timeTableTrainSetId\n        }\n        departure {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        arrival {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        price {\n          grandTotal\n          currency\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TrainSearch($from: String!, $to: String!, $date: String!, $lookAheadDays: String) {\n    trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) {\n      meta {\n        count\n      }\n      data {\n        trip {\n          number\n          name\n          timeTableTrainSetId\n        }\n        departure {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        arrival {\n          dateTime\n          stop {\n            stopName\n          }\n        }\n        price {\n          grandTotal\n          currency\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SearchFlights($input: FlightSearchInput!) {\n    searchFlights(input: $input) {\n      meta {\n        count\n      }\n      data {\n        offerReference\n        price {\n          grandTotal\n          currency\n        }\n        itineraries {\n          duration\n          segments {\n            carrierCode\n            number\n            departure {\n              iataCode\n              at\n            }\n            arrival {\n              iataCode\n              at\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SearchFlights($input: FlightSearchInput!) {\n    searchFlights(input: $input) {\n      meta {\n        count\n      }\n      data {\n        offerReference\n        price {\n          grandTotal\n          currency\n        }\n        itineraries {\n          duration\n          segments {\n            carrierCode\n            number\n            departure {\n              iataCode\n              at\n            }\n            arrival {\n              iataCode\n              at\n            }\n          }\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;