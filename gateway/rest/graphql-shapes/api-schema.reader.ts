import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The committed API schema (schema/client.graphql): what clients of the gateway see, written by `npm run schema` from the
 * subgraphs' type-graphql classes and checked by `npm run schema:check`. The REST shapes read it rather than the running
 * gateway's schema so that `npm run openapi` builds the same document with no server running, and rather than the
 * subgraph classes so that the gateway imports no subgraph code. The image ships it (Dockerfile copies schema/).
 */
export const API_SCHEMA_FILE = path.resolve(__dirname, '..', '..', '..', '..', 'schema', 'client.graphql');

let cached: GraphQLSchema | undefined;

/** Parsed once per process: route tables are built at import time and every route reads the same types. */
export function apiSchema(): GraphQLSchema {
  cached ??= buildSchema(readFileSync(API_SCHEMA_FILE, 'utf8'));
  return cached;
}
