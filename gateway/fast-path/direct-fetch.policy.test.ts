import { RemoteGraphQLDataSource } from '@apollo/gateway';
import { buildSchema, Kind, OperationDefinitionNode, parse } from 'graphql';
import { directFetchOf } from './direct-fetch.policy';

type Plan = Parameters<typeof directFetchOf>[0];

const schema = buildSchema('type Query { offers(max: Int): [Offer!]! } type Offer { id: ID! total: String }');
const serviceMap = { flight: new RemoteGraphQLDataSource({ url: 'http://127.0.0.1:1/graphql' }) };
const client = parse('query Offers($max: Int) { offers(max: $max) { id total } }').definitions[0] as OperationDefinitionNode;

const fetchNode = (operation: string, extra: Record<string, unknown> = {}) => ({
  kind: 'Fetch' as const,
  serviceName: 'flight',
  variableUsages: ['max'],
  operation,
  operationName: 'Offers__flight__0',
  operationKind: client.operation,
  ...extra,
});
const plan = (node: unknown): Plan => ({ kind: 'QueryPlan', node }) as Plan;
const SAME = 'query Offers__flight__0($max:Int){offers(max:$max){id total}}';

describe('directFetchOf', () => {
  it('takes a plan of one fetch whose selection is the operation’s own', () => {
    const direct = directFetchOf(plan(fetchNode(SAME)), client, serviceMap, schema);
    expect(direct).toMatchObject({
      subgraph: 'flight',
      fetchQuery: SAME,
      fetchOperationName: 'Offers__flight__0',
      variableUsages: ['max'],
      operationName: 'Offers',
    });
    expect(direct?.dataSource).toBe(serviceMap.flight);
    expect(direct?.variableDefinitions.map((v) => v.variable.name.value)).toEqual(['max']);
  });

  it.each([
    [
      'more than one fetch (a sequence with an entity fetch)',
      plan({ kind: 'Sequence', nodes: [fetchNode(SAME), { kind: 'Flatten', path: ['offers', '@'], node: fetchNode(SAME) }] }),
    ],
    ['fetches in parallel', plan({ kind: 'Parallel', nodes: [fetchNode(SAME), fetchNode(SAME)] })],
    ['a condition (@skip/@include on a variable)', plan({ kind: 'Condition', condition: 'max', ifClause: fetchNode(SAME) })],
    ['an entity fetch with @requires', plan(fetchNode(SAME, { requires: [{ kind: Kind.INLINE_FRAGMENT, selections: [] }] }))],
    ['output rewrites', plan(fetchNode(SAME, { outputRewrites: [{ kind: 'KeyRenamer', path: ['id'], renameKeyTo: 'id2' }] }))],
    ['a selection the planner widened (__typename)', plan(fetchNode('query Offers__flight__0($max:Int){offers(max:$max){__typename id total}}'))],
    ['a subgraph without a data source', plan({ ...fetchNode(SAME), serviceName: 'train' })],
    ['no plan at all', plan(undefined)],
  ])('refuses %s', (_what, refused) => {
    expect(directFetchOf(refused, client, serviceMap, schema)).toBeUndefined();
  });
});
