import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..', '..');
const CODEGEN = path.join(REPO, 'node_modules', '.bin', 'graphql-codegen');

/**
 * graphql-codegen as a frontend team runs it, over the example web client, in check mode (fails when a
 * generated file would differ from the committed one, writes nothing). SCHEMA is what codegen.ts loads.
 */
const codegenCheck = (schema: string) =>
  spawnSync(CODEGEN, ['--config', 'examples/web-client/codegen.ts', '--check'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, SCHEMA: schema } });

/** A codegen glob over `schema/*.graphql` finds the client schema only: the supergraph and subgraph SDLs live in folders of their own. */
describe('graphql-codegen over the schema folder', () => {
  it.each(['schema/*.graphql', 'schema/client.graphql'])('%s generates exactly the committed web client types', (schema) => {
    const run = codegenCheck(schema);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
