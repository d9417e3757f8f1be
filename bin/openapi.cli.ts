import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument, OPENAPI_FILE } from '../gateway/rest/openapi-document.builder';
import { REST_ROUTES } from '../gateway/rest/routes';
import { exitOnHelp } from './cli-help.kit';

const USAGE = `usage: openapi.cli.js write|check   (npm run openapi | npm run openapi:check)
  write   writes openapi.json from the REST route table
  check   fails when the committed openapi.json is stale`;

/** `npm run openapi` writes openapi.json from the route table; `npm run openapi:check` fails when it is stale. */
function main(mode: string | undefined): number {
  if (mode !== 'write' && mode !== 'check') {
    console.error(USAGE);
    return 2;
  }
  const text = `${JSON.stringify(buildOpenApiDocument(REST_ROUTES), null, 2)}\n`;
  if (mode === 'write') {
    writeFileSync(OPENAPI_FILE, text);
    console.log(JSON.stringify({ action: 'openapi-write', file: OPENAPI_FILE }));
    return 0;
  }
  if (!existsSync(OPENAPI_FILE) || readFileSync(OPENAPI_FILE, 'utf8') !== text) {
    console.error(`${OPENAPI_FILE} is stale. Run \`npm run openapi\` and commit the result.`);
    return 1;
  }
  console.log(JSON.stringify({ action: 'openapi-check', status: 'up to date', file: OPENAPI_FILE }));
  return 0;
}

exitOnHelp(USAGE);
process.exit(main(process.argv[2]));
