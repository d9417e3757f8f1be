import {
  ASTVisitor,
  DocumentNode,
  FragmentDefinitionNode,
  getNullableType,
  GraphQLError,
  GraphQLSchema,
  isListType,
  Kind,
  SelectionSetNode,
  ValidationContext,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { ComplexityEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { PlatformErrorCode } from '../shared/errors/app-error';

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: PlatformErrorCode.QUERY_TOO_COMPLEX,
      errorCode: PlatformErrorCode.QUERY_TOO_COMPLEX,
      errorMessage: message,
      status: 400,
      http: { status: 400 },
    },
  });
}

/** Rejects operations nested deeper than `max` fields (fragments followed, cycles cut). */
export function depthLimitRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depth = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + depth(sel.selectionSet, seen));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depth(sel.selectionSet, seen));
        } else if (!seen.has(sel.name.value)) {
          const fragment = fragments.get(sel.name.value);
          deepest = Math.max(deepest, depth(fragment?.selectionSet, new Set([...seen, sel.name.value])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const found = depth(node.selectionSet, new Set());
        if (found > max) context.reportError(limitError(`The operation is nested ${found} levels deep; the limit is ${max}`));
      },
    };
  };
}

/** A list field is assumed to return LIST_SIZE items: its selection costs that many times. */
const LIST_SIZE = 20;

/**
 * Lists the domain bounds well below LIST_SIZE (a journey has at most two itineraries, an
 * offer at most nine travelers): without these, nested lists multiply into costs no real
 * client query deserves, and the limit would stop them rather than abuse.
 */
const LIST_SIZE_HINTS: Readonly<Record<string, number>> = {
  'FlightOffer.itineraries': 2,
  'FlightItinerary.segments': 4,
  'FlightOffer.travelerPricings': 9,
  'TravelerPricing.fareDetailsBySegment': 8,
  'OfferPrice.fees': 4,
  'OfferPrice.bookingFees': 2,
  'OfferPrice.otherCurrencies': 6,
  'CurrencyPrice.bookingFees': 2,
  'BookingRequirementsType.travelerRequirements': 9,
  'ReservationSummaryType.flightOffers': 1,
  'ReservationSummaryType.travelers': 9,
  'AgentReservationType.pricingRecords': 3,
  'TrainTrip.cars': 8,
  'TrainTrip.stopTimes': 14,
  'TrainPrice.fees': 3,
  'TrainPrice.otherCurrencies': 6,
  'TrainCurrencyPrice.fees': 3,
  'TrainStation.partners': 2,
  'TransitAgency.logos': 3,
  'ReservationSummaryType.pricingRecords': 3,
  'TrainDetails.cars': 8,
  'TrainDetails.stopTimes': 14,
  'TrainDetailsTrain.cars': 8,
  'TrainDetailsCar.seats': 90,
  'TrainDetailsCar.prices': 8,
  'TrainCarPrice.fees': 3,
  'TrainCarPrice.otherCurrencies': 6,
  'TrainBookingRequirements.nationalityOptions': 6,
  'TrainBookingRequirements.luggageOptions': 6,
  'TrainBookingRequirements.ticketTypeOptions': 3,
  'TrainPayable.quotes': 8,
  'FlightTicketLookupResult.tickets': 20,
  'TrainTicketLookupResult.tickets': 20,
  'Mutation.sendTrainNotification': 2,
  'TrainNotificationChannelReport.results': 10,
  // Bus search: bounded by the reference network (at most 4 routes and 4 departures a day serve
  // one pair, 8 calls and 8 regions a route) and by the search's own caps (3 hubs, 4 connections
  // each). Seat cells come once per layout, not per trip: 6 layouts exist, each at most 80 cells
  // in all, which sections × cells (2 × 40) bounds.
  'BusSearchResult.exactRoute': 4,
  'BusRouteTrips.trips': 4,
  'BusSearchResult.alternatives': 3,
  'BusAlternativeRoute.connections': 4,
  'BusConnection.legs': 2,
  'BusTrip.companyLogo': 3,
  'BusTrip.importantInformation': 4,
  'BusTrip.stopTimes': 8,
  'BusTrip.fareRules': 1,
  'BusTrip.routeStations': 8,
  'BusFareRule.otherCurrencies': 4,
  'BusVehicle.seatingGrid': 2,
  'BusSearchResult.seatingLayouts': 6,
  'BusSeatingLayout.sections': 2,
  'BusSeatingLayoutSection.cells': 40,
  // Tenants of one proxy: tens, not thousands; each costs about 15 fields.
  'ReverseProxyConfigList.configs': 50,
};

const listEstimator: ComplexityEstimator = ({ type, field, childComplexity }) => {
  if (!isListType(getNullableType(field.type))) return undefined;
  // A list of scalars comes back whole: it costs what one field costs.
  if (childComplexity === 0) return 1;
  return (LIST_SIZE_HINTS[`${type.name}.${field.name}`] ?? LIST_SIZE) * childComplexity;
};

/** The estimated cost of an operation, as the limit counts it (lists by LIST_SIZE_HINTS, other fields 1). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> = {}, operationName?: string): number {
  return getComplexity({ schema, query: document, operationName, variables, estimators: [listEstimator, simpleEstimator({ defaultComplexity: 1 })] });
}

/**
 * Rejects operations whose estimated cost exceeds `max`. A plugin rather than a validation rule:
 * the cost of list arguments depends on variables, which validation rules never see.
 */
export function costLimitPlugin(max: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let cost: number;
          try {
            cost = operationCost(schema, document, request.variables ?? {}, request.operationName ?? undefined);
          } catch (error) {
            // Variables that do not fit their types: execution rejects them as BAD_USER_INPUT
            // naming the variable, which is the answer the client needs; nothing runs meanwhile.
            if (error instanceof GraphQLError) return;
            throw error;
          }
          if (cost > max) throw limitError(`The operation costs ${cost}; the limit is ${max}`);
        },
      };
    },
  };
}
