import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform } from '../../shared/platform/platform.wiring';
import { ensureDatabase } from '../../shared/database/data-source.factory';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { RunningStack, StackRole, startStack } from '../../bin/stack.wiring';
import { outboxBacklog } from '../../shared/queue/outbox.repository';
import { waitFor } from '../support/wait';
import { cleanUp, removeOwnFolders, testConfig } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import type { RestAgentReservationAnswer } from '../support/rest-bodies';
import type { PlatformConfig } from '../../shared/config/platform.config';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER = new URL(process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306');

/** The GRANT statements of the compose init script, for `user` on `database` instead of safiri_app/safiri_migrate on safiri. */
function grantsOf(user: 'safiri_app' | 'safiri_migrate', database: string, as: string): string[] {
  const script = readFileSync(path.join(ROOT, 'deploy', 'mysql', '10-safiri-users.sh'), 'utf8');
  const grants = script
    .split('\n')
    .filter((line) => line.startsWith('GRANT ') && line.includes(`TO '${user}'@'%'`))
    .map((line) => line.replace(' ON safiri.* ', ` ON \`${database}\`.* `).replace(`'${user}'@'%'`, `'${as}'@'%'`).replace(/;$/, ''));
  if (grants.length === 0) throw new Error(`no GRANT for ${user} in the init script`);
  return grants;
}

/**
 * The compose least-privilege setup for real: migrations run as a user with the migrate grants, and the app roles
 * (admin, flight, gateway, worker; one process each, as in compose) as a user with only the app grants, given in
 * parts (DATABASE_HOST/USER/PASSWORD_FILE). A booking flow then shows up any right the code needs and lacks.
 */
describe('the app as a restricted database user', () => {
  const id = randomBytes(4).toString('hex');
  const appUser = `sf_app_${id}`;
  const migrateUser = `sf_mig_${id}`;
  const password = `pw'${id}\\x`;
  const passwordFile = path.join(os.tmpdir(), `safiri-db-password-${id}`);
  const base = testConfig();
  const database = new URL(base.databaseUrl).pathname.slice(1);
  const stacks: RunningStack[] = [];
  let root: mysql.Connection;

  const derived: PlatformConfig[] = [];
  const asUser = (user: string, extra: Record<string, string> = {}) => {
    const config = testConfig({
      // Empty: unset, so the parts below are the connection (testConfig gives a URL).
      DATABASE_URL: '',
      DATABASE_HOST: SERVER.hostname,
      DATABASE_PORT: SERVER.port || '3306',
      DATABASE_NAME: database,
      DATABASE_USER: user,
      DATABASE_PASSWORD_FILE: passwordFile,
      QUEUE_PREFIX: base.queuePrefix,
      KEYS_DIR: base.keysDir,
      WORKER_PORT: '0',
      ...extra,
    });
    derived.push(config);
    return config;
  };

  beforeAll(async () => {
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    await ensureDatabase(base.databaseUrl);
    root = await mysql.createConnection(SERVER.toString());
    for (const user of [appUser, migrateUser]) await root.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', password]);
    for (const grant of [...grantsOf('safiri_app', database, appUser), ...grantsOf('safiri_migrate', database, migrateUser)]) await root.query(grant);
  });

  afterAll(async () => {
    for (const stack of stacks.reverse()) await stack.stop();
    for (const user of [appUser, migrateUser]) await root.query('DROP USER IF EXISTS ?@?', [user, '%']);
    await root.end();
    rmSync(passwordFile, { force: true });
    for (const config of derived) removeOwnFolders(config);
    await cleanUp(base);
  });

  it('migrates and seeds as the migrate user', async () => {
    const platform = await createPlatform(asUser(migrateUser), DATABASE_MODULES, { logger: createLogger('error') });
    try {
      expect((await prepareDatabase(platform)).migrations.length).toBeGreaterThan(0);
    } finally {
      await closePlatform(platform);
    }
  });

  it('the app user cannot change the schema', async () => {
    const platform = await createPlatform(asUser(appUser), [], { logger: createLogger('error') });
    try {
      await expect(platform.dataSource.query('CREATE TABLE probe (id INT)')).rejects.toThrow(/denied/i);
      await expect(platform.dataSource.query('DROP TABLE outbox_message')).rejects.toThrow(/denied/i);
    } finally {
      await closePlatform(platform);
    }
  });

  it('serves login, a flight search and an agent reservation as the app user, and the worker relays its jobs', async () => {
    const subgraphUrls: Record<string, string> = {};
    for (const role of ['admin', 'flight', 'train', 'bus'] as StackRole[]) {
      const stack = await startStack(asUser(appUser), role, createLogger('error'));
      stacks.push(stack);
      subgraphUrls[`${role.toUpperCase()}_URL`] = Object.values(stack.subgraphs)[0]!.url;
    }
    const worker = await startStack(asUser(appUser), 'worker', createLogger('error'));
    stacks.push(worker);
    const gateway = await startStack(asUser(appUser, subgraphUrls), 'gateway', createLogger('error'));
    stacks.push(gateway);
    const baseUrl = gateway.gateway!.url;
    // Ready once every check answers within its bound: on a loaded machine the first probes may still time out.
    for (const url of [`${baseUrl}/readyz`, `${worker.workerServer!.url}/readyz`]) {
      expect(
        await waitFor(
          async () => (await fetch(url)).status,
          (status) => status === 200,
        ),
      ).toBe(200);
    }

    const agent = await FlightClient.create(baseUrl, gateway.platform, 'restricted2@agent.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '20000000',
    });
    const offer = await agent.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(30) });
    const reserved = await agent.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
      offerReference: offer.offerReference,
      passengers: [adult()],
    });
    expect(reserved.status).toBe(201);
    expect(reserved.body.reservation.bookingReference).toMatch(/^SF[A-Z0-9]{6}$/);
    // The reservation's follow-up jobs (outbox rows) are claimed FOR UPDATE SKIP LOCKED and marked by the app user.
    await waitFor(
      () => outboxBacklog(worker.platform.dataSource),
      (b) => b.backlog === 0,
    );
  });
});
