import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exitOnHelp } from './cli-help.kit';
import { liveSchemaSdl } from '../gateway/live/live.schema';
import { CLIENT_SCHEMA_FILE, composeFromCode, LIVE_SCHEMA_FILE, printClientSchema, SUBGRAPH_SDL_DIR, SUPERGRAPH_FILE } from './supergraph.builder';

const USAGE = `usage: schema.cli.js write|check   (npm run schema | npm run schema:check)
  write   writes schema/client.graphql, schema/live/live.graphql (the SSE stream's) and schema/federation/ from the code
  check   fails when the committed files are stale or the subgraphs do not compose`;

/** `npm run schema` writes schema/client.graphql and schema/federation/; `npm run schema:check` fails when they are stale. */
async function main(mode: string | undefined): Promise<number> {
  if (mode !== 'write' && mode !== 'check') {
    console.error(USAGE);
    return 2;
  }
  const { subgraphs, supergraph } = await composeFromCode();
  const files: Record<string, string> = {
    [SUPERGRAPH_FILE]: supergraph,
    [CLIENT_SCHEMA_FILE]: printClientSchema(supergraph),
    [LIVE_SCHEMA_FILE]: `${liveSchemaSdl()}\n`,
  };
  for (const [name, sdl] of Object.entries(subgraphs)) files[path.join(SUBGRAPH_SDL_DIR, `${name}.graphql`)] = sdl;
  if (mode === 'write') {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    console.log(JSON.stringify({ action: 'schema-write', files: Object.keys(files).map((f) => path.relative(process.cwd(), f)) }));
    return 0;
  }
  const stale = Object.entries(files)
    .filter(([file, content]) => !existsSync(file) || readFileSync(file, 'utf8') !== content)
    .map(([file]) => path.relative(process.cwd(), file));
  if (stale.length) {
    console.error(`schema files are stale: ${stale.join(', ')}. Run \`npm run schema\` and commit the result.`);
    return 1;
  }
  console.log(JSON.stringify({ action: 'schema-check', status: 'up to date', files: Object.keys(files).length }));
  return 0;
}

exitOnHelp(USAGE);
main(process.argv[2]).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
