import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { loadConfig } from './platform.config';

describe('Redis topology and queue prefix settings', () => {
  it('accepts a hash-tag queue prefix ({safiri}) beside a plain one, and nothing half-braced', () => {
    expect(loadConfig({ QUEUE_PREFIX: '{safiri}' }).queuePrefix).toBe('{safiri}');
    expect(loadConfig({ QUEUE_PREFIX: 'safiri' }).queuePrefix).toBe('safiri');
    for (const bad of ['{safiri', 'safiri}', '{}', '{a}b', 'a{b}', `{${'x'.repeat(63)}}`, '{has space}']) {
      expect(() => loadConfig({ QUEUE_PREFIX: bad })).toThrow(/QUEUE_PREFIX must be/);
    }
  });

  it('is one server unless REDIS_CLUSTER_NODES or REDIS_SENTINELS names others', () => {
    expect(loadConfig({}).redisTopology).toEqual({ kind: 'single' });
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-0:6379, redis-1:6379,[::1]:7000', QUEUE_PREFIX: '{safiri}' }).redisTopology).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'redis-0', port: 6379 },
        { host: 'redis-1', port: 6379 },
        { host: '::1', port: 7000 },
      ],
    });
    expect(loadConfig({ REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1:26379', REDIS_SENTINEL_NAME: 'safiri' }).redisTopology).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 'sentinel-0', port: 26379 },
        { host: 'sentinel-1', port: 26379 },
      ],
      name: 'safiri',
      auth: { username: null, password: null, tls: false },
    });
  });

  it("takes the sentinels' own user, password (inline or from a file) and TLS, and never prints the password", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-sentinel-'));
    try {
      const base = { REDIS_SENTINELS: 'sentinel-0:26379', REDIS_SENTINEL_NAME: 'safiri' };
      const topology = loadConfig({
        ...base,
        REDIS_SENTINEL_USERNAME: 'watcher',
        REDIS_SENTINEL_PASSWORD: 's3cret-pw',
        REDIS_SENTINEL_TLS: 'true',
      }).redisTopology;
      if (topology.kind !== 'sentinel') throw new Error('not a sentinel topology');
      expect({ username: topology.auth.username, password: topology.auth.password?.value(), tls: topology.auth.tls }).toEqual({
        username: 'watcher',
        password: 's3cret-pw',
        tls: true,
      });
      expect(JSON.stringify(topology)).not.toContain('s3cret-pw');
      expect(inspect(topology, { depth: 5 })).not.toContain('s3cret-pw');
      const file = path.join(dir, 'pw');
      writeFileSync(file, 'from-file\n');
      const fromFile = loadConfig({ ...base, REDIS_SENTINEL_PASSWORD_FILE: file }).redisTopology;
      expect(fromFile.kind === 'sentinel' && fromFile.auth.password?.value()).toBe('from-file');
      expect(() => loadConfig({ ...base, REDIS_SENTINEL_PASSWORD: 'a', REDIS_SENTINEL_PASSWORD_FILE: file })).toThrow(/both set/);
      expect(() => loadConfig({ ...base, REDIS_SENTINEL_PASSWORD_FILE: path.join(dir, 'missing') })).toThrow(
        /REDIS_SENTINEL_PASSWORD_FILE cannot be read \(ENOENT\)/,
      );
      expect(() => loadConfig({ ...base, REDIS_SENTINEL_TLS: 'yes' })).toThrow(/REDIS_SENTINEL_TLS must be one of true, false/);
      expect(() => loadConfig({ REDIS_SENTINEL_PASSWORD: 'x' })).toThrow(/REDIS_SENTINEL_PASSWORD is set without REDIS_SENTINELS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses at boot a bad address list, an unbounded one, both topologies, or a sentinel without its name', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-0:6379' })).toThrow(
      /QUEUE_PREFIX must be a hash tag in braces with REDIS_CLUSTER_NODES, e.g. \{safiri\}/,
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-0' })).toThrow(
      /REDIS_CLUSTER_NODES must be a comma-separated list of 1 to 16 host:port addresses \(got "redis-0"\)/,
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-0:70000' })).toThrow(/REDIS_CLUSTER_NODES must be/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a:1,,b:2' })).toThrow(/REDIS_CLUSTER_NODES must be/);
    const many = Array.from({ length: 17 }, (_, i) => `redis-${i}:6379`).join(',');
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: many })).toThrow(/REDIS_CLUSTER_NODES must be .* \(got 17\)/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a:1', REDIS_SENTINELS: 'b:2', REDIS_SENTINEL_NAME: 'x' })).toThrow(/exclude each other/);
    expect(() => loadConfig({ REDIS_SENTINELS: 'sentinel-0:26379' })).toThrow(/REDIS_SENTINEL_NAME must name the monitored primary/);
    expect(() => loadConfig({ REDIS_SENTINEL_NAME: 'safiri' })).toThrow(/REDIS_SENTINEL_NAME is set without REDIS_SENTINELS/);
  });
});
