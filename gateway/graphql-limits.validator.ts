import {
  DocumentNode,
  FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  GraphQLCompositeType,
  GraphQLError,
  GraphQLField,
  GraphQLSchema,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  OperationDefinitionNode,
  parse,
  SchemaMetaFieldDef,
  SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { LRUCache } from 'lru-cache';
import { AppError, PlatformErrorCode, PlatformException } from '../shared/errors/app-error.exception';
import { tokenLimitError, toRequestError } from '../shared/errors/graphql-errors.mapper';
import type { GatewayContext } from './gateway.context';

function limitError(message: string): GraphQLError {
  return toRequestError(new AppError(PlatformErrorCode.QUERY_TOO_COMPLEX, 400, message));
}

/** A list field without a hint is assumed to return LIST_SIZE items: its selection costs that many times. */
const LIST_SIZE = 20;

/**
 * What each list really holds at most. The public reference lists are priced at their whole size
 * (the airport list is thousands of rows): priced at LIST_SIZE, thirty aliases of it cost less than
 * one search and answered 53 MB. Lists the domain bounds well below LIST_SIZE (a journey has at most
 * two itineraries, an offer at most nine travelers) are priced at that bound, so nested lists do not
 * multiply into costs no real client query deserves.
 */
export const LIST_SIZE_HINTS: Readonly<Record<string, number>> = {
  // Reference data shipped with the code; graphql-limits.validator.test.ts checks each covers its list.
  'Query.airports': 8500,
  'Query.trainStations': 20,
  'Query.busStops': 50,
  'Query.companies': 20,
  // A page is priced at its maximum size (companyPage's first is at most 200), whatever `first` asks.
  'CompanyPage.companies': 200,
  // Signing keys not yet retired: one, two while a rotation settles.
  'JsonWebKeySet.keys': 5,
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

/** How much an operation asks for, with its fragments expanded. */
export interface OperationShape {
  /** Nesting of fields; introspection (`__`) fields are left out, as the schema bounds them. */
  depth: number;
  fields: number;
  aliases: number;
  fragmentSpreads: number;
  /** Each field 1 plus its selection; a list field its real size times its selection (a list of scalars 1). */
  cost: number;
}

export interface MeasuredOperation extends OperationShape {
  /** Selections of the document looked at: each fragment's once, however often it is spread. */
  visitedSelections: number;
}

const NOTHING: OperationShape = { depth: 0, fields: 0, aliases: 0, fragmentSpreads: 0, cost: 0 };

/** Counts stay exact up to 2^53; beyond that they only need to stay over every limit. */
const saturate = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER);

function compositeType(schema: GraphQLSchema | undefined, name: string): GraphQLCompositeType | undefined {
  const type = schema?.getType(name);
  return isCompositeType(type) ? type : undefined;
}

function fieldDefinition(
  schema: GraphQLSchema | undefined,
  parent: GraphQLCompositeType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (!schema) return undefined;
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if (parent === schema.getQueryType() && name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
  if (parent === schema.getQueryType() && name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

function fieldCost(parent: GraphQLCompositeType | undefined, field: GraphQLField<unknown, unknown>, childCost: number): number {
  // Introspection is answered from the schema in memory, which bounds it; production turns it off.
  if (field === SchemaMetaFieldDef || field === TypeMetaFieldDef) return 0;
  if (!isListType(getNullableType(field.type))) return 1 + childCost;
  // A list of scalars comes back whole: it costs what one field costs.
  if (childCost === 0) return 1;
  return (LIST_SIZE_HINTS[`${parent?.name}.${field.name}`] ?? LIST_SIZE) * childCost;
}

/**
 * Measures the operations of one document in time linear in its text: a fragment is measured once,
 * on its first spread, and every later spread adds that measure instead of walking it again (its
 * measure depends on its own type condition only, never on where it is spread). A spread back into a
 * fragment being measured adds nothing: NoFragmentCyclesRule refuses such documents anyway.
 * `@skip` and `@include` are counted as included: the bound must hold for any variable values.
 * Without a schema it measures the structure only (every cost 0): no field's type is known.
 */
function documentMeasurer(schema: GraphQLSchema | undefined, document: DocumentNode): (operation: OperationDefinitionNode) => MeasuredOperation {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // null while the fragment is being measured.
  const measured = new Map<string, OperationShape | null>();
  let visitedSelections = 0;

  const fragmentShape = (name: string): OperationShape => {
    const known = measured.get(name);
    if (known !== undefined) return known ?? NOTHING;
    const fragment = fragments.get(name);
    if (!fragment) return NOTHING;
    measured.set(name, null);
    const shape = selectionSetShape(fragment.selectionSet, compositeType(schema, fragment.typeCondition.name.value));
    measured.set(name, shape);
    return shape;
  };

  const selectionSetShape = (set: SelectionSetNode, parent: GraphQLCompositeType | undefined): OperationShape => {
    const total = { ...NOTHING };
    for (const selection of set.selections) {
      visitedSelections++;
      if (selection.kind === Kind.FIELD) {
        const field = fieldDefinition(schema, parent, selection.name.value);
        const type = field ? getNamedType(field.type) : undefined;
        const child = selection.selectionSet ? selectionSetShape(selection.selectionSet, isCompositeType(type) ? type : undefined) : NOTHING;
        total.fields += 1 + child.fields;
        total.aliases += (selection.alias ? 1 : 0) + child.aliases;
        total.fragmentSpreads += child.fragmentSpreads;
        if (!selection.name.value.startsWith('__')) total.depth = Math.max(total.depth, 1 + child.depth);
        // An unknown field adds nothing: FieldsOnCorrectTypeRule refuses it.
        if (field) total.cost += fieldCost(parent, field, child.cost);
        continue;
      }
      const spread = selection.kind === Kind.FRAGMENT_SPREAD;
      const child = spread
        ? fragmentShape(selection.name.value)
        : selectionSetShape(selection.selectionSet, selection.typeCondition ? compositeType(schema, selection.typeCondition.name.value) : parent);
      total.fields += child.fields;
      total.aliases += child.aliases;
      total.fragmentSpreads += (spread ? 1 : 0) + child.fragmentSpreads;
      total.depth = Math.max(total.depth, child.depth);
      total.cost += child.cost;
    }
    return {
      depth: total.depth,
      fields: saturate(total.fields),
      aliases: saturate(total.aliases),
      fragmentSpreads: saturate(total.fragmentSpreads),
      cost: saturate(total.cost),
    };
  };

  return (operation) => {
    const before = visitedSelections;
    const shape = selectionSetShape(operation.selectionSet, schema?.getRootType(operation.operation) ?? undefined);
    return { ...shape, visitedSelections: visitedSelections - before };
  };
}

export function measureOperation(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): MeasuredOperation {
  return documentMeasurer(schema, document)(operation);
}

/**
 * Costs already measured, per schema and operation node. Apollo hands every request of one query
 * text the same parsed document from its document store (bounded, reset with the schema), so a
 * repeated operation is priced once; the weak keys leave with the documents Apollo drops.
 */
const measuredCosts = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, number>>();

/** The operation's cost, measured once per parsed document and schema. */
export function cachedOperationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
  let costs = measuredCosts.get(schema);
  if (!costs) measuredCosts.set(schema, (costs = new WeakMap()));
  let cost = costs.get(operation);
  if (cost === undefined) {
    cost = measureOperation(schema, document, operation).cost;
    costs.set(operation, cost);
  }
  return cost;
}

/** The estimated cost of an operation, as the cost limit counts it (the first operation when none is named). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operationName?: string): number {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (operationName === undefined || d.name?.value === operationName),
  );
  if (!operation) throw new Error(`no operation ${operationName ?? ''} in the document`);
  return measureOperation(schema, document, operation).cost;
}

export interface StructureLimits {
  maxDepth: number;
  maxSelections: number;
  maxAliases: number;
  maxFragmentSpreads: number;
}

function shapeProblem(shape: OperationShape, limits: StructureLimits): string | null {
  if (shape.fragmentSpreads > limits.maxFragmentSpreads) {
    return `The operation makes ${shape.fragmentSpreads} fragment spreads once fragments are expanded; the limit is ${limits.maxFragmentSpreads}`;
  }
  if (shape.aliases > limits.maxAliases) return `The operation has ${shape.aliases} aliases; the limit is ${limits.maxAliases}`;
  if (shape.fields > limits.maxSelections)
    return `The operation selects ${shape.fields} fields once fragments are expanded; the limit is ${limits.maxSelections}`;
  if (shape.depth > limits.maxDepth) return `The operation is nested ${shape.depth} levels deep; the limit is ${limits.maxDepth}`;
  return null;
}

/** The first limit an operation of the document breaks (fragments expanded), or null: linear in the document. */
export function structureProblem(document: DocumentNode, limits: StructureLimits): string | null {
  const measure = documentMeasurer(undefined, document);
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const problem = shapeProblem(measure(definition), limits);
    if (problem) return problem;
  }
  return null;
}

/**
 * Checks a client's document before Apollo sees it: over GRAPHQL_MAX_TOKENS, or with an operation
 * over the structural limits, it is refused (QUERY_TOO_COMPLEX) in time linear in its text. Apollo
 * offers no hook that can refuse a document between parsing and validation, and the specified
 * validation rules are not linear (OverlappingFieldsCanBeMerged compares same-named fields
 * pairwise), so such a document must not reach them. A document that does not parse for another
 * reason goes on to Apollo, which answers the syntax error.
 */
export interface DocumentLimitsCheck {
  (query: string): AppError | null;
  /** Query texts whose verdict is kept now. */
  readonly cachedVerdicts: number;
}

export function documentLimitsCheck(limits: StructureLimits & { maxTokens: number }): DocumentLimitsCheck {
  // The verdict depends on the text alone: a repeated query (every client sends a few) is parsed
  // here once, not on each request before Apollo's own cached parse. Bounded in entries and text.
  const verdicts = new LRUCache<string, { problem: string | null }>({
    max: MAX_CHECKED_DOCUMENTS,
    maxSize: MAX_CHECKED_DOCUMENT_CHARS,
    sizeCalculation: (_verdict, query) => Math.max(1, query.length),
  });
  const check = (query: string): string | null => {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: limits.maxTokens, noLocation: true });
    } catch (error) {
      return (error instanceof GraphQLError && tokenLimitError(error.message)?.errorMessage) || null;
    }
    return structureProblem(document, limits);
  };
  const refuse = (query: string): AppError | null => {
    let verdict = verdicts.get(query);
    if (!verdict) {
      verdict = { problem: check(query) };
      // A text too large for a fair share of the bound is checked every time instead of evicting the rest.
      if (query.length <= MAX_CHECKED_DOCUMENT_CHARS / 100) verdicts.set(query, verdict);
    }
    return verdict.problem ? new AppError(PlatformErrorCode.QUERY_TOO_COMPLEX, 400, verdict.problem) : null;
  };
  return Object.defineProperty(refuse, 'cachedVerdicts', { get: () => verdicts.size }) as DocumentLimitsCheck;
}

