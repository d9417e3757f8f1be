import { executeSync, parse } from 'graphql';
import { apiSchema } from '../../gateway/rest/graphql-shapes/api-schema.reader';

/**
 * What Apollo's executeOperation gives for `query` when the root fields hold `root`: the operation run against the
 * API schema (schema/client.graphql) with graphql-js's default resolvers, so aliases (`stop_id: stopId`) and
 * selections are answered as the gateway answers them. For fakes of Apollo in the REST router's unit tests.
 */
export function apiSchemaAnswer(query: string, root: Record<string, unknown>) {
  const { data, errors } = executeSync({ schema: apiSchema(), document: parse(query), rootValue: root });
  if (errors?.length) throw new Error(`the fake cannot answer ${query}: ${errors.map((e) => e.message).join('; ')}`);
  // A plain JSON copy: graphql-js builds its result objects without a prototype.
  return { body: { kind: 'single', singleResult: { data: JSON.parse(JSON.stringify(data)) as unknown } } };
}
