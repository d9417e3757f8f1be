import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createTestPlatform } from '../support/test-platform';
import { CachePeer, within } from '../support/cache-peer';
import type { Platform } from '../../shared/platform/platform.wiring';
import { COMPANY_CACHE_MAX_ROWS, CompanyService } from '../../shared/companies/company.service';
import { companyReferenceResolver } from '../../subgraphs/admin/graphql/company.resolver';
import { RequestContext } from '../../shared/context/request.context';
import { InvalidationBus } from '../../shared/cache/invalidation-bus.service';
import { createRedis } from '../../shared/redis/redis.client';
import companies from '../../shared/reference-data/companies.json';
import type { GraphQLContext } from '../../shared/http/subgraph.server';
import { COMPANY_SQL, sqlDuring } from '../support/sql-during';

/** The company directory in memory: changes reach another process within a second; references are batched. */
let env: Awaited<ReturnType<typeof createTestPlatform>>;
let platform: Platform;
let service: CompanyService;
let peer: CachePeer;
const measured: string[] = [];

beforeAll(async () => {
  env = await createTestPlatform();
  platform = env.platform;
  service = new CompanyService(platform.dataSource, platform.invalidations);
  peer = await CachePeer.start(env.config);
  platform.invalidations.start();
  await within(5_000, async () => platform.invalidations.trusted(), Boolean);
});

afterAll(async () => {
  await peer?.stop();
  await env?.close();
  if (measured.length) process.stderr.write(`company change reached the other process in: ${measured.join(', ')}\n`);
});

const companyQueriesDuring = (fn: () => Promise<unknown>) => sqlDuring(platform.dataSource, fn, COMPANY_SQL);

const [first, second] = companies;
const nameThere = async (uuid: string) => (await peer.send<{ company: { name: string } | null }>({ op: 'company', uuid })).company?.name;

test('reads come from memory once loaded', async () => {
  await service.list();
  expect(
    await companyQueriesDuring(async () => {
      expect((await service.list()).length).toBe(companies.length);
      expect((await service.findByUuid(first.uuid))?.name).toBe(first.name);
    }),
  ).toEqual([]);
});

test('a company updated in the other process is seen here within a second', async () => {
  expect((await service.findByUuid(first.uuid))?.name).toBe(first.name);
  await peer.send({ op: 'updateCompany', uuid: first.uuid, patch: { name: 'Renamed in the other process' } });
  const { elapsedMs } = await within(
    1_000,
    async () => (await service.findByUuid(first.uuid))?.name,
    (name) => name === 'Renamed in the other process',
  );
  measured.push(`update there ${elapsedMs} ms`);
});

test('a company updated or created here is seen by the other process within a second', async () => {
  expect(await nameThere(second.uuid)).toBe(second.name);
  await service.update(second.uuid, { tradingName: null, name: 'Renamed here' });
  measured.push(
    `update here ${
      (
        await within(
          1_000,
          () => nameThere(second.uuid),
          (n) => n === 'Renamed here',
        )
      ).elapsedMs
    } ms`,
  );

  const created = await service.create({ ...second, tinNumber: '999-000-111', name: 'A new operator' });
  measured.push(
    `create here ${
      (
        await within(
          1_000,
          () => nameThere(created.uuid),
          (n) => n === 'A new operator',
        )
      ).elapsedMs
    } ms`,
  );
});

test('bad company input is refused before it reaches the table', async () => {
  await expect(service.update(first.uuid, { name: 'x'.repeat(201) })).rejects.toMatchObject({ errorCode: 'COMPANY_INVALID', status: 400 });
  await expect(service.update(first.uuid, { companyType: 'SPACESHIP' })).rejects.toMatchObject({ errorCode: 'COMPANY_INVALID' });
  await expect(service.update(randomUUID(), { name: 'Nobody' })).rejects.toMatchObject({ errorCode: 'COMPANY_NOT_FOUND', status: 404 });
  await expect(service.create({ ...first, name: 'Same TIN' })).rejects.toMatchObject({ errorCode: 'COMPANY_TIN_TAKEN', status: 409 });
});

test('entity references of one request are resolved with one query when nothing is cached (Redis unreachable)', async () => {
  const deadRedis = createRedis('redis://127.0.0.1:1', 'request', { retryStrategy: () => null, lazyConnect: true });
  const bus = new InvalidationBus(deadRedis, 'redis://127.0.0.1:1', `${env.config.queuePrefix}:dead`, platform.logger);
  try {
    const uncached = new CompanyService(platform.dataSource, bus);
    const resolver = companyReferenceResolver(uncached);
    const context = { req: new RequestContext({}, platform.tokens, platform.logger), clientAddress: '127.0.0.1' } as GraphQLContext;
    const references = [...companies, ...companies].slice(0, 12).map((c) => ({ uuid: c.uuid }));
    let resolved: Array<{ uuid: string } | null> = [];
    const queries = await companyQueriesDuring(async () => {
      resolved = await Promise.all(references.map((r) => resolver.__resolveReference(r, context)));
    });
    expect(resolved.map((c) => c?.uuid)).toEqual(references.map((r) => r.uuid));
    expect(queries).toHaveLength(1);
    // Unknown and malformed references resolve to null, in the same batch.
    await expect(resolver.__resolveReference({ uuid: randomUUID() }, context)).resolves.toBeNull();
    await expect(resolver.__resolveReference({ uuid: 'not-a-uuid' }, context)).resolves.toBeNull();
  } finally {
    await bus.close();
    deadRedis.disconnect();
  }
});

// Runs last: it grows the table past the bound.
test('a directory larger than its bound is not cached: reads go to the database and stay correct', async () => {
  const rows = Array.from({ length: COMPANY_CACHE_MAX_ROWS }, (_, i) => [randomUUID(), `B-${String(i).padStart(10, '0')}`, `Bulk company ${i}`]);
  await platform.dataSource.query('INSERT INTO company (uuid, tin_number, name) VALUES ?', [rows]);
  await service.changed();
  expect((await service.list()).length).toBeGreaterThan(COMPANY_CACHE_MAX_ROWS);
  const repeated = await companyQueriesDuring(async () => {
    expect((await service.list()).length).toBeGreaterThan(COMPANY_CACHE_MAX_ROWS);
    expect((await service.findByUuid(rows[7][0]))?.name).toBe('Bulk company 7');
  });
  expect(repeated).toHaveLength(2);
});
