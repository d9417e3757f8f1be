import { DocumentNode, GraphQLSchema, parse } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, BuildSchemaOptions, createResolversMap } from 'type-graphql';

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides"])';

/** One schema module as buildSubgraphSchema takes it: the package's index exports the function, not its module types. */
type SubgraphModule = Exclude<Extract<Parameters<typeof buildSubgraphSchema>[0], readonly unknown[]>[number], DocumentNode>;

/**
 * Entity reference resolvers by type name, each declaring its own reference and context types (Apollo passes both); and
 * the type resolvers of abstract types, which the SDL printed from type-graphql's schema does not carry.
 */
export type ReferenceResolvers = Record<
  string,
  { __resolveReference: (reference: never, context: never) => unknown } | { __resolveType: (value: never) => string | undefined }
>;

/**
 * type-graphql builds the schema from classes; @apollo/subgraph needs SDL plus a resolver map.
 * The @key/@shareable directives type-graphql keeps on astNode are printed into the SDL, the
 * Federation 2 @link is prepended, and the reference resolvers are merged into the map.
 */
export async function buildFederatedSchema(
  options: Omit<BuildSchemaOptions, 'skipCheck'>,
  referenceResolvers: ReferenceResolvers = {},
): Promise<GraphQLSchema> {
  const schema = await buildSchema({ ...options, skipCheck: true, validate: false });
  const typeDefs = parse(`${FEDERATION_LINK}\n\n${printSchemaWithDirectives(schema)}`);
  const resolvers: Record<string, object> = createResolversMap(schema);
  for (const [typeName, reference] of Object.entries(referenceResolvers)) {
    resolvers[typeName] = { ...resolvers[typeName], ...reference };
  }
  return buildSubgraphSchema([{ typeDefs, resolvers: resolvers as SubgraphModule['resolvers'] }]);
}
