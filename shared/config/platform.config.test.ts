import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { ConfigError, loadConfig, redact } from './platform.config';

const PRODUCTION_CONNECTIONS = {
  NODE_ENV: 'production',
  DATABASE_URL: 'mysql://app:pw@db:3306/safiri',
  REDIS_URL: 'redis://cache:6379',
  PUBLIC_BASE_URL: 'https://api.safiri.example/',
  SGR_TICKET_PDF_OWNER_PASSWORD: 'owner-pw',
  KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('loadConfig', () => {
  it('gives the documented defaults outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.subgraphPorts).toEqual({ flight: 4001, train: 4002, bus: 4003, admin: 4004 });
    expect(config.databaseUrl).toBe('mysql://root@127.0.0.1:3306/safiri');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.queuePrefix).toBe('safiri');
    expect(config.publicBaseUrl).toBe('http://localhost:4000');
    expect(config.subgraphUrls.train).toBe('http://127.0.0.1:4002/graphql');
  });

  it('gives the documented login throttling defaults and reads TRUST_PROXY as a hop count', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBe(0);
    expect(config.login).toEqual({
      maxFailures: 5,
      failureWindowSeconds: 900,
      addressMaxFailures: 20,
      addressFailureWindowSeconds: 3600,
      addressMaxAttempts: 60,
      addressAttemptWindowSeconds: 60,
      hashConcurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
      hashQueue: 64,
    });
    expect(loadConfig({ TRUST_PROXY: '2', LOGIN_HASH_QUEUE: '0' })).toMatchObject({ trustProxy: 2, login: { hashQueue: 0 } });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a whole number from 0 to 10/);
    expect(() => loadConfig({ LOGIN_HASH_CONCURRENCY: '0' })).toThrow(/LOGIN_HASH_CONCURRENCY must be a whole number from 1/);
  });

  it('gives the documented statement limits and broad-read pool, and refuses a request limit that is none or unbounded', () => {
    expect(loadConfig({}).database).toEqual({
      statementTimeoutMs: 5000,
      jobStatementTimeoutMs: 60_000,
      broadReadPoolSize: 2,
      broadReadQueue: 16,
      replicaUrl: null,
      replicaMaxLagSeconds: 10,
      replicaStickyMs: 5000,
    });
    expect(loadConfig({ DATABASE_JOB_STATEMENT_TIMEOUT_MS: '0', DATABASE_BROAD_READ_QUEUE: '0' }).database).toMatchObject({
      jobStatementTimeoutMs: 0,
      broadReadQueue: 0,
    });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 300000/);
    expect(() => loadConfig({ DATABASE_BROAD_READ_POOL_SIZE: '0' })).toThrow(/DATABASE_BROAD_READ_POOL_SIZE must be a whole number from 1 to 50/);
  });

  it('reads DATABASE_REPLICA_URL as a mysql or mariadb URL, absent by default, its password from a file when given', () => {
    expect(loadConfig({ DATABASE_REPLICA_URL: 'mysql://reader:pw@replica:3306/safiri' }).database.replicaUrl).toBe('mysql://reader:pw@replica:3306/safiri');
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'http://replica/safiri' })).toThrow(/DATABASE_REPLICA_URL/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-config-'));
    try {
      const file = path.join(dir, 'db_replica_password');
      writeFileSync(file, 'r@d:pw\n');
      const url = loadConfig({ DATABASE_REPLICA_URL: 'mysql://reader@replica:3306/safiri', DATABASE_REPLICA_PASSWORD_FILE: file }).database.replicaUrl;
      expect(url).toBe('mysql://reader:r%40d%3Apw@replica:3306/safiri');
      expect(() => loadConfig({ DATABASE_REPLICA_URL: 'mysql://reader:pw@replica/safiri', DATABASE_REPLICA_PASSWORD_FILE: file })).toThrow(/one way only/);
      expect(() => loadConfig({ DATABASE_REPLICA_PASSWORD_FILE: file })).toThrow(/without DATABASE_REPLICA_URL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bounds the replica lag limit (10 s by default) and the recent-writer window (5 s by default), 0 turning either off', () => {
    expect(loadConfig({}).database).toMatchObject({ replicaMaxLagSeconds: 10, replicaStickyMs: 5000 });
    expect(loadConfig({ DATABASE_REPLICA_MAX_LAG_SECONDS: '0', DATABASE_REPLICA_STICKY_MS: '0' }).database).toMatchObject({
      replicaMaxLagSeconds: 0,
      replicaStickyMs: 0,
    });
    expect(loadConfig({ DATABASE_REPLICA_MAX_LAG_SECONDS: '30', DATABASE_REPLICA_STICKY_MS: '15000' }).database).toMatchObject({
      replicaMaxLagSeconds: 30,
      replicaStickyMs: 15000,
    });
    expect(() => loadConfig({ DATABASE_REPLICA_MAX_LAG_SECONDS: '-1' })).toThrow(/DATABASE_REPLICA_MAX_LAG_SECONDS must be a whole number from 0 to 86400/);
    expect(() => loadConfig({ DATABASE_REPLICA_MAX_LAG_SECONDS: '2.5' })).toThrow(/DATABASE_REPLICA_MAX_LAG_SECONDS/);
    expect(() => loadConfig({ DATABASE_REPLICA_STICKY_MS: '600001' })).toThrow(/DATABASE_REPLICA_STICKY_MS must be a whole number from 0 to 600000/);
    expect(() => loadConfig({ DATABASE_REPLICA_STICKY_MS: '5s' })).toThrow(/DATABASE_REPLICA_STICKY_MS/);
  });

  it('keeps caches on REDIS_URL unless CACHE_REDIS_URL names another, and limits searches to 10 a second with bursts of 50', () => {
    expect(loadConfig({ REDIS_URL: 'redis://queues:6379' })).toMatchObject({ cacheRedisUrl: 'redis://queues:6379', searchRate: { perSecond: 10, burst: 50 } });
    expect(loadConfig({ CACHE_REDIS_URL: 'rediss://cache:6380' }).cacheRedisUrl).toBe('rediss://cache:6380');
    expect(loadConfig({ SEARCH_RATE_PER_SECOND: '0.5', SEARCH_RATE_BURST: '5' }).searchRate).toEqual({ perSecond: 0.5, burst: 5 });
    expect(loadConfig({ SEARCH_RATE_PER_SECOND: '0' }).searchRate.perSecond).toBe(0);
    expect(() => loadConfig({ CACHE_REDIS_URL: 'http://cache' })).toThrow(/CACHE_REDIS_URL must use redis: or rediss:/);
    expect(() => loadConfig({ SEARCH_RATE_PER_SECOND: '-1' })).toThrow(/SEARCH_RATE_PER_SECOND must be a number from 0 to 100000/);
    expect(() => loadConfig({ SEARCH_RATE_PER_SECOND: '1e3' })).toThrow(/SEARCH_RATE_PER_SECOND/);
    expect(() => loadConfig({ SEARCH_RATE_BURST: '0' })).toThrow(/SEARCH_RATE_BURST must be a whole number from 1 to 1000000/);
  });

  it('names every bad value at once', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        PORT: 'eighty',
        TRAIN_PORT: '70000',
        REDIS_URL: 'http://x',
        QUEUE_PREFIX: 'has space',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://u:secret@h:3306/',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toHaveLength(6);
    expect(error!.message).toMatch(/PORT must be a TCP port/);
    expect(error!.message).toMatch(/TRAIN_PORT must be a TCP port/);
    expect(error!.message).toMatch(/REDIS_URL must use redis: or rediss:/);
    expect(error!.message).toMatch(/QUEUE_PREFIX must be/);
    expect(error!.message).toMatch(/NODE_ENV must be one of/);
    expect(error!.message).toMatch(/DATABASE_URL must name a database/);
    expect(error!.message).not.toMatch(/secret/);
  });

  it('reads CORS_ORIGINS: any origin outside production, none in production until set, and refuses what is not an origin', () => {
    expect(loadConfig({}).corsOrigins).toBe('*');
    const production = { ...PRODUCTION_CONNECTIONS, NOTIFICATION_SINK_ALLOWED: 'true', SGR_TICKET_PDF_OWNER_PASSWORD: 'owner secret' };
    expect(loadConfig(production).corsOrigins).toEqual([]);
    expect(loadConfig({ ...production, CORS_ORIGINS: 'https://app.safiri.co.tz, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://app.safiri.co.tz',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.safiri.co.tz/booking,app.safiri.co.tz' })).toThrow(
      /CORS_ORIGINS must be[\s\S]*\/booking[\s\S]*CORS_ORIGINS must be[\s\S]*"app.safiri.co.tz"/,
    );
  });

  it('has no silent defaults for connection secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required[\s\S]*REDIS_URL is required[\s\S]*PUBLIC_BASE_URL is required/);
    const config = loadConfig({ ...PRODUCTION_CONNECTIONS, NOTIFICATION_SINK_ALLOWED: 'true' });
    expect(config.publicBaseUrl).toBe('https://api.safiri.example');
  });

  it('lets callbacks and webhooks reach private addresses only outside production, by WEBHOOK_ALLOW_PRIVATE or its older name', () => {
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).train.callbackAllowPrivate).toBe(true);
    expect(loadConfig({ SGR_CALLBACK_ALLOW_PRIVATE: 'true' }).train.callbackAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false', SGR_CALLBACK_ALLOW_PRIVATE: 'true' }).train.callbackAllowPrivate).toBe(false);
    expect(loadConfig({}).train.callbackAllowPrivate).toBe(false);
    const production = { ...PRODUCTION_CONNECTIONS, NOTIFICATION_SINK_ALLOWED: 'true' };
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE \(or SGR_CALLBACK_ALLOW_PRIVATE\) must not be true when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, SGR_CALLBACK_ALLOW_PRIVATE: 'true' })).toThrow(/must not be true when NODE_ENV=production/);
  });

  it('requires real notification providers in production unless the sink is allowed explicitly', () => {
    expect(() => loadConfig(PRODUCTION_CONNECTIONS)).toThrow(/SMTP_URL, SMS_API_URL, WHATSAPP_API_URL, PUSH_API_URL are required/);
    const config = loadConfig({
      ...PRODUCTION_CONNECTIONS,
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      SMS_API_URL: 'https://sms.example/v1/messages',
      SMS_API_TOKEN: 'tok',
      WHATSAPP_API_URL: 'https://wa.example/v1/messages',
      PUSH_API_URL: 'https://push.example/v1/send',
    });
    expect(config.notifications.smtpUrl).toBe('smtps://mailer:pw@smtp.example:465');
    expect(config.notifications.sms).toEqual({ url: 'https://sms.example/v1/messages', token: 'tok' });
    expect(config.notifications.whatsapp).toEqual({ url: 'https://wa.example/v1/messages', token: null });
  });

  it('sends every channel to the local sink by default outside production, and rejects a bad SMTP URL without echoing its password', () => {
    const n = loadConfig({}).notifications;
    expect([n.smtpUrl, n.sms, n.whatsapp, n.push]).toEqual([null, null, null, null]);
    expect(n.sinkDir).toMatch(/var[\\/]notifications$/);
    let error: Error | undefined;
    try {
      loadConfig({ SMTP_URL: 'http://mailer:hunter2@smtp.example' });
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toMatch(/SMTP_URL must use smtp: or smtps:/);
    expect(error?.message).not.toMatch(/hunter2/);
  });

  it('derives subgraph URLs from ports, and takes explicit URLs for containers', () => {
    expect(loadConfig({ FLIGHT_PORT: '5001' }).subgraphUrls.flight).toBe('http://127.0.0.1:5001/graphql');
    expect(loadConfig({ BUS_URL: 'http://bus:4003/graphql' }).subgraphUrls.bus).toBe('http://bus:4003/graphql');
  });

  it('keeps the reverse-proxy repository under var/ with simulated DNS by default, and needs targets for real DNS checks', () => {
    const rp = loadConfig({}).reverseProxy;
    expect(rp).toMatchObject({ upstream: 'safiri_gateway', dnsVerifier: 'simulated', dnsTargets: [], serverName: null, lockTimeoutSeconds: 10 });
    expect(rp.repoPath.endsWith(`${path.sep}var${path.sep}reverse-proxy`)).toBe(true);
    expect(loadConfig({ REVERSE_PROXY_DNS_VERIFIER: 'dns', REVERSE_PROXY_DNS_TARGETS: '203.0.113.7, Edge.Safiri.example' }).reverseProxy.dnsTargets).toEqual([
      '203.0.113.7',
      'edge.safiri.example',
    ]);
    expect(() => loadConfig({ REVERSE_PROXY_DNS_VERIFIER: 'dns' })).toThrow(/REVERSE_PROXY_DNS_TARGETS is required/);
    expect(() => loadConfig({ REVERSE_PROXY_UPSTREAM: 'x; include /etc/passwd' })).toThrow(/REVERSE_PROXY_UPSTREAM must be an nginx upstream name/);
  });

  it('follows no remote by default; takes https, ssh, file and path remotes and refuses git remote helpers and options', () => {
    expect(loadConfig({}).reverseProxy.remote).toBeNull();
    expect(loadConfig({ REVERSE_PROXY_REMOTE: 'git@git.safiri.example:ops/tenants.git' }).reverseProxy.remote).toEqual({
      url: 'git@git.safiri.example:ops/tenants.git',
      branch: 'main',
      readSyncMs: 2000,
    });
    for (const url of [
      'https://git.safiri.example/ops/tenants.git',
      'ssh://git@git.safiri.example/ops/tenants.git',
      'file:///srv/tenants.git',
      '/srv/tenants.git',
    ]) {
      expect(loadConfig({ REVERSE_PROXY_REMOTE: url }).reverseProxy.remote?.url).toBe(url);
    }
    for (const url of ['ext::sh -c touch% /tmp/pwned', 'fd::17', '--upload-pack=touch /tmp/pwned', 'https://a b', 'relative/path']) {
      expect(() => loadConfig({ REVERSE_PROXY_REMOTE: url })).toThrow(/REVERSE_PROXY_REMOTE must be/);
    }
    expect(() => loadConfig({ REVERSE_PROXY_REMOTE: '/srv/t.git', REVERSE_PROXY_REMOTE_BRANCH: '../x' })).toThrow(/REVERSE_PROXY_REMOTE_BRANCH/);
    expect(() => loadConfig({ REVERSE_PROXY_REMOTE: '/srv/t.git', REVERSE_PROXY_READ_SYNC_MS: '-1' })).toThrow(/REVERSE_PROXY_READ_SYNC_MS/);
  });

  it('reads the GraphQL limits, giving token-less requests a budget no larger than authenticated ones', () => {
    expect(loadConfig({})).toMatchObject({
      graphqlMaxDepth: 12,
      graphqlMaxCost: 20_000,
      graphqlMaxCostPublic: 10_000,
      graphqlMaxSelections: 500,
      graphqlMaxAliases: 30,
      graphqlMaxFragmentSpreads: 100,
      graphqlMaxTokens: 5000,
    });
    expect(loadConfig({ GRAPHQL_MAX_COST: '500' }).graphqlMaxCostPublic).toBe(500);
    expect(() => loadConfig({ GRAPHQL_MAX_COST: '500', GRAPHQL_MAX_COST_PUBLIC: '600' })).toThrow(
      /GRAPHQL_MAX_COST_PUBLIC \(600\) must not exceed GRAPHQL_MAX_COST \(500\)/,
    );
    expect(() => loadConfig({ GRAPHQL_MAX_TOKENS: '10' })).toThrow(/GRAPHQL_MAX_TOKENS must be a whole number from 100/);
  });

  it('takes the database connection in parts, the password from a file (a Docker secret) or a variable, never both ways', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-config-'));
    try {
      const file = path.join(dir, 'db_app_password');
      writeFileSync(file, 'p@ss:w/rd\n');
      const parts = { DATABASE_HOST: 'mysql', DATABASE_USER: 'safiri_app', DATABASE_PASSWORD_FILE: file };
      const config = loadConfig({ ...PRODUCTION_CONNECTIONS, NOTIFICATION_SINK_ALLOWED: 'true', DATABASE_URL: '', ...parts });
      expect(config.databaseUrl).toBe('mysql://safiri_app:p%40ss%3Aw%2Frd@mysql:3306/safiri');
      expect(new URL(config.databaseUrl).password).toBe(encodeURIComponent('p@ss:w/rd'));
      expect(
        loadConfig({ DATABASE_HOST: 'db', DATABASE_PORT: '3307', DATABASE_NAME: 'other', DATABASE_USER: 'u', DATABASE_PASSWORD: ' pw ' }).databaseUrl,
      ).toBe('mysql://u:%20pw%20@db:3307/other');
      expect(() => loadConfig({ DATABASE_URL: 'mysql://root@h:3306/safiri', DATABASE_USER: 'u' })).toThrow(/DATABASE_URL and DATABASE_USER are both set/);
      expect(() => loadConfig({ DATABASE_HOST: 'db' })).toThrow(/DATABASE_USER is required/);
      expect(() => loadConfig({ ...parts, DATABASE_PASSWORD: 'x' })).toThrow(/DATABASE_PASSWORD and DATABASE_PASSWORD_FILE are both set/);
      expect(() => loadConfig({ ...parts, DATABASE_PASSWORD_FILE: path.join(dir, 'missing') })).toThrow(/DATABASE_PASSWORD_FILE cannot be read \(ENOENT\)/);
      expect(() => loadConfig({ DATABASE_HOST: 'db', DATABASE_USER: 'u', DATABASE_NAME: 'bad-name' })).toThrow(/DATABASE_NAME must be letters/);
      expect(() =>
        loadConfig({ ...PRODUCTION_CONNECTIONS, NOTIFICATION_SINK_ALLOWED: 'true', DATABASE_URL: '', DATABASE_HOST: 'db', DATABASE_USER: 'u' }),
      ).toThrow(/DATABASE_PASSWORD or DATABASE_PASSWORD_FILE is required when NODE_ENV=production/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves /metrics nowhere by default; METRICS_TOKEN and METRICS_PORT are validated; the worker listens on WORKER_PORT', () => {
    expect(loadConfig({})).toMatchObject({ metrics: { token: null, port: null, host: '127.0.0.1' }, workerPort: 4005 });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464', SUBGRAPH_HOST: '0.0.0.0' }).metrics).toEqual({ token, port: 9464, host: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 24 to 256 visible ASCII characters/);
    expect(() => loadConfig({ METRICS_PORT: '4000' })).toThrow(/METRICS_PORT \(4000\) must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '4005' })).toThrow(/METRICS_PORT \(4005\) must differ from WORKER_PORT/);
    expect(() => loadConfig({ WORKER_PORT: 'x' })).toThrow(/WORKER_PORT must be a TCP port/);
  });

  it('purges by default with a retention per kind; days 0 keep a kind, RETENTION_ENABLED=false keeps everything; bad values are named', () => {
    expect(loadConfig({}).retention).toEqual({
      enabled: true,
      intervalSeconds: 600,
      batchSize: 1000,
      maxBatchesPerRun: 10,
      batchPauseMs: 50,
      outboxDays: 30,
      accessTokenDays: 30,
      walletHoldDays: 90,
      notificationDays: 90,
      webhookDays: 30,
      trainSeatHoldDays: 30,
      sandboxDays: 30,
    });
    expect(loadConfig({}).accessTokenIdleDays).toBe(90);
    const off = loadConfig({ RETENTION_OUTBOX_DAYS: '0', ACCESS_TOKEN_IDLE_DAYS: '0', RETENTION_ENABLED: 'false' });
    expect(off).toMatchObject({ accessTokenIdleDays: null, retention: { enabled: false, outboxDays: null, notificationDays: 90 } });
    let error: ConfigError | undefined;
    try {
      loadConfig({
        RETENTION_NOTIFICATION_DAYS: '-1',
        RETENTION_BATCH_SIZE: '50000',
        RETENTION_INTERVAL_SECONDS: '1',
        RETENTION_ENABLED: 'yes',
        ACCESS_TOKEN_IDLE_DAYS: '90d',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error?.problems).toEqual([
      'ACCESS_TOKEN_IDLE_DAYS must be a whole number from 0 to 3650 (got "90d")',
      'RETENTION_ENABLED must be one of true, false (got "yes")',
      'RETENTION_INTERVAL_SECONDS must be a whole number from 10 to 86400 (got "1")',
      'RETENTION_BATCH_SIZE must be a whole number from 1 to 10000 (got "50000")',
      'RETENTION_NOTIFICATION_DAYS must be a whole number from 0 to 3650 (got "-1")',
    ]);
  });

  it('takes the key-encryption key from KEY_ENCRYPTION_KEY or a file, requires it in production, and never prints it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-config-'));
    try {
      const key = Buffer.alloc(32, 9).toString('base64');
      const fromEnv = loadConfig({ KEY_ENCRYPTION_KEY: key, KEYS_DIR: dir }).keyEncryption;
      expect(fromEnv).toMatchObject({ source: 'env', file: null });
      expect(fromEnv.key?.bytes().toString('base64')).toBe(key);
      expect(JSON.stringify(fromEnv)).not.toContain(key);
      expect(inspect(fromEnv)).not.toContain(key);
      const file = path.join(dir, 'kek');
      writeFileSync(file, `${key}\n`);
      expect(loadConfig({ KEY_ENCRYPTION_KEY_FILE: file }).keyEncryption.key?.bytes().toString('base64')).toBe(key);
      // Outside production, neither: the development machine's key in KEYS_DIR, generated at first use.
      expect(loadConfig({ KEYS_DIR: dir }).keyEncryption).toEqual({
        source: 'development',
        file: path.join(dir, 'key-encryption.key'),
        key: null,
        previous: null,
      });
      // A previous key while private keys are re-encrypted: read and never printed; the same key twice is refused.
      const old = Buffer.alloc(32, 7).toString('base64');
      const rolling = loadConfig({ KEY_ENCRYPTION_KEY: key, KEY_ENCRYPTION_KEY_PREVIOUS: old }).keyEncryption;
      expect(rolling.previous?.bytes().toString('base64')).toBe(old);
      expect(inspect(rolling)).not.toContain(old);
      expect(() => loadConfig({ KEY_ENCRYPTION_KEY: key, KEY_ENCRYPTION_KEY_PREVIOUS: key })).toThrow(/KEY_ENCRYPTION_KEY_PREVIOUS is the same key/);
      expect(() => loadConfig({ KEY_ENCRYPTION_KEY: key, KEY_ENCRYPTION_KEY_PREVIOUS: Buffer.alloc(16, 1).toString('base64') })).toThrow(
        /KEY_ENCRYPTION_KEY_PREVIOUS must be 32 random bytes/,
      );

      const short = Buffer.alloc(16, 1).toString('base64');
      expect(() => loadConfig({ KEY_ENCRYPTION_KEY: short })).toThrow(
        /KEY_ENCRYPTION_KEY must be 32 random bytes in base64 \(44 characters, e\.g\. `openssl rand -base64 32`\) \(got 24 characters\)/,
      );
      expect(() => loadConfig({ KEY_ENCRYPTION_KEY: short })).not.toThrow(new RegExp(short.replace(/[+/=]/g, '.')));
      expect(() => loadConfig({ KEY_ENCRYPTION_KEY: key, KEY_ENCRYPTION_KEY_FILE: file })).toThrow(
        /KEY_ENCRYPTION_KEY and KEY_ENCRYPTION_KEY_FILE are both set/,
      );
      expect(() => loadConfig({ KEY_ENCRYPTION_KEY_FILE: path.join(dir, 'missing') })).toThrow(/KEY_ENCRYPTION_KEY_FILE cannot be read \(ENOENT\)/);
      writeFileSync(path.join(dir, 'key-encryption.key'), 'not a key');
      expect(() => loadConfig({ KEYS_DIR: dir })).toThrow(/key-encryption.key\) must hold 32 random bytes in base64/);
      const withoutKey = { ...PRODUCTION_CONNECTIONS, KEY_ENCRYPTION_KEY: '' };
      expect(() => loadConfig({ ...withoutKey, NOTIFICATION_SINK_ALLOWED: 'true', KEYS_DIR: dir })).toThrow(
        /KEY_ENCRYPTION_KEY or KEY_ENCRYPTION_KEY_FILE is required when NODE_ENV=production/,
      );
      expect(loadConfig({ ...PRODUCTION_CONNECTIONS, NOTIFICATION_SINK_ALLOWED: 'true' }).keyEncryption.source).toBe('env');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs on the simulator unless FLIGHT_SUPPLIER=duffel, which needs a Duffel token it never prints', () => {
    expect(loadConfig({}).flightSupplier).toEqual({ kind: 'sandbox' });
    const token = 'duffel_test_s3cretS3cretS3cret';
    const duffel = loadConfig({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: token }).flightSupplier;
    expect(duffel).toMatchObject({ kind: 'duffel', apiUrl: 'https://api.duffel.com', timeoutMs: 30_000 });
    if (duffel.kind !== 'duffel') throw new Error('not duffel');
    expect(duffel.accessToken.value()).toBe(token);
    expect(duffel.accessToken.mode).toBe('test');
    expect(JSON.stringify(duffel)).not.toContain('s3cret');
    expect(inspect(duffel)).not.toContain('s3cret');
    expect(
      loadConfig({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: 'duffel_live_abcdefghij', DUFFEL_API_URL: 'http://127.0.0.1:9999/' }).flightSupplier,
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:9999',
      accessToken: expect.objectContaining({ mode: 'live' }),
    });
    // The token matters only when Duffel is chosen.
    expect(loadConfig({ DUFFEL_ACCESS_TOKEN: 'anything' }).flightSupplier).toEqual({ kind: 'sandbox' });

    expect(() => loadConfig({ FLIGHT_SUPPLIER: 'duffel' })).toThrow(/DUFFEL_ACCESS_TOKEN is required when FLIGHT_SUPPLIER=duffel/);
    expect(() => loadConfig({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: 'not-a-t0ken-at-all' })).toThrow(
      /DUFFEL_ACCESS_TOKEN must be a Duffel access token/,
    );
    expect(() => loadConfig({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: 'not-a-t0ken-at-all' })).not.toThrow(/t0ken/);
    expect(() => loadConfig({ FLIGHT_SUPPLIER: 'amadeus' })).toThrow(/FLIGHT_SUPPLIER must be one of sandbox, duffel \(got "amadeus"\)/);
    expect(() => loadConfig({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: token, DUFFEL_API_URL: 'ftp://duffel' })).toThrow(
      /DUFFEL_API_URL must use https: or http:/,
    );
    expect(() => loadConfig({ FLIGHT_SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: token, DUFFEL_TIMEOUT_MS: '5' })).toThrow(
      /DUFFEL_TIMEOUT_MS must be a whole number from 100/,
    );
  });

  it('redacts passwords in URLs', () => {
    expect(redact('mysql://app:s3cret@db:3306/safiri')).toBe('mysql://app:***@db:3306/safiri');
  });
});
