/*
 * The gateway's fast path (this folder): an operation the gateway plans as one fetch to one subgraph
 * (direct-fetch.policy.ts) is answered by that fetch, skipping @apollo/gateway's result shaping; this file
 * runs it. subgraph.fetcher.ts is the subgraph transport, which can hand a REST route the answer's bytes, and
 * flight-search-bytes.mapper.ts makes the REST flight search from those bytes. Public APIs of Apollo only.
 */
import { getVariableValues, GraphQLError, GraphQLFormattedError } from 'graphql';
import type { Experimental_DidResolveQueryPlanCallback, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { LRUCache } from 'lru-cache';
import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import type { Logger } from '../../shared/logging/logger';
import type { Metrics } from '../../shared/metrics/metrics.registry';
import { noteOperation } from '../../shared/context/request-scope.state';
import { inSpan } from '../../shared/telemetry/tracing.service';
import type { GatewayContext } from '../gateway.context';
import { ANSWER_BYTES, UNPARSED_ANSWER_HEADER } from './subgraph.fetcher';
import { DirectFetch, directFetchOf } from './direct-fetch.policy';

/** A data source's options for a fetch made for a client operation, as the public options type has them. */
type IncomingOperation = Extract<GraphQLDataSourceProcessOptions<GatewayContext>, { incomingRequestContext: unknown }>;
/**
 * Their `kind`. @apollo/gateway's index exports the options type but not the enum that tags it; typed as that
 * enum member's own string (a template literal type of it), this stops compiling if an upgrade changes the value.
 */
const INCOMING_OPERATION: `${IncomingOperation['kind']}` = 'incoming operation';
type FormatError = NonNullable<ApolloServerOptionsWithGateway<GatewayContext>['formatError']>;
type GatewayInterface = ApolloServerOptionsWithGateway<GatewayContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface['load']>>['executor']>;
type GatewayRequestContext = Parameters<GatewayExecutor>[0];

/**
 * Query texts whose verdict is kept. REST routes send fixed texts written in the code (a few dozen),
 * so the bound is never reached in practice; it only keeps a mistake from growing without end.
 */
export const MAX_PLANNED_OPERATIONS = 256;
/**
 * /graphql documents whose verdict is kept, by Apollo's hash of the text: clients send any number of
 * documents, so this bound is what keeps the verdicts from growing with them.
 */
export const MAX_PLANNED_GRAPHQL_OPERATIONS = 1_000;

/** Read, never changed, by the data source: it copies them into each request's own headers. */
const UNPARSED_ANSWER = new Headers([[UNPARSED_ANSWER_HEADER, '1']]);

/** What the direct path reads of a REST route's operation (the router's GraphQLOperation is one). */
export interface DirectOperation {
  variables?: Record<string, unknown>;
  /** The subgraph's answer as it sent it, unparsed, made into the reply's data; undefined to have it parsed as usual. */
  fromAnswerBytes?(answer: Buffer): unknown;
}

/** An operation's outcome as the REST router reads it from either path: data, and errors already formatted. */
export interface OperationOutcome {
  data?: unknown;
  errors?: readonly GraphQLFormattedError[];
}

/**
 * The gateway's plans for REST operations, learned from the gateway itself: the first request of a
 * REST query text runs through Apollo as always, and the plan the gateway resolved for it
 * (experimental_didResolveQueryPlan) decides whether later requests of that text may go direct.
 */
export class DirectFetches {
  private readonly plans = new LRUCache<string, DirectFetch | false>({ max: MAX_PLANNED_OPERATIONS });
  private readonly graphqlPlans = new LRUCache<string, DirectFetch | false>({ max: MAX_PLANNED_GRAPHQL_OPERATIONS });

  constructor(
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly formatError: FormatError,
  ) {}

  /** The gateway's experimental_didResolveQueryPlan hook. */
  readonly observe: Experimental_DidResolveQueryPlanCallback = ({ queryPlan, serviceMap, operationContext, requestContext }) => {
    if ((requestContext.context as Partial<GatewayContext> | undefined)?.source !== 'rest') {
      const key = graphqlPlanKey(requestContext.queryHash, requestContext.operationName);
      if (!this.graphqlPlans.has(key))
        this.graphqlPlans.set(key, directFetchOf(queryPlan, operationContext.operation, serviceMap, operationContext.schema) ?? false);
      return;
    }
    const key = planKey(requestContext.request.query, requestContext.request.operationName);
    if (key === undefined || this.plans.has(key)) return;
    const direct = directFetchOf(queryPlan, operationContext.operation, serviceMap, operationContext.schema);
    this.plans.set(key, direct ?? false);
    this.logger.info('REST operation planned', {
      operation: operationContext.operation.name?.value,
      direct: direct !== undefined,
      ...(direct && { subgraph: direct.subgraph }),
    });
  };

  /**
   * The gateway, with /graphql operations it planned as one fetch answered by that fetch: Apollo
   * Server still parses, validates, runs its plugins, formats errors and serialises; only
   * @apollo/gateway's execution (its result shaping, which rebuilds the answer object by object) is
   * skipped. Anything else, and the first request of each document, runs through the gateway.
   */
  wrap(gateway: GatewayInterface): GatewayInterface {
    return {
      load: async (options) => {
        const { executor } = await gateway.load(options);
        return { executor: executor && ((requestContext) => this.execute(requestContext, executor)) };
      },
      onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
      stop: () => gateway.stop(),
    };
  }

  private async execute(requestContext: GatewayRequestContext, executor: GatewayExecutor): ReturnType<GatewayExecutor> {
    // A REST operation reaches the executor only before its own verdict exists (or when its variables do
    // not fit): it must run through the gateway, whose plan hook makes that verdict. Answered by a /graphql
    // verdict for the same text, it never got one and every request paid Apollo and the object mapping.
    if ((requestContext.context as Partial<GatewayContext> | undefined)?.source === 'rest') return executor(requestContext);
    const direct = this.graphqlPlans.get(graphqlPlanKey(requestContext.queryHash, requestContext.operationName));
    const variables = requestContext.request.variables ?? {};
    // Variables that do not fit: the gateway refuses them before any fetch, with its own error.
    if (!direct || !variablesFit(direct, variables)) return executor(requestContext);
    this.logger.debug('GraphQL operation sent straight to its subgraph', { operation: direct.operationName, subgraph: direct.subgraph });
    try {
      const response = await fetchInSpan(direct, () =>
        direct.dataSource.process({
          ...this.options(direct, usedVariables(direct, variables), requestContext.context as GatewayContext, false),
          incomingRequestContext: requestContext as IncomingOperation['incomingRequestContext'],
        }),
      );
      const errors = response.errors?.map((error) => downstreamError(error, direct.subgraph));
      return errors?.length ? { data: response.data, errors } : { data: response.data };
    } catch (error) {
      // As the gateway records a fetch that threw: the error as it is, and the shaped empty answer.
      return { data: direct.dataWhenFailed, errors: [error as GraphQLError] };
    }
  }

  /** The direct fetch for this REST query text, once the gateway has planned it as one. */
  planned(query: string): DirectFetch | undefined {
    return this.plans.get(planKey(query, undefined)!) || undefined;
  }

  /**
   * Runs the fetch as the gateway would, with errors formatted as the gateway formats them. Undefined
   * when the variables do not fit the operation: the caller then runs it through the gateway, which
   * refuses it before any fetch with Apollo's own error.
   */
  async run(direct: DirectFetch, operation: DirectOperation, context: GatewayContext): Promise<OperationOutcome | undefined> {
    const variables = operation.variables ?? {};
    if (!variablesFit(direct, variables)) return undefined;
    noteOperation(direct.operationName);
    this.logger.debug('REST operation sent straight to its subgraph', { operation: direct.operationName, subgraph: direct.subgraph });
    const sent = usedVariables(direct, variables);
    let outcome: OperationOutcome;
    try {
      const { fromAnswerBytes } = operation;
      let response = await fetchInSpan(direct, () => direct.dataSource.process(this.options(direct, sent, context, fromAnswerBytes !== undefined)));
      const bytes = (response as { [ANSWER_BYTES]?: Buffer })[ANSWER_BYTES];
      const data = bytes && fromAnswerBytes!(bytes);
      if (bytes && data !== undefined) outcome = { data };
      else {
        if (bytes) response = { ...(JSON.parse(bytes.toString('utf8')) as typeof response), http: response.http };
        const errors = response.errors?.map((error) => this.format(downstreamError(error, direct.subgraph)));
        outcome = { data: response.data, errors: errors?.length ? errors : undefined };
      }
    } catch (error) {
      outcome = { data: undefined, errors: [this.format(error)] };
    }
    this.metrics.graphqlOperations.inc({
      service: 'gateway',
      operation: this.metrics.operationLabel(direct.operationName),
      outcome: outcome.errors ? 'error' : 'ok',
    });
    return outcome;
  }

  private options(direct: DirectFetch, variables: Record<string, unknown>, context: GatewayContext, unparsed: boolean): IncomingOperation {
    return {
      kind: INCOMING_OPERATION as IncomingOperation['kind'],
      request: {
        query: direct.fetchQuery,
        variables,
        operationName: direct.fetchOperationName,
        // A route that maps the answer's bytes itself gets them unparsed (see subgraph.fetcher.ts); the data source sends these headers too.
        ...(unparsed && { http: { method: 'POST', url: '', headers: UNPARSED_ANSWER } }),
      },
      // RemoteGraphQLDataSource reads only its cache policy, which a REST reply does not use.
      incomingRequestContext: { overallCachePolicy: undefined } as unknown as IncomingOperation['incomingRequestContext'],
      context,
      document: direct.fetchDocument,
      pathInIncomingRequest: [],
    };
  }

  /** As Apollo Server formats an execution error (errorNormalize's enrichError), then the gateway's formatError. */
  private format(error: unknown): GraphQLFormattedError {
    const graphqlError =
      error instanceof GraphQLError
        ? error
        : new GraphQLError(error instanceof Error ? error.message : `Unexpected error value: ${String(error)}`, {
            originalError: error instanceof Error ? error : undefined,
          });
    const extensions: Record<string, unknown> = { ...graphqlError.extensions, code: graphqlError.extensions.code ?? 'INTERNAL_SERVER_ERROR' };
    delete extensions.http;
    return this.formatError({ ...graphqlError.toJSON(), extensions }, error);
  }
}

/**
 * The fetch inside a span named as @apollo/gateway names its own (`gateway.fetch`, with the subgraph as
 * `service`), so a trace shows the same step whichever path answered; nothing when tracing is off.
 */
function fetchInSpan<T>(direct: DirectFetch, fetch: () => Promise<T>): Promise<T> {
  const attributes = { service: direct.subgraph, 'safiri.direct_fetch': true, ...(direct.operationName && { 'graphql.operation.name': direct.operationName }) };
  return inSpan('gateway.fetch', { kind: 'internal', attributes }, fetch);
}

/** Only the variables the fetch uses, as given (the gateway forwards them uncoerced too). */
function usedVariables(direct: DirectFetch, variables: Record<string, unknown>): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const name of direct.variableUsages) if (variables[name] !== undefined) sent[name] = variables[name];
  return sent;
}

