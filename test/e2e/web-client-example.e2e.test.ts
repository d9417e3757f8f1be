import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../support/cli';
import { startTestStack } from '../support/test-platform';

const run = promisify(execFile);
const DIST = path.resolve(__dirname, '..', '..');
/** The example as `npm run build` compiles it. */
const EXAMPLE = path.join(DIST, 'examples', 'web-client', 'src', 'main.js');
/** graphql-codegen runs in a child: its CLI package loads ES modules jest's module loader cannot. */
const TYPES_CLI = path.join(DIST, 'bin', 'web-client-types.cli.js');

/** examples/web-client: what a frontend team does first, against a running stack. */
describe('the typed web-client example', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;

  beforeAll(async () => {
    env = await startTestStack();
    const created = runCli(
      'accounts',
      ['create', '--email', 'web@example.test', '--password', 'web client password', '--role', 'SERVICE_AGENT', '--balance', '500000'],
      env.config,
    );
    expect(created.status).toBe(0);
  });
  afterAll(() => env.close());

  it('logs in over REST and prints the trains and flights its typed operations found', async () => {
    // Asynchronous: the stack runs in this process and must answer while the example waits.
    const { stdout } = await run(process.execPath, [EXAMPLE], {
      env: { ...process.env, SAFIRI_URL: env.baseUrl, SAFIRI_EMAIL: 'web@example.test', SAFIRI_PASSWORD: 'web client password' },
    });
    const lines = stdout.trim().split('\n');
    const summary = JSON.parse(lines[lines.length - 1]) as { trains: number; flights: number };
    expect(summary.trains).toBeGreaterThan(0);
    expect(summary.flights).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith('train '))).toHaveLength(summary.trains);
    expect(lines.filter((l) => l.startsWith('flight '))).toHaveLength(summary.flights);
    // A real train: number and stations; a real offer: its reference, a segment DAR -> ZNZ and a price.
    expect(lines.find((l) => l.startsWith('train '))).toMatch(/^train \S+ .+: .*Dar.* -> .*Dodoma.*, \d+(\.\d+)? [A-Z]{3}$/i);
    expect(lines.find((l) => l.startsWith('flight '))).toMatch(/^flight [^:]+: \w{2}\d+ DAR \S+ -> ZNZ \S+, \d+(\.\d+)? [A-Z]{3}$/);
  });

  it('generates from the running gateway (/graphql, by introspection) exactly the types committed from schema/client.graphql', async () => {
    const { stdout } = await run(process.execPath, [TYPES_CLI, 'check', '--schema', `${env.baseUrl}/graphql`]);
    expect(JSON.parse(stdout)).toEqual({ action: 'web-client-types-check', status: 'up to date', schema: `${env.baseUrl}/graphql`, files: 3 });
  });
});
