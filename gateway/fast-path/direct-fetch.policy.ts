import { DocumentNode, GraphQLSchema, isNonNullType, Kind, OperationDefinitionNode, parse, print, VariableDefinitionNode } from 'graphql';
import type { Experimental_DidResolveQueryPlanCallback, GraphQLDataSource } from '@apollo/gateway';
import type { GatewayContext } from '../gateway.context';

export type PlanInfo = Parameters<Experimental_DidResolveQueryPlanCallback>[0];
type QueryPlan = PlanInfo['queryPlan'];

/** What it takes to send a REST operation straight to the one subgraph that answers all of it. */
export interface DirectFetch {
  subgraph: string;
  dataSource: GraphQLDataSource<GatewayContext>;
  /** The query planner's own subgraph operation, sent as the gateway would send it. */
  fetchQuery: string;
  fetchOperationName: string | undefined;
  fetchDocument: DocumentNode | undefined;
  variableUsages: string[];
  /** The client operation's name (access log, metrics), as Apollo resolves it. */
  operationName: string | undefined;
  /** The API schema and the operation's variable definitions: the variables are checked as the gateway checks them. */
  schema: GraphQLSchema;
  variableDefinitions: readonly VariableDefinitionNode[];
  /**
   * What the gateway's result shaping makes of a fetch that failed outright: each root field null,
   * or no data at all when one of them is non-null.
   */
  dataWhenFailed: Record<string, null> | null;
}

/**
 * When the gateway's own query planner answers a REST operation with exactly one fetch to one
 * subgraph (no entity fetch, no @requires, no rewrites, no condition) whose selection is the
 * operation's own, that fetch's answer is already the result: running it through @apollo/gateway's
 * result shaping rebuilds it object by object, a cost that grows with the answer. This returns the
 * fetch so the REST router can send it through the same data source (forwarded headers, fetch
 * metrics, account note, subgraph 4xx mapping) and map the subgraph's data itself.
 */
export function directFetchOf(
  queryPlan: QueryPlan,
  operation: OperationDefinitionNode,
  serviceMap: PlanInfo['serviceMap'],
  schema: GraphQLSchema,
): DirectFetch | undefined {
  const node = queryPlan.node;
  if (node?.kind !== 'Fetch') return undefined;
  if (node.hasDefers || node.requires?.length || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length) return undefined;
  const dataSource = serviceMap[node.serviceName] as GraphQLDataSource<GatewayContext> | undefined;
  if (!dataSource) return undefined;
  // The planner leaves operationDocumentNode unset by default: its text is parsed once per verdict.
  const fetched = (node.operationDocumentNode ?? parse(node.operation)).definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  // The same selection printed the same way: no field the planner added (__typename, keys) that the
  // result shaping would have removed, no fragment that it would have expanded.
  if (!fetched || fetched.operation !== operation.operation || print(fetched.selectionSet) !== print(operation.selectionSet)) return undefined;
  const dataWhenFailed = rootNulls(operation, schema);
  if (dataWhenFailed === undefined) return undefined;
  return {
    subgraph: node.serviceName,
    dataSource,
    fetchQuery: node.operation,
    fetchOperationName: node.operationName,
    fetchDocument: node.operationDocumentNode,
    variableUsages: node.variableUsages ?? [],
    operationName: operation.name?.value,
    schema,
    variableDefinitions: operation.variableDefinitions ?? [],
    dataWhenFailed,
  };
}

/** Each root field (by its response name) null, null when one is non-null; undefined when the root holds anything but fields. */
function rootNulls(operation: OperationDefinitionNode, schema: GraphQLSchema): Record<string, null> | null | undefined {
  const root = schema.getRootType(operation.operation);
  const data: Record<string, null> = {};
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return undefined;
    const field = root?.getFields()[selection.name.value];
    if (!field) return undefined;
    if (isNonNullType(field.type)) return null;
    data[selection.alias?.value ?? selection.name.value] = null;
  }
  return data;
}
