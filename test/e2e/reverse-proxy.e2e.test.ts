import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStack } from '../support/test-platform';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer } from '../support/rest-bodies';
import { findNginx } from '../../subgraphs/admin/reverse-proxy/nginx-verifier.service';

const BASE = '/api/admin/reverse-proxy/configs';
const TEMPLATE = 'templates/tenant.conf.tmpl';

/** A reverse-proxy configuration as the REST API answers it. */
interface ConfigBody {
  domain: { id: string; name: string; createdAt: string; [field: string]: unknown };
  companyUuid: string;
  metadata: Record<string, unknown>;
  file: string;
  serverNames: string[];
  revision: string;
}

/** GET of the configuration list. */
interface ListBody {
  revision: string;
  configs: ConfigBody[];
}

/** Reverse-proxy administration over REST: tenant server blocks kept as commits in a git repository of this file's own. */
describe('reverse-proxy administration (REST)', () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'safiri-rproxy-'));
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let admin: FlightClient;
  let sudo: FlightClient;
  let customer: FlightClient;
  let companyA: string;
  let companyB: string;
  /** Subjects of the commits the API made, oldest first: the log must show exactly these. */
  const changes: string[] = [];

  const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
  const head = () => git('rev-parse', 'HEAD');
  const commitCount = () => Number(git('rev-list', '--count', 'HEAD'));
  const one = (domain: string) => `${BASE}/${encodeURIComponent(domain)}`;
  const etag = (sha: string) => `"${sha}"`;
  const anonymous = (method: string, p: string, body?: unknown) =>
    fetch(`${env.baseUrl}${p}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  /** POST that must succeed; records the commit it makes. */
  async function create(domain: string, companyUuid: string, metadata?: Record<string, unknown>) {
    const res = await admin.call<ConfigBody>('POST', BASE, { domain, companyUuid, ...(metadata ? { metadata } : {}) });
    expect(res.status).toBe(201);
    changes.push(`Create tenant ${domain}`);
    return res;
  }

  beforeAll(async () => {
    env = await startTestStack({ REVERSE_PROXY_REPO: repo, REVERSE_PROXY_SERVER_NAME: 'Edge Dar 1' });
    const platform = env.stack.platform;
    [admin, sudo, customer] = await Promise.all([
      FlightClient.create(env.baseUrl, platform, 'proxy.admin@safiri.test', 'ADMIN'),
      FlightClient.create(env.baseUrl, platform, 'proxy.sudo@safiri.test', 'SUDO'),
      FlightClient.create(env.baseUrl, platform, 'proxy.customer@safiri.test', 'CUSTOMER'),
    ]);
    const rows: Array<{ uuid: string }> = await platform.dataSource.query('SELECT uuid FROM company ORDER BY name LIMIT 2');
    [companyA, companyB] = rows.map((r) => r.uuid);
  });

  afterAll(async () => {
    await env?.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('initialises the repository on first start: the template in one commit, no tenants', async () => {
    expect(commitCount()).toBe(1);
    expect(git('log', '-1', '--format=%s')).toBe('Initialise the reverse-proxy configuration repository');
    expect(readFileSync(path.join(repo, TEMPLATE), 'utf8')).toContain('{{server_name}}');
    const res = await admin.call('GET', BASE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revision: head(), configs: [] });
  });

  it('answers 401 without a token and 403 to an account that is not ADMIN or SUDO', async () => {
    expect((await anonymous('GET', BASE)).status).toBe(401);
    expect((await anonymous('POST', BASE, { domain: 'nobody.co.tz', companyUuid: companyA })).status).toBe(401);
    expect((await anonymous('DELETE', one('nobody.co.tz'))).status).toBe(401);
    const ifMatch = { 'if-match': etag(head()) };
    for (const [method, p, body] of [
      ['GET', BASE, undefined],
      ['POST', BASE, { domain: 'nobody.co.tz', companyUuid: companyA }],
      ['GET', one('nobody.co.tz'), undefined],
      ['PATCH', one('nobody.co.tz'), { metadata: {} }],
      ['DELETE', one('nobody.co.tz'), undefined],
    ] as const) {
      const res = await customer.call<ErrorAnswer>(method, p, body, ifMatch);
      expect([method, p, res.status, res.body.errorCode]).toEqual([method, p, 403, 'FORBIDDEN']);
    }
    expect(commitCount()).toBe(1);
  });

  it('creates configurations (201 after the commit), lists them in source-file order with the HEAD revision', async () => {
    const zeta = await create('zeta-tenant.co.tz', companyA, { plan: 'gold', contact: { name: 'Asha' } });
    expect(zeta.headers.get('etag')).toBe(etag(head()));
    expect(zeta.headers.get('location')).toBe(one('zeta-tenant.co.tz'));
    expect(zeta.body).toEqual({
      domain: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'zeta-tenant.co.tz',
        domainType: 'apex',
        publicSuffix: 'co.tz',
        redirectForName: 'www.zeta-tenant.co.tz',
        verificationStatus: 'verified',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        server: { id: 'edge-dar-1', name: 'Edge Dar 1' },
      },
      companyUuid: companyA,
      metadata: { plan: 'gold', contact: { name: 'Asha' } },
      file: 'tenants/zeta-tenant.co.tz.conf',
      serverNames: ['zeta-tenant.co.tz', 'www.zeta-tenant.co.tz'],
      revision: head(),
    });
    const file = readFileSync(path.join(repo, 'tenants/zeta-tenant.co.tz.conf'), 'utf8');
    expect(file).toContain('server_name zeta-tenant.co.tz;');
    expect(file).toContain(`X-Tenant-Company ${companyA};`);
    expect(git('log', '-1', '--format=%ae|%B')).toContain('proxy.admin@safiri.test|Create tenant zeta-tenant.co.tz');

    const shop = await create('shop.alpha-tenant.co.tz', companyB);
    expect(shop.body.domain).toMatchObject({ domainType: 'subdomain', publicSuffix: 'co.tz', redirectForName: null });
    expect(shop.body.metadata).toEqual({});
    const pending = await sudo.call<ConfigBody>('POST', BASE, { domain: 'Unverified-Tenant.CO.TZ.', companyUuid: companyA });
    expect(pending.status).toBe(201);
    changes.push('Create tenant unverified-tenant.co.tz');
    expect(pending.body.domain).toMatchObject({ name: 'unverified-tenant.co.tz', verificationStatus: 'unverified' });
    expect(git('log', '-1', '--format=%ae')).toBe('proxy.sudo@safiri.test');

    const list = await admin.call<ListBody>('GET', BASE);
    expect(list.status).toBe(200);
    expect(list.body.revision).toBe(head());
    expect(list.body.configs.map((c) => c.domain.name)).toEqual(['shop.alpha-tenant.co.tz', 'unverified-tenant.co.tz', 'zeta-tenant.co.tz']);
    expect(list.body.configs[2]).toEqual({ ...zeta.body, revision: zeta.body.revision });
  });

  it('GraphQL reverseProxyConfigs pages the list (first, after) at one revision; a cursor of another revision is a 409', async () => {
    const PAGE = `query Page($first: Int!, $after: String) { reverseProxyConfigs(first: $first, after: $after) {
      revision nextCursor configs { domain { name } } } }`;
    type Page = { data: { reverseProxyConfigs: { revision: string; nextCursor: string | null; configs: Array<{ domain: { name: string } }> } } | null };
    type Failed = { errors: Array<{ extensions: { code: string } }> };
    const page = (first: number, after?: string) => admin.call<Page & Failed>('POST', '/graphql', { query: PAGE, variables: { first, after } });

    const first = (await page(2)).body.data!.reverseProxyConfigs;
    expect(first.revision).toBe(head());
    expect(first.configs.map((c) => c.domain.name)).toEqual(['shop.alpha-tenant.co.tz', 'unverified-tenant.co.tz']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await page(2, first.nextCursor!)).body.data!.reverseProxyConfigs;
    expect(second).toEqual({ revision: first.revision, nextCursor: null, configs: [{ domain: { name: 'zeta-tenant.co.tz' } }] });

    const otherRevision = Buffer.from(JSON.stringify(['0'.repeat(40), 'tenants/unverified-tenant.co.tz.conf'])).toString('base64url');
    expect((await page(2, otherRevision)).body.errors[0].extensions.code).toBe('REVERSE_PROXY_REVISION_CONFLICT');
    expect((await page(2, 'not-a-cursor')).body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect((await page(0)).body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect((await page(1001)).body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('answers 400 with data.fields[] for invalid input, before anything is committed', async () => {
    const before = commitCount();
    const cases: Array<[unknown, string[]]> = [
      [{ companyUuid: companyA }, ['domain']],
      [{ domain: 'tenant.example', companyUuid: companyA }, ['domain']],
      [{ domain: 'not a host.co.tz', companyUuid: companyA }, ['domain']],
      [{ domain: 'co.tz', companyUuid: companyA }, ['domain']],
      [{ domain: 'fine-tenant.co.tz', companyUuid: 'nope' }, ['companyUuid']],
      [{ domain: 'fine-tenant.co.tz', companyUuid: '00000000-0000-4000-8000-000000000000' }, ['companyUuid']],
      [{ domain: 'fine-tenant.co.tz', companyUuid: companyA, metadata: ['x'] }, ['metadata']],
      [{ domain: 42, companyUuid: companyA, colour: 'red' }, ['domain', 'colour']],
    ];
    for (const [body, fields] of cases) {
      const res = await admin.call<ErrorAnswer>('POST', BASE, body);
      expect([body, res.status, res.body.errorCode]).toEqual([body, 400, 'BAD_REQUEST']);
      expect(res.body.data.fields.map((f) => f.field).sort()).toEqual([...fields].sort());
    }
    expect(commitCount()).toBe(before);
  });

  it('answers 409 for a domain, server-name or revision conflict without committing', async () => {
    const before = commitCount();
    const again = await admin.call<ErrorAnswer>('POST', BASE, { domain: 'ZETA-tenant.co.tz', companyUuid: companyB });
    expect([again.status, again.body.errorCode]).toEqual([409, 'REVERSE_PROXY_DOMAIN_CONFLICT']);
    const www = await admin.call<ErrorAnswer>('POST', BASE, { domain: 'www.zeta-tenant.co.tz', companyUuid: companyB });
    expect([www.status, www.body.errorCode]).toEqual([409, 'REVERSE_PROXY_SERVER_NAME_CONFLICT']);
    expect(www.body.data).toEqual({ serverName: 'www.zeta-tenant.co.tz', usedBy: 'zeta-tenant.co.tz' });
    const initial = git('rev-list', '--max-parents=0', 'HEAD');
    const stale = await admin.call<ErrorAnswer>('POST', BASE, { domain: 'late-tenant.co.tz', companyUuid: companyA }, { 'if-match': etag(initial) });
    expect([stale.status, stale.body.errorCode, stale.body.data.currentRevision]).toEqual([409, 'REVERSE_PROXY_REVISION_CONFLICT', head()]);
    expect(commitCount()).toBe(before);
    const current = await admin.call('POST', BASE, { domain: 'late-tenant.co.tz', companyUuid: companyA }, { 'if-match': etag(head()) });
    expect(current.status).toBe(201);
    changes.push('Create tenant late-tenant.co.tz');
  });

  it('answers one configuration with a strong ETag of its revision, and 404 for an unknown domain', async () => {
    const res = await admin.call<ConfigBody>('GET', one('zeta-tenant.co.tz'));
    expect(res.status).toBe(200);
    const lastTouch = git('log', '-1', '--format=%H', '--', 'tenants/zeta-tenant.co.tz.conf');
    expect(res.headers.get('etag')).toBe(etag(lastTouch));
    expect(res.body.revision).toBe(lastTouch);
    // Later commits to other tenants leave this configuration's revision alone.
    expect(lastTouch).not.toBe(head());
    const missing = await admin.call<ErrorAnswer>('GET', one('nobody.co.tz'));
    expect([missing.status, missing.body.errorCode]).toEqual([404, 'REVERSE_PROXY_CONFIG_NOT_FOUND']);
  });

  it('PATCH: 428 without If-Match, 412 when stale, 200 updated with a new ETag, 200 unchanged without a commit', async () => {
    const current = await admin.call<ConfigBody>('GET', one('zeta-tenant.co.tz'));
    const tag = current.headers.get('etag')!;
    const before = commitCount();

    const missing = await admin.call<ErrorAnswer>('PATCH', one('zeta-tenant.co.tz'), { metadata: { plan: 'silver' } });
    expect([missing.status, missing.body.errorCode]).toEqual([428, 'REVERSE_PROXY_PRECONDITION_REQUIRED']);
    const initial = git('rev-list', '--max-parents=0', 'HEAD');
    const stale = await admin.call<ErrorAnswer>('PATCH', one('zeta-tenant.co.tz'), { metadata: { plan: 'silver' } }, { 'if-match': etag(initial) });
    expect([stale.status, stale.body.errorCode, stale.body.data.currentRevision]).toEqual([412, 'REVERSE_PROXY_PRECONDITION_FAILED', current.body.revision]);
    const weak = await admin.call('PATCH', one('zeta-tenant.co.tz'), { metadata: { plan: 'silver' } }, { 'if-match': `W/${tag}` });
    expect(weak.status).toBe(412);
    const unknown = await admin.call('PATCH', one('nobody.co.tz'), { metadata: {} }, { 'if-match': tag });
    expect(unknown.status).toBe(404);
    expect(commitCount()).toBe(before);

    const updated = await admin.call<ConfigBody>(
      'PATCH',
      one('zeta-tenant.co.tz'),
      { metadata: { plan: 'silver' }, companyUuid: companyB },
      { 'if-match': tag },
    );
    expect(updated.status).toBe(200);
    changes.push(`Update tenant zeta-tenant.co.tz: company → ${companyB}, metadata`);
    expect(updated.body).toMatchObject({ companyUuid: companyB, metadata: { plan: 'silver' }, revision: head() });
    expect(updated.body.domain).toEqual(current.body.domain);
    expect(updated.headers.get('etag')).toBe(etag(head()));
    expect(updated.headers.get('etag')).not.toBe(tag);
    expect(commitCount()).toBe(before + 1);

    const unchanged = await admin.call(
      'PATCH',
      one('zeta-tenant.co.tz'),
      { metadata: { plan: 'silver' }, companyUuid: companyB },
      { 'if-match': updated.headers.get('etag')! },
    );
    expect(unchanged.status).toBe(200);
    expect(unchanged.headers.get('etag')).toBe(updated.headers.get('etag'));
    expect(unchanged.body).toEqual(updated.body);
    expect(commitCount()).toBe(before + 1);
  });

  it('PATCH renames a domain (same id, one commit) and refuses a rename onto another configuration with 409', async () => {
    const current = await admin.call<ConfigBody>('GET', one('late-tenant.co.tz'));
    const taken = await admin.call<ErrorAnswer>(
      'PATCH',
      one('late-tenant.co.tz'),
      { domain: 'www.zeta-tenant.co.tz' },
      { 'if-match': current.headers.get('etag')! },
    );
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'REVERSE_PROXY_SERVER_NAME_CONFLICT']);
    const renamed = await admin.call<ConfigBody>(
      'PATCH',
      one('late-tenant.co.tz'),
      { domain: 'www.omega-tenant.co.tz' },
      { 'if-match': current.headers.get('etag')! },
    );
    expect(renamed.status).toBe(200);
    changes.push('Update tenant late-tenant.co.tz: domain → www.omega-tenant.co.tz');
    expect(renamed.body.domain).toMatchObject({
      id: current.body.domain.id,
      name: 'www.omega-tenant.co.tz',
      domainType: 'subdomain',
      redirectForName: 'omega-tenant.co.tz',
      createdAt: current.body.domain.createdAt,
    });
    expect(renamed.body.file).toBe('tenants/www.omega-tenant.co.tz.conf');
    expect(existsSync(path.join(repo, 'tenants/late-tenant.co.tz.conf'))).toBe(false);
    expect(git('show', '--name-status', '--no-renames', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'A\ttenants/www.omega-tenant.co.tz.conf',
      'D\ttenants/late-tenant.co.tz.conf',
    ]);
    expect((await admin.call('GET', one('late-tenant.co.tz'))).status).toBe(404);
  });

  it('two PATCHes with the same If-Match: exactly one wins, the other is 412, and one commit is made', async () => {
    const current = await admin.call<ConfigBody>('GET', one('shop.alpha-tenant.co.tz'));
    const tag = current.headers.get('etag')!;
    const before = commitCount();
    const results = await Promise.all(
      ['first', 'second'].map((writer) => admin.call('PATCH', one('shop.alpha-tenant.co.tz'), { metadata: { writer } }, { 'if-match': tag })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!.body as ConfigBody;
    const loser = results.find((r) => r.status === 412)!.body as ErrorAnswer;
    expect(loser.data.currentRevision).toBe(winner.revision);
    expect(commitCount()).toBe(before + 1);
    changes.push('Update tenant shop.alpha-tenant.co.tz: metadata');
    expect((await admin.call<ConfigBody>('GET', one('shop.alpha-tenant.co.tz'))).body.metadata).toEqual(winner.metadata);
  });

  it('DELETE: 428 without If-Match, 412 when stale, 404 unknown, 204 deleted in one commit', async () => {
    const current = await admin.call('GET', one('unverified-tenant.co.tz'));
    const before = commitCount();
    const missing = await admin.call<ErrorAnswer>('DELETE', one('unverified-tenant.co.tz'));
    expect([missing.status, missing.body.errorCode]).toEqual([428, 'REVERSE_PROXY_PRECONDITION_REQUIRED']);
    const stale = await admin.call<ErrorAnswer>('DELETE', one('unverified-tenant.co.tz'), undefined, {
      'if-match': etag(git('rev-list', '--max-parents=0', 'HEAD')),
    });
    expect([stale.status, stale.body.errorCode]).toEqual([412, 'REVERSE_PROXY_PRECONDITION_FAILED']);
    const unknown = await admin.call<ErrorAnswer>('DELETE', one('nobody.co.tz'), undefined, { 'if-match': current.headers.get('etag')! });
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'REVERSE_PROXY_CONFIG_NOT_FOUND']);
    expect(commitCount()).toBe(before);

    const deleted = await admin.call('DELETE', one('unverified-tenant.co.tz'), undefined, { 'if-match': current.headers.get('etag')! });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    changes.push('Delete tenant unverified-tenant.co.tz');
    expect(commitCount()).toBe(before + 1);
    expect(existsSync(path.join(repo, 'tenants/unverified-tenant.co.tz.conf'))).toBe(false);
    expect((await admin.call('GET', one('unverified-tenant.co.tz'))).status).toBe(404);
  });

  it('the git log shows exactly one commit per change, each naming who made it', () => {
    const log = git('log', '--reverse', '--format=%s%x09%ae').split('\n');
    expect(log.map((l) => l.split('\t')[0])).toEqual(['Initialise the reverse-proxy configuration repository', ...changes]);
    expect(log.slice(1).every((l) => /\tproxy\.(admin|sudo)@safiri\.test$/.test(l))).toBe(true);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('answers 503 while the template is malformed, and works again once it is fixed', async () => {
    const file = path.join(repo, TEMPLATE);
    const good = readFileSync(file, 'utf8');
    try {
      for (const broken of [good.replace(/\{\{company_uuid\}\}/g, 'none'), good.replace(/}\s*$/, '')]) {
        writeFileSync(file, broken);
        const list = await admin.call<ErrorAnswer>('GET', BASE);
        expect([list.status, list.body.errorCode]).toEqual([503, 'REVERSE_PROXY_TEMPLATE_MALFORMED']);
        const post = await admin.call<ErrorAnswer>('POST', BASE, { domain: 'broken-tenant.co.tz', companyUuid: companyA });
        expect([post.status, post.body.errorCode]).toEqual([503, 'REVERSE_PROXY_TEMPLATE_MALFORMED']);
      }
    } finally {
      writeFileSync(file, good);
    }
    expect((await admin.call('GET', BASE)).status).toBe(200);
  });

  it('answers 503 while the repository is unavailable (not a git repository)', async () => {
    const before = head();
    renameSync(path.join(repo, '.git'), path.join(repo, '.git-away'));
    try {
      const list = await admin.call<ErrorAnswer>('GET', BASE);
      expect([list.status, list.body.errorCode]).toEqual([503, 'REVERSE_PROXY_REPOSITORY_UNAVAILABLE']);
      expect((await admin.call('GET', one('zeta-tenant.co.tz'))).status).toBe(503);
      expect((await admin.call('POST', BASE, { domain: 'offline-tenant.co.tz', companyUuid: companyA })).status).toBe(503);
      expect(existsSync(path.join(repo, 'tenants/offline-tenant.co.tz.conf'))).toBe(false);
    } finally {
      renameSync(path.join(repo, '.git-away'), path.join(repo, '.git'));
    }
    expect(head()).toBe(before);
    expect((await admin.call('GET', BASE)).status).toBe(200);
  });

  (findNginx() ? it : it.skip)('runs nginx -t on the rendered file: a block nginx rejects is rolled back and answered 503', async () => {
    const file = path.join(repo, TEMPLATE);
    const good = readFileSync(file, 'utf8');
    // Well-formed for the template check (placeholders, braces), but not a directive nginx knows.
    writeFileSync(file, good.replace('listen 80;', 'listen 80;\n    no_such_directive on;'));
    git('-c', 'user.name=test', '-c', 'user.email=test@safiri.test', 'commit', '-q', '-am', 'Template with a directive nginx rejects');
    const before = head();
    try {
      const res = await admin.call<ErrorAnswer>('POST', BASE, { domain: 'rejected-tenant.co.tz', companyUuid: companyA });
      expect([res.status, res.body.errorCode, res.body.data.stage]).toEqual([503, 'REVERSE_PROXY_VERIFICATION_FAILED', 'nginx']);
      expect(res.body.errorMessage).toContain('no_such_directive');
      expect(head()).toBe(before);
      expect(existsSync(path.join(repo, 'tenants/rejected-tenant.co.tz.conf'))).toBe(false);
      expect(git('status', '--porcelain')).toBe('');
    } finally {
      git('-c', 'user.name=test', '-c', 'user.email=test@safiri.test', 'revert', '--no-edit', 'HEAD');
    }
    expect((await admin.call('POST', BASE, { domain: 'accepted-tenant.co.tz', companyUuid: companyA })).status).toBe(201);
  });
});
