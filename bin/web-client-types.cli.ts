import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { COMMITTED_CLIENT_SCHEMA, webClientCodegenConfig } from '../examples/web-client/codegen';

/** The repository root, from dist/bin/. */
const ROOT = path.resolve(__dirname, '..', '..');
const WEB_CLIENT_DIR = path.join(ROOT, 'examples', 'web-client');

/** What graphql-codegen generates for the example from `schema` (a file or a /graphql URL), as { file: content }. */
async function generateWebClientTypes(schema: string = path.join(ROOT, COMMITTED_CLIENT_SCHEMA)): Promise<Record<string, string>> {
  const outputs = await generate(webClientCodegenConfig(schema, WEB_CLIENT_DIR), false);
  return Object.fromEntries(outputs.map((o: { filename: string; content: string }) => [o.filename, o.content]));
}

/** The generated files that differ from what is on disk (or are missing), relative to the repository root. */
function staleFiles(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file, content]) => !existsSync(file) || readFileSync(file, 'utf8') !== content)
    .map(([file]) => path.relative(ROOT, file));
}

/**
 * `npm run example:codegen` writes examples/web-client/src/gql; `npm run example:check` fails when it
 * is stale. `--schema` generates from another file or a running gateway's /graphql URL instead.
 */
async function main([mode, flag, schema]: string[]): Promise<number> {
  if ((mode !== 'write' && mode !== 'check') || (flag !== undefined && (flag !== '--schema' || !schema))) {
    console.error('usage: web-client-types.cli.js write|check [--schema FILE_OR_URL]');
    return 2;
  }
  const files = await generateWebClientTypes(schema);
  if (mode === 'write') {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    console.log(JSON.stringify({ action: 'web-client-types-write', files: Object.keys(files).map((f) => path.relative(ROOT, f)) }));
    return 0;
  }
  const stale = staleFiles(files);
  if (stale.length) {
    console.error(
      `the web-client example's generated types differ from ${schema ?? COMMITTED_CLIENT_SCHEMA}'s: ${stale.join(', ')}. Run \`npm run example:codegen\` and commit the result.`,
    );
    return 1;
  }
  console.log(
    JSON.stringify({ action: 'web-client-types-check', status: 'up to date', schema: schema ?? COMMITTED_CLIENT_SCHEMA, files: Object.keys(files).length }),
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
