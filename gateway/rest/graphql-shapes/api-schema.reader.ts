import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildASTSchema, type DocumentNode, type GraphQLSchema, parse, visit } from 'graphql';

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
  cached ??= buildASTSchema(withOneByteNames(parse(readFileSync(API_SCHEMA_FILE, 'utf8'))));
  return cached;
}

/**
 * The document with each name copied out of the text. The descriptions hold characters past Latin-1 (→, ’, …), so V8
 * stores the whole text two bytes per character, and so every name sliced from it. This schema is built at import time,
 * before the code's own literals, and V8 keeps the first copy of a property name it meets: with sliced names every
 * field name the gateway parses or writes later (a subgraph's answer, a REST body) is that two-byte copy, and so is
 * each JSON answer that holds one, which takes several times as long to encode as UTF-8 (bench/README.md,
 * flight search 50 offers: gateway /graphql). Names are ASCII (GraphQL's Name grammar), so the latin1 copy is exact.
 */
function withOneByteNames(document: DocumentNode): DocumentNode {
  return visit(document, { Name: (node) => ({ ...node, value: Buffer.from(node.value, 'latin1').toString('latin1') }) });
}
