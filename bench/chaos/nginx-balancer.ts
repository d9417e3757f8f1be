import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { findNginx } from '../../subgraphs/admin/reverse-proxy/nginx-verifier.service';

/** One balanced service: nginx listens on `listen` and spreads requests over `servers` (loopback ports). */
export interface Upstream {
  name: string;
  listen: number;
  servers: number[];
}

/**
 * Debian's nginx as the upstream balancer in front of the replicas of each role, as a cluster's ingress and
 * service proxies would be. A replica that refuses connections (killed, restarting) is skipped: a request that
 * never reached it goes to the other one (`proxy_next_upstream error`), which is safe for a POST because nothing
 * was sent. A request cut off mid-way is not retried by nginx (POST is not idempotent): the client's
 * Idempotency-Key retry covers it, as it would in production.
 */
export class NginxBalancer {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly upstreams: Upstream[],
  ) {}

  static binary(): string {
    const nginx = findNginx();
    if (!nginx) throw new Error('nginx is not installed: `apt-get install nginx-light` (the chaos run balances every role through it)');
    return nginx;
  }

  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const conf = path.join(this.dir, 'nginx.conf');
    writeFileSync(conf, this.config());
    const child = spawn(NginxBalancer.binary(), ['-p', `${this.dir}/`, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    this.child = child;
    this.exited = new Promise((resolve) => child.on('exit', () => resolve()));
    for (const upstream of this.upstreams) {
      if (!(await listening(upstream.listen, () => child.exitCode !== null))) {
        throw new Error(`nginx did not listen on ${upstream.listen}: ${stderr}${this.errorLog()}`);
      }
    }
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGQUIT');
    await this.exited;
  }

  private errorLog(): string {
    try {
      return readFileSync(path.join(this.dir, 'error.log'), 'utf8').slice(-2000);
    } catch {
      return '';
    }
  }

  private config(): string {
    const d = this.dir;
    // A master run as root would hand its workers to `nobody`, who cannot write the temp folders made here.
    const user = process.getuid?.() === 0 ? ['user root;'] : [];
    return [
      ...user,
      'worker_processes 1;',
      `pid ${d}/nginx.pid;`,
      `error_log ${d}/error.log warn;`,
      'events { worker_connections 2048; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${d}/body; proxy_temp_path ${d}/proxy; fastcgi_temp_path ${d}/fastcgi;`,
      `  uwsgi_temp_path ${d}/uwsgi; scgi_temp_path ${d}/scgi;`,
      '  client_max_body_size 2m;',
      '  proxy_http_version 1.1;',
      '  proxy_set_header Connection "";',
      '  proxy_set_header Host $http_host;',
      '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      '  proxy_connect_timeout 2s;',
      '  proxy_read_timeout 60s;',
      '  proxy_buffering off;',
      '  proxy_next_upstream error timeout;',
      '  proxy_next_upstream_tries 2;',
      ...this.upstreams.flatMap((u) => [
        `  upstream ${u.name} {`,
        ...u.servers.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`),
        '    keepalive 32;',
        '  }',
        `  server { listen 127.0.0.1:${u.listen}; location / { proxy_pass http://${u.name}; } }`,
      ]),
      '}',
      '',
    ].join('\n');
  }
}

/** Whether something accepts connections on `port` within 10 s (false at once when `gaveUp` says the server died). */
async function listening(port: number, gaveUp: () => boolean): Promise<boolean> {
  const until = Date.now() + 10_000;
  while (Date.now() < until && !gaveUp()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
