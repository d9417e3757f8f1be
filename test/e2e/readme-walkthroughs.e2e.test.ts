import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv, startTestStack } from '../support/test-platform';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI_DIR = path.resolve(__dirname, '..', '..', 'bin');
const MARKER = /^<!-- walkthrough: ([a-z0-9-]+) -->\n```sh\n([\s\S]*?)\n```$/gm;

/** The README's runnable ```sh blocks, in order, each marked by `<!-- walkthrough: name -->` on the line before it. */
export function walkthroughs(markdown: string): Array<{ name: string; script: string }> {
  return [...markdown.matchAll(MARKER)].map(([, name, script]) => ({ name, script }));
}

/**
 * The README talks to `localhost:4000`, so a reader can paste any line on its own; the test points those
 * lines at its own gateway. A block that names another local port could not be run against it.
 */
export function pointAt(script: string, gatewayHostPort: string): string {
  const pointed = script.replace(/(https?:\/\/)?localhost:4000\b/g, (_, scheme: string | undefined) => `${scheme ?? ''}${gatewayHostPort}`);
  const other = /localhost(:\d+)?|127\.0\.0\.1:4\d{3}\b/.exec(pointed);
  if (other) throw new Error(`a walk-through names ${other[0]}, which the test cannot provide`);
  return pointed;
}

const START = '@@walkthrough ';

/**
 * One bash process runs every block in order (the README's blocks share a shell: later ones use earlier variables),
 * with `set -euo pipefail`; each block announces itself on stdout and stderr, so a failure names its block.
 * `npm run <cli> -- …` runs the compiled CLI against the test's database, as `npm run` would against the default one.
 */
function runAll(blocks: Array<{ name: string; script: string }>, env: NodeJS.ProcessEnv, cwd: string) {
  const script = [
    'set -euo pipefail',
    `npm() { if [ "$1" = run ] && [ "\${3:-}" = -- ]; then local cli=$2; shift 3; "$SAFIRI_NODE" "$SAFIRI_CLI_DIR/$cli.cli.js" "$@"; ` +
      `else echo "walk-through test: only 'npm run <cli> -- ...' is available, not: npm $*" >&2; return 127; fi; }`,
    ...blocks.map((b) => `echo '${START}${b.name}'; echo '${START}${b.name}' >&2\n${b.script}`),
  ].join('\n');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env: { ...env, SAFIRI_NODE: process.execPath, SAFIRI_CLI_DIR: CLI_DIR } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Output of each block by name. */
function byBlock(output: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const chunk of output.split(START).slice(1)) {
    const newline = chunk.indexOf('\n');
    parts.set(chunk.slice(0, newline), chunk.slice(newline + 1));
  }
  return parts;
}

