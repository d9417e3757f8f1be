import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema, GraphQLSchema } from 'graphql';
import { clientSchema, printClientSchema, readSupergraph, SCHEMA_DIR } from './supergraph.builder';

/** The client schema as last released to frontend teams: what the breaking-change check compares with. */
export const RELEASED_FILE = path.join(SCHEMA_DIR, 'released', 'client.graphql');
/** Breaking changes accepted since that release, each with a reason: `[{ "change": "<message>", "reason": "…" }]`. */
export const ALLOW_FILE = path.join(SCHEMA_DIR, 'breaking-changes.allow.json');

interface AllowedChange {
  change: string;
  reason: string;
}

/** Breaking changes of `next` against `released`, as graphql-inspector words them. */
export async function breakingChanges(released: GraphQLSchema, next: GraphQLSchema): Promise<string[]> {
  const changes = await diff(released, next);
  return changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking).map((c) => c.message);
}

function readAllowList(): AllowedChange[] {
  if (!existsSync(ALLOW_FILE)) return [];
  const parsed = JSON.parse(readFileSync(ALLOW_FILE, 'utf8')) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((e) => typeof e?.change === 'string' && typeof e?.reason === 'string' && e.reason.trim())) {
    throw new Error(`${path.relative(process.cwd(), ALLOW_FILE)} must be a list of { "change": …, "reason": … } with a reason for each`);
  }
  return parsed as AllowedChange[];
}

/**
 * `npm run schema:breaking` (CI): fails when the composed client schema breaks schema/released/client.graphql in a way
 * schema/breaking-changes.allow.json does not list with a reason. `npm run schema:release` makes the current
 * schema the released one and empties the allow-list (run it when frontend teams have been told).
 */
async function main(mode: string | undefined): Promise<number> {
  const current = clientSchema(readSupergraph());
  if (mode === 'release') {
    writeFileSync(RELEASED_FILE, printClientSchema(readSupergraph()));
    writeFileSync(ALLOW_FILE, '[]\n');
    console.log(JSON.stringify({ action: 'schema-release', file: path.relative(process.cwd(), RELEASED_FILE) }));
    return 0;
  }
  if (mode !== 'check') {
    console.error('usage: schema-breaking.cli.js check|release');
    return 2;
  }
  const released = buildSchema(readFileSync(RELEASED_FILE, 'utf8'));
  const allowed = new Set(readAllowList().map((e) => e.change));
  const breaking = await breakingChanges(released, current);
  const unlisted = breaking.filter((message) => !allowed.has(message));
  if (unlisted.length) {
    console.error(`Breaking changes to the GraphQL client schema that ${path.relative(process.cwd(), ALLOW_FILE)} does not list:`);
    for (const message of unlisted) console.error(`  - ${message}`);
    console.error('Keep the old field or argument (deprecate it), or list each change there with the reason frontend teams are told.');
    return 1;
  }
  console.log(JSON.stringify({ action: 'schema-breaking-check', breaking: breaking.length, allowed: allowed.size, status: 'ok' }));
  return 0;
}

if (require.main === module) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
