import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findNginx } from '../../subgraphs/admin/reverse-proxy/nginx-verifier.service';
import { waitFor } from '../support/wait';
import { freePort } from '../support/role.process';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'deploy', 'reverse-proxy', 'nginx-config-sync.sh');
const nginx = findNginx();

/** What a tenant port answers, or null when nothing listens there. */
async function answerOf(port: number): Promise<string | null> {
  try {
    return await (await fetch(`http://127.0.0.1:${port}/`)).text();
  } catch {
    return null;
  }
}

/**
 * The nginx host side of REVERSE_PROXY_REMOTE (deploy/reverse-proxy/nginx-config-sync.sh) against a real nginx: a
 * change pushed to the remote is loaded on the next run, a run with nothing new reloads nothing, and a commit nginx
 * refuses leaves the host on the configuration it had. CI installs nginx (.ci/run).
 */
(nginx ? describe : describe.skip)('nginx-config-sync.sh on an nginx host', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'safiri-nginx-sync-'));
  const remote = path.join(tmp, 'remote.git');
  const author = path.join(tmp, 'author');
  const clone = path.join(tmp, 'host', 'tenants-repo');
  const prefix = path.join(tmp, 'nginx');
  const nginxCommand = `${nginx} -p ${prefix}/ -c ${prefix}/nginx.conf`;
  const ports: number[] = [];

  const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' });
  const publish = (file: string, content: string) => {
    mkdirSync(path.join(author, 'tenants'), { recursive: true });
    writeFileSync(path.join(author, 'tenants', file), content);
    git(author, 'add', '-A');
    git(author, 'commit', '-q', '-m', `tenant ${file}`);
    git(author, 'push', '-q', 'origin', 'HEAD:refs/heads/main');
  };
  const tenant = (port: number, body: string) => `server { listen 127.0.0.1:${port}; location / { return 200 "${body}"; } }\n`;
  const sync = () =>
    run('sh', [SCRIPT], { env: { ...process.env, REVERSE_PROXY_REMOTE: remote, TENANT_REPO: clone, NGINX: nginxCommand } }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
    );

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) ports.push(await freePort());
    execFileSync('git', ['init', '-q', '--bare', remote]);
    execFileSync('git', ['init', '-q', author]);
    git(author, 'remote', 'add', 'origin', remote);
    publish('a.conf', tenant(ports[0], 'a'));
    mkdirSync(path.join(prefix, 'logs'), { recursive: true });
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/logs/error.log;`,
        'events { worker_connections 64; }',
        'http {',
        `  access_log off; client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;`,
        `  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;`,
        `  include ${clone}/tenants/*.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    execFileSync(nginx!, ['-p', `${prefix}/`, '-c', `${prefix}/nginx.conf`]);
  });
  afterAll(() => {
    try {
      execFileSync(nginx!, ['-p', `${prefix}/`, '-c', `${prefix}/nginx.conf`, '-s', 'stop']);
    } catch {
      // not running
    }
    rmSync(tmp, { recursive: true, force: true });
  });

  it('clones on its first run and loads the tenants; a run with nothing new reloads nothing', async () => {
    expect(await answerOf(ports[0])).toBeNull();
    const first = await sync();
    expect(first).toEqual({ code: 0, out: expect.stringContaining('reloaded at') });
    await waitFor(
      () => answerOf(ports[0]),
      (a) => a === 'a',
    );
    expect(await sync()).toEqual({ code: 0, out: '' });
  });

  it('loads a change pushed to the remote on its next run', async () => {
    publish('b.conf', tenant(ports[1], 'b'));
    expect((await sync()).code).toBe(0);
    await waitFor(
      () => answerOf(ports[1]),
      (a) => a === 'b',
    );
  });

  it('keeps the loaded configuration when nginx refuses the new commit, and says so', async () => {
    const loaded = git(clone, 'rev-parse', 'HEAD').trim();
    publish('c.conf', `server { listen 127.0.0.1:${ports[2]}; no_such_directive on; }\n`);
    const refused = await sync();
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/nginx -t refused .* kept /);
    expect(git(clone, 'rev-parse', 'HEAD').trim()).toBe(loaded);
    expect(await answerOf(ports[1])).toBe('b');
    expect(await answerOf(ports[2])).toBeNull();
  });
});