/** Query texts whose limits verdict documentLimitsCheck keeps, and their total length in characters. */
export const MAX_CHECKED_DOCUMENTS = 1000;
export const MAX_CHECKED_DOCUMENT_CHARS = 4_000_000;

export interface CostBudgets {
  /** Requests that send Authorization. */
  authenticated: number;
  /** Requests without Authorization: the public lists, the key set and login. */
  public: number;
}

/**
 * Once the operation is resolved: refuses a document that does not say which of its operations to
 * run, and a client operation whose cost exceeds the budget of the request. A plugin rather than a
 * validation rule: the budget depends on the request's headers, which validation never sees. The
 * REST layer's own operations are not priced: their text is fixed in gateway/rest, and the REST
 * list replies are cached.
 */
export function costLimitPlugin(budgets: CostBudgets): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operation, contextValue }) {
          if (!operation) throw toRequestError(PlatformException.badRequest(unresolvedOperation(document, request.operationName)));
          if (contextValue.source === 'rest') return;
          const anonymous = !contextValue.forwardedHeaders.authorization;
          const max = anonymous ? budgets.public : budgets.authenticated;
          const cost = cachedOperationCost(schema, document, operation);
          if (cost > max) throw limitError(`The operation costs ${cost}; the limit is ${max}${anonymous ? ' for requests without a token' : ''}`);
        },
      };
    },
  };
}

function unresolvedOperation(document: DocumentNode, operationName: string | null | undefined): string {
  if (operationName) return `The document has no operation named "${operationName}"`;
  const count = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length;
  return `The document has ${count} operations: send operationName to choose the one to run`;
}