/** A subgraph's error as the gateway passes it on (executeQueryPlan's downstreamServiceError): its message and extensions, with the subgraph named. */
function downstreamError(error: GraphQLFormattedError, subgraph: string): GraphQLError {
  const message = error.message || `Error while fetching subquery from service "${subgraph}"`;
  return new GraphQLError(message, {
    originalError: error as unknown as Error,
    path: error.path,
    extensions: { ...error.extensions, serviceName: subgraph, ...(error.extensions?.code ? {} : { code: 'DOWNSTREAM_SERVICE_ERROR' }) },
  });
}

/**
 * The query text itself when unnamed (REST operations are): a route's constant text is then looked up
 * without a new string to hash on every request. A GraphQL document cannot hold U+0000, so a named
 * key never equals an unnamed one.
 */
function planKey(query: string | undefined, operationName: string | null | undefined): string | undefined {
  if (query === undefined) return undefined;
  return operationName ? `${operationName}\u0000${query}` : query;
}

/** A /graphql verdict's key: Apollo's hash of the text (clients' texts are not kept), with the operation chosen. */
function graphqlPlanKey(queryHash: string, operationName: string | null): string {
  return `${operationName ?? ''}\u0000${queryHash}`;
}

/** Whether the variables fit the operation, as the gateway checks them before any fetch (its validateIncomingRequest). */
function variablesFit(direct: DirectFetch, variables: Record<string, unknown>): boolean {
  return !getVariableValues(direct.schema, direct.variableDefinitions, variables).errors?.length;
}
