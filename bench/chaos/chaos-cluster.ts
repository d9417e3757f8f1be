import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, PlatformConfig } from '../../shared/config/platform.config';
import { dropDatabase, ensureDatabase } from '../../shared/database/data-source.factory';
import { createLogger } from '../../shared/logging/logger';
import { closePlatform, createPlatform, Platform } from '../../shared/platform/platform.wiring';
import { DATABASE_MODULES } from '../../subgraphs/subgraph.registry';
import { prepareDatabase } from '../../bin/prepare-database.service';
import { freePort } from '../../test/support/role.process';
import { deleteKeys } from '../../test/support/test-platform';
import { NginxBalancer, Upstream } from './nginx-balancer';
import { ChaosRole, RoleReplica } from './role-replica.process';

export const CHAOS_ROLES: readonly ChaosRole[] = ['gateway', 'flight', 'train', 'bus', 'admin', 'worker'];
/** The roles nginx balances (the worker takes jobs from Redis and serves only its health port). */
const BALANCED: readonly ChaosRole[] = ['gateway', 'flight', 'train', 'bus', 'admin'];

export interface ChaosClusterOptions {
  /** mysql://user@host:port of a server the run may create and drop a database on. */
  databaseServerUrl: string;
  redisUrl: string;
  /** A scratch folder for keys, logs, the notification sink and nginx's files. */
  dir: string;
  replicasPerRole: number;
  /** Extra environment for every replica (e.g. NODE_EXTRA_CA_CERTS for a webhook receiver). */
  env?: Record<string, string>;
}

/**
 * Every role replicated on loopback behind one nginx, on a database and queue prefix of the run's own, as a cluster
 * would run them: the gateways reach the subgraphs through the balancer too. The settings that decide how fast a
 * crash heals are the documented ones, shortened so a run of minutes sees its recoveries (`RECOVERY_*`, the issuance
 * lease, the job lock); nothing else differs from production defaults except limits a load from one address would hit.
 */
export class ChaosCluster {
  readonly replicas: RoleReplica[] = [];
  private balancer: NginxBalancer | null = null;
  private platformOpen = false;

  private constructor(
    readonly config: PlatformConfig,
    /** An in-process platform on the same database and Redis: accounts for the load, the invariant checks. */
    readonly platform: Platform,
    readonly baseUrl: string,
    private readonly options: ChaosClusterOptions,
  ) {}

  static async start(options: ChaosClusterOptions): Promise<ChaosCluster> {
    const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const logDir = path.join(options.dir, 'logs');
    mkdirSync(logDir, { recursive: true });
    const lb: Record<string, number> = {};
    for (const role of BALANCED) lb[role] = await freePort();
    const baseUrl = `http://127.0.0.1:${lb.gateway}`;
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SUBGRAPH_HOST: '127.0.0.1',
      DATABASE_URL: `${options.databaseServerUrl.replace(/\/+$/, '')}/safiri_chaos_${id}`,
      REDIS_URL: options.redisUrl,
      QUEUE_PREFIX: `chaos_${id}`,
      KEYS_DIR: path.join(options.dir, 'keys'),
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      NOTIFICATION_SINK_DIR: path.join(options.dir, 'sink'),
      REVERSE_PROXY_REPO: path.join(options.dir, 'reverse-proxy'),
      PUBLIC_BASE_URL: baseUrl,
      FLIGHT_URL: `http://127.0.0.1:${lb.flight}/graphql`,
      TRAIN_URL: `http://127.0.0.1:${lb.train}/graphql`,
      BUS_URL: `http://127.0.0.1:${lb.bus}/graphql`,
      ADMIN_URL: `http://127.0.0.1:${lb.admin}/graphql`,
      // nginx is the one proxy in front of the gateways.
      TRUST_PROXY: '1',
      OUTBOX_POLL_MS: '100',
      JOB_LOCK_MS: '5000',
      RECOVERY_INTERVAL_SECONDS: '3',
      RECOVERY_STALE_SECONDS: '6',
      FLIGHT_ISSUANCE_LEASE_SECONDS: '6',
      FLIGHT_CANCELLATION_LEASE_SECONDS: '6',
      // Every virtual user logs in from this one address.
      LOGIN_ADDRESS_MAX_ATTEMPTS: '100000',
      LOGIN_ADDRESS_MAX_FAILURES: '100000',
      // The webhook receiver is an HTTPS server on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '500',
      WEBHOOK_RETRY_MAX_DELAY_MS: '3000',
      ...options.env,
    };
    const config = loadConfig(env);
    await ensureDatabase(config.databaseUrl);
    const platform = await createPlatform(config, DATABASE_MODULES, { logger: createLogger('error') });
    const cluster = new ChaosCluster(config, platform, baseUrl, options);
    cluster.platformOpen = true;
    try {
      // Migrations and reference data once, before any replica (each refuses to start on pending migrations).
      await prepareDatabase(platform);
      const portVariable: Record<ChaosRole, string> = {
        gateway: 'PORT',
        flight: 'FLIGHT_PORT',
        train: 'TRAIN_PORT',
        bus: 'BUS_PORT',
        admin: 'ADMIN_PORT',
        worker: 'WORKER_PORT',
      };
      for (const role of CHAOS_ROLES) {
        for (let n = 1; n <= options.replicasPerRole; n++) {
          const port = await freePort();
          const replicaEnv = { ...process.env, ...env, [portVariable[role]]: String(port) };
          cluster.replicas.push(new RoleReplica(role, n, port, replicaEnv, logDir));
        }
      }
      const upstreams: Upstream[] = BALANCED.map((role) => ({
        name: role,
        listen: lb[role],
        servers: cluster.replicas.filter((r) => r.role === role).map((r) => r.port),
      }));
      cluster.balancer = new NginxBalancer(path.join(options.dir, 'nginx'), upstreams);
      await cluster.balancer.start();
      // Two at a time: a 2-core machine starts them no faster all at once, and a start that fails says which.
      for (let i = 0; i < cluster.replicas.length; i += 2) await Promise.all(cluster.replicas.slice(i, i + 2).map((r) => r.start()));
      return cluster;
    } catch (error) {
      await cluster.stop({ keepData: false });
      throw error;
    }
  }

  get logDir(): string {
    return path.join(this.options.dir, 'logs');
  }

  /** Stops every replica gracefully, then nginx; drops the run's database and Redis keys unless `keepData`. */
  async stop({ keepData }: { keepData: boolean }): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.stop()));
    await this.balancer?.stop();
    if (this.platformOpen) {
      this.platformOpen = false;
      await closePlatform(this.platform);
    }
    if (keepData) return;
    await dropDatabase(this.config.databaseUrl);
    await deleteKeys(this.config.redisUrl, `${this.config.queuePrefix}*`);
    rmSync(path.join(this.options.dir, 'keys'), { recursive: true, force: true });
  }
}
