import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GraphQLSchema, parse, printSchema } from 'graphql';
import { Supergraph } from '@apollo/federation-internals';
import { printSubgraphSchema } from '@apollo/subgraph';
import { composeServices } from '@apollo/composition';
import type { Platform } from '../shared/platform/platform.wiring';
import { loadConfig, SUBGRAPH_NAMES, SubgraphName } from '../shared/config/platform.config';
import { SUBGRAPH_MODULES } from '../subgraphs/subgraph.registry';

export const SCHEMA_DIR = path.resolve(__dirname, '..', '..', 'schema');
/**
 * Federation's own SDL (the supergraph, and each subgraph's under subgraphs/) in a folder of its own: the top
 * level of schema/ holds the client schema only, so a codegen glob `schema/*.graphql` finds just that.
 */
export const FEDERATION_DIR = path.join(SCHEMA_DIR, 'federation');
export const SUPERGRAPH_FILE = path.join(FEDERATION_DIR, 'supergraph.graphql');
export const SUBGRAPH_SDL_DIR = path.join(FEDERATION_DIR, 'subgraphs');
/** The client (API) schema, generated: what frontend teams see, generate code from and what the schema linter reads. */
export const CLIENT_SCHEMA_FILE = path.join(SCHEMA_DIR, 'client.graphql');
/** The schema of the live stream (/graphql/stream, graphql-sse): subscriptions the gateway cannot compose, for clients' codegen. */
export const LIVE_SCHEMA_FILE = path.join(SCHEMA_DIR, 'live', 'live.graphql');

export function readSupergraph(): string {
  return readFileSync(SUPERGRAPH_FILE, 'utf8');
}

/** Prints every subgraph's SDL from the code and composes the supergraph. */
export async function composeFromCode(): Promise<{ subgraphs: Record<SubgraphName, string>; supergraph: string }> {
  // Building a schema only wires resolvers to services; nothing is called, so no connections are
  // needed. Services may read settings while wiring, so the defaults are there.
  const schemaOnly = { config: loadConfig({}) } as Platform;
  const subgraphs = {} as Record<SubgraphName, string>;
  for (const name of SUBGRAPH_NAMES) {
    subgraphs[name] = printSubgraphSchema(await SUBGRAPH_MODULES[name].buildSchema(schemaOnly));
  }
  const result = composeServices(SUBGRAPH_NAMES.map((name) => ({ name, typeDefs: parse(subgraphs[name]), url: `http://${name}.internal/graphql` })));
  if (result.errors?.length) {
    throw new Error(`the subgraphs do not compose:\n${result.errors.map((e) => `  - ${e.message}`).join('\n')}`);
  }
  return { subgraphs, supergraph: result.supergraphSdl! };
}

/** The API schema clients see: the supergraph without its federation machinery. */
export function clientSchema(supergraphSdl: string): GraphQLSchema {
  return Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
}

export function printClientSchema(supergraphSdl: string): string {
  return `${printSchema(clientSchema(supergraphSdl))}\n`;
}
