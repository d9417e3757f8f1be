import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const APP_SERVICES = ['gateway', 'flight', 'train', 'bus', 'admin', 'worker'];

interface Service {
  build?: { context: string; target: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  secrets?: string[];
  volumes?: string[];
}

/** The compose file as Docker reads it (anchors and merge keys resolved); there is no Docker engine to ask here. */
function compose(): { services: Record<string, Service>; secrets: Record<string, { file: string }> } {
  return parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
}

describe('docker-compose.yml', () => {
  const { services, secrets } = compose();

  it.each(APP_SERVICES)('%s has a healthcheck on its own /readyz, run with node (the image has no curl or wget)', (name) => {
    const test = services[name].healthcheck?.test ?? [];
    expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    expect(test[3]).toMatch(/^fetch\('http:\/\/127\.0\.0\.1:\d+\/readyz'\)/);
    const port = /:(\d+)\/readyz/.exec(test[3])![1];
    if (name === 'worker') expect(services[name].environment?.WORKER_PORT).toBe(port);
    else expect(services[name].command?.at(-1)).toBe(name);
  });

  it('runs admin from the admin image and every other role, and migrate, from the app image (Dockerfile targets)', () => {
    for (const name of [...APP_SERVICES, 'migrate']) {
      const target = name === 'admin' ? 'admin' : 'app';
      expect({ name, build: services[name].build, image: services[name].image }).toEqual({
        name,
        build: { context: '.', target },
        image: `safiri/${target}:latest`,
      });
    }
  });

  it('starts a service only after the ones it needs are healthy', () => {
    for (const name of ['flight', 'train', 'bus', 'admin', 'worker']) {
      expect(services[name].depends_on).toEqual({
        mysql: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.gateway.depends_on).toMatchObject({
      flight: { condition: 'service_healthy' },
      train: { condition: 'service_healthy' },
      bus: { condition: 'service_healthy' },
      admin: { condition: 'service_healthy' },
    });
    expect(services.migrate.depends_on).toEqual({ mysql: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    for (const name of ['mysql', 'redis']) expect(services[name].healthcheck).toBeDefined();
  });

  it('connects as its own users with passwords from secrets, never a password in a URL or the environment', () => {
    for (const name of [...APP_SERVICES, 'migrate']) {
      const env = services[name].environment ?? {};
      expect(env.DATABASE_URL).toBeUndefined();
      expect(Object.keys(env).filter((k) => /PASSWORD$/.test(k) && k !== 'SGR_TICKET_PDF_OWNER_PASSWORD')).toEqual([]);
      expect(env.DATABASE_USER).toBe(name === 'migrate' ? 'safiri_migrate' : 'safiri_app');
      const secret = name === 'migrate' ? 'db_migrate_password' : 'db_app_password';
      expect(env.DATABASE_PASSWORD_FILE).toBe(`/run/secrets/${secret}`);
      expect(services[name].secrets).toEqual([secret, 'key_encryption_key']);
      expect(env.KEY_ENCRYPTION_KEY_FILE).toBe('/run/secrets/key_encryption_key');
    }
    expect(services.mysql.environment).toMatchObject({ MYSQL_ROOT_PASSWORD_FILE: '/run/secrets/mysql_root_password' });
    expect(services.mysql.environment?.MYSQL_ROOT_PASSWORD).toBeUndefined();
    expect(services.mysql.volumes).toContain('./deploy/mysql/10-safiri-users.sh:/docker-entrypoint-initdb.d/10-safiri-users.sh:ro');
    expect(Object.keys(secrets).sort()).toEqual(['db_app_password', 'db_migrate_password', 'key_encryption_key', 'mysql_root_password']);
  });

  it('the init script creates both users from the secrets, the app with row rights only', () => {
    const script = readFileSync(path.join(ROOT, 'deploy', 'mysql', '10-safiri-users.sh'), 'utf8');
    expect(script).toContain('/run/secrets/db_app_password');
    expect(script).toContain('/run/secrets/db_migrate_password');
    const grants = script.split('\n').filter((l) => l.startsWith('GRANT '));
    expect(grants).toEqual([
      expect.stringMatching(/^GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, INDEX, REFERENCES ON safiri\.\* TO 'safiri_migrate'@'%';$/),
      "GRANT SELECT, INSERT, UPDATE, DELETE ON safiri.* TO 'safiri_app'@'%';",
    ]);
  });
});
