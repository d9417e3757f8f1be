import { ConfigError, loadConfig, redact } from './config';

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

  it('names every bad value at once', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ PORT: 'eighty', TRAIN_PORT: '70000', REDIS_URL: 'http://x', QUEUE_PREFIX: 'has space', NODE_ENV: 'staging', DATABASE_URL: 'mysql://u:secret@h:3306/' });
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

  it('has no silent defaults for connection secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required[\s\S]*REDIS_URL is required[\s\S]*PUBLIC_BASE_URL is required/);
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'mysql://app:pw@db:3306/safiri', REDIS_URL: 'redis://cache:6379', PUBLIC_BASE_URL: 'https://api.safiri.example/' });
    expect(config.publicBaseUrl).toBe('https://api.safiri.example');
  });

  it('derives subgraph URLs from ports, and takes explicit URLs for containers', () => {
    expect(loadConfig({ FLIGHT_PORT: '5001' }).subgraphUrls.flight).toBe('http://127.0.0.1:5001/graphql');
    expect(loadConfig({ BUS_URL: 'http://bus:4003/graphql' }).subgraphUrls.bus).toBe('http://bus:4003/graphql');
  });

  it('redacts passwords in URLs', () => {
    expect(redact('mysql://app:s3cret@db:3306/safiri')).toBe('mysql://app:***@db:3306/safiri');
  });
});