describe('README walk-throughs', () => {
  const blocks = walkthroughs(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));

  it('marks the curl walk-throughs, in reading order', () => {
    expect(blocks.map((b) => b.name)).toEqual(['try-it', 'flight', 'train', 'bus', 'tickets', 'trips', 'wallet', 'webhooks', 'notification-log']);
    for (const b of blocks) {
      // Every curl stops the block on an HTTP error, and no placeholder is left for the reader to fill in.
      for (const line of b.script.split('\n').filter((l) => /^\s*[A-Z_]*=?\$?\(?curl /.test(l))) expect(line).toMatch(/curl -fsS/);
      expect(b.script).not.toMatch(/<[a-z][a-z ]*>/);
      // GNU-only tools would fail on macOS.
      expect(b.script).not.toMatch(/date -d|sed -i|grep -P|readlink -f|\bjq\b/);
    }
  });

  it('refuses a block that names a port the test cannot start', () => {
    expect(pointAt('curl -fsS localhost:4000/livez', '127.0.0.1:5555')).toBe('curl -fsS 127.0.0.1:5555/livez');
    expect(pointAt('curl -fsS http://localhost:4000/livez', '127.0.0.1:5555')).toBe('curl -fsS http://127.0.0.1:5555/livez');
    expect(() => pointAt('curl -fsS http://127.0.0.1:4005/readyz', '127.0.0.1:5555')).toThrow(/127.0.0.1:4005/);
  });

  describe('against a started stack', () => {
    let env: Awaited<ReturnType<typeof startTestStack>>;
    let cwd: string;
    let result: Awaited<ReturnType<typeof runAll>>;
    let out: Map<string, string>;

    beforeAll(async () => {
      // The webhooks block registers https://example.com/…: with private receivers allowed the name is not resolved
      // (the test machine may have no DNS); its deliveries fail and are retried, which the block does not wait for.
      env = await startTestStack({ WEBHOOK_ALLOW_PRIVATE: 'true' });
      cwd = mkdtempSync(path.join(os.tmpdir(), 'safiri-readme-'));
      const hostPort = new URL(env.baseUrl).host;
      result = await runAll(
        blocks.map((b) => ({ name: b.name, script: pointAt(b.script, hostPort) })),
        childEnv(env.config),
        cwd,
      );
      out = byBlock(result.stdout);
    }, 180_000);
    afterAll(async () => {
      rmSync(cwd, { recursive: true, force: true });
      await env.close();
    });

    it('runs every block to the end with bash -euo pipefail', () => {
      const failed = [...byBlock(result.stderr).keys()].pop();
      if (result.code !== 0) throw new Error(`block "${failed}" exited ${result.code}:\n${result.stderr.slice(-3000)}`);
      expect([...out.keys()]).toEqual(blocks.map((b) => b.name));
    });

    it('try-it: the agent logs in, and the airport list answers 304 to its ETag', () => {
      const tryIt = out.get('try-it')!;
      expect(tryIt).toMatch(/"email":"agent@example.co.tz"/);
      expect(tryIt.split('\n')).toContain('304');
      expect(tryIt).toMatch(/"trainStations":\[\{"stopId":"[A-Z]+:SGR:0"/);
    });

    it("trips: the agent's flight and train, newest first, and the issued train among ISSUED and RESERVED ones", () => {
      const [page, trains] = out
        .get('trips')!
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { data: Array<{ kind: string; status: string }> });
      expect(page.data.map((t) => t.kind).sort()).toEqual(['FLIGHT', 'TRAIN']);
      expect(trains.data.map((t) => `${t.kind} ${t.status}`)).toContain('TRAIN ISSUED');
    });

    it("wallet: the agent's wallet and its statement, whose newest balanceAfter is the balance", () => {
      const [wallet, entries] = out
        .get('wallet')!
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(wallet).toMatchObject({ currency: 'TZS', heldTotal: expect.any(String), availableBalance: expect.any(String) });
      const [newest] = entries.data as Array<{ balanceAfter: string; type: string }>;
      expect(newest.balanceAfter).toBe(wallet.balance);
      expect((entries.data as Array<{ type: string }>).map((e) => e.type)).toContain('BOOKING_DEBIT');
    });

    it('flight: the purchase issues the ticket', () => {
      expect(out.get('flight')).toMatch(/"status":"ISSUED"/);
    });

    it('train: the hold answers a key, the release RELEASED, the issue 202 and the issuance ends ISSUED, with a PDF', () => {
      const train = out.get('train')!;
      expect(train).toMatch(/"status":"RELEASED"/);
      expect(train).toMatch(/"status":"AGENT_WALLET_ADMITTED"/);
      expect(train).toMatch(/"issuance":\{"status":"ISSUED"/);
      expect(readFileSync(path.join(cwd, 'ticket.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('bus and tickets: the search finds the direct route, the lookup both bookings', () => {
      expect(out.get('bus')).toMatch(/"exactRoute":\{"[^"]+":\[\{/);
      const tickets = out.get('tickets')!;
      expect(tickets).toMatch(/"kind":"FLIGHT"/);
      expect(tickets).toMatch(/"kind":"TRAIN"/);
    });

    it('webhooks: the endpoint is registered with its secret, pinged, rotated, its delivery listed and sent again', () => {
      const webhooks = out.get('webhooks')!;
      expect(webhooks).toMatch(/"endpoints":\[\{"id":"whe_[0-9a-f-]{36}"/);
      expect(webhooks).toMatch(/\{"eventId":"evt_[0-9a-f-]{36}","endpointId":"whe_/);
      expect(webhooks).toMatch(/"deliveries":\[\{"id":"whd_[0-9a-f-]{36}","eventId":"evt_[0-9a-f-]{36}","eventType":"webhook.ping"/);
      expect(webhooks).toMatch(/"events":\["train.issuance.issued"\]/);
      expect(webhooks).not.toMatch(/whsec_/);
    });

    it('notification-log: the ADMIN query answers the log', () => {
      expect(out.get('notification-log')).toMatch(/"data":\{"notificationLog":\{"total":\d+/);
    });
  });
});
