import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSideRole, startTestStack } from '../support/test-platform';
import { subgraphUrlsOf } from '../support/gateway.process';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer } from '../support/rest-bodies';

const BASE = '/api/admin/reverse-proxy/configs';

interface ConfigBody {
  domain: { name: string };
  companyUuid: string;
  revision: string;
}

/**
 * Reverse-proxy administration with two admin replicas, each with its own copy of the repository (as on two hosts),
 * sharing a remote (REVERSE_PROXY_REMOTE, here a bare repository): one writer at a time across both, every verified
 * change pushed before it is answered, and a change made through one replica read through the other.
 */
describe('reverse-proxy administration on two replicas sharing a remote', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'safiri-rproxy-remote-'));
  const remote = path.join(tmp, 'remote.git');
  const [copyA, copyB] = [path.join(tmp, 'host-a'), path.join(tmp, 'host-b')];
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let sides: Array<{ stop(): Promise<void> }> = [];
  let viaA: FlightClient;
  let viaB: FlightClient;
  let company: string;

  const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  const remoteHead = () => git(remote, 'rev-parse', 'refs/heads/main');
  const remoteCommits = () => Number(git(remote, 'rev-list', '--count', 'refs/heads/main'));
  const one = (domain: string) => `${BASE}/${encodeURIComponent(domain)}`;
  const hook = path.join(remote, 'hooks', 'pre-receive');

  beforeAll(async () => {
    execFileSync('git', ['init', '-q', '--bare', remote]);
    const shared = { REVERSE_PROXY_REMOTE: remote, REVERSE_PROXY_READ_SYNC_MS: '0' };
    env = await startTestStack({ ...shared, REVERSE_PROXY_REPO: copyA });
    const adminB = await startSideRole(env.config, 'admin', { ...shared, REVERSE_PROXY_REPO: copyB });
    const gatewayB = await startSideRole(env.config, 'gateway', { ...subgraphUrlsOf(env.stack.subgraphs), ADMIN_URL: adminB.stack.subgraphs.admin!.url });
    sides = [gatewayB, adminB];
    viaA = await FlightClient.create(env.baseUrl, env.stack.platform, 'proxy.replicas@safiri.test', 'ADMIN');
    viaB = new FlightClient(gatewayB.stack.gateway!.url, viaA.token);
    const [row] = await env.stack.platform.dataSource.query<Array<{ uuid: string }>>('SELECT uuid FROM company ORDER BY name LIMIT 1');
    company = row.uuid;
  });
  afterAll(async () => {
    for (const side of sides) await side.stop();
    await env?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('the first replica initialised the remote and the second started as its copy', () => {
    expect(remoteCommits()).toBe(1);
    expect(git(copyA, 'rev-parse', 'HEAD')).toBe(remoteHead());
    expect(git(copyB, 'rev-parse', 'HEAD')).toBe(remoteHead());
  });

  it('a change made through one replica is on the remote before it is answered, and the other reads and changes it', async () => {
    const created = await viaA.call<ConfigBody>('POST', BASE, { domain: 'twin-hosts.co.tz', companyUuid: company });
    expect(created.status).toBe(201);
    expect(remoteHead()).toBe(created.body.revision);

    const read = await viaB.call<ConfigBody>('GET', one('twin-hosts.co.tz'));
    expect(read.status).toBe(200);
    expect(read.body.revision).toBe(created.body.revision);

    const changed = await viaB.call<ConfigBody>('PATCH', one('twin-hosts.co.tz'), { metadata: { plan: 'gold' } }, { 'if-match': `"${created.body.revision}"` });
    expect(changed.status).toBe(200);
    expect(remoteHead()).toBe(changed.body.revision);
    // The first replica's ETag is stale now: its own copy moves to the remote's latest before it compares.
    const stale = await viaA.call<ErrorAnswer>('PATCH', one('twin-hosts.co.tz'), { metadata: {} }, { 'if-match': `"${created.body.revision}"` });
    expect(stale.status).toBe(412);
    const listed = await viaA.call<{ revision: string }>('GET', BASE);
    expect(listed.body.revision).toBe(remoteHead());
  });

  it('changes sent to both replicas at once take turns: each is one commit on the remote, none lost', async () => {
    const before = remoteCommits();
    const domains = Array.from({ length: 6 }, (_, i) => `burst-${i}.co.tz`);
    const answers = await Promise.all(domains.map((domain, i) => (i % 2 ? viaB : viaA).call<ConfigBody>('POST', BASE, { domain, companyUuid: company })));
    expect(answers.map((a) => a.status)).toEqual(domains.map(() => 201));
    expect(remoteCommits()).toBe(before + domains.length);
    const files = git(remote, 'ls-tree', '--name-only', 'refs/heads/main', 'tenants/').split('\n');
    for (const domain of domains) expect(files).toContain(`tenants/${domain}.conf`);
  });

  it('a change the remote refuses is undone: 503, the remote and the replica unchanged; the next change goes through', async () => {
    writeFileSync(hook, '#!/bin/sh\necho "read-only for maintenance" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    const before = remoteHead();
    const refused = await viaA.call<ErrorAnswer>('POST', BASE, { domain: 'refused-push.co.tz', companyUuid: company });
    expect(refused.status).toBe(503);
    expect(refused.body.errorCode).toBe('REVERSE_PROXY_REPOSITORY_UNAVAILABLE');
    expect(remoteHead()).toBe(before);
    expect(git(copyA, 'rev-parse', 'HEAD')).toBe(before);
    expect((await viaA.call('GET', one('refused-push.co.tz'))).status).toBe(404);

    rmSync(hook);
    const accepted = await viaA.call<ConfigBody>('POST', BASE, { domain: 'refused-push.co.tz', companyUuid: company });
    expect(accepted.status).toBe(201);
    expect(remoteHead()).toBe(accepted.body.revision);
  });
});
