import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { findNginx } from '../../subgraphs/admin/reverse-proxy/nginx-verifier.service';
import { KubernetesFieldChecker } from './kubernetes-fields.checker';
import { byKind, MODEL_NAMES, renderKustomization, ROOT, schemaProblems, selects, type Rendered } from './kubernetes-objects.reader';

const nginx = findNginx();

/**
 * deploy/reverse-proxy rendered by `kubectl kustomize`: the nginx edge for tenant domains and the sidecar that keeps it
 * in step with REVERSE_PROXY_REMOTE (issue 27 item 3). Schemas and fields as for deploy/kubernetes, then what the two
 * containers must share for the sidecar's `nginx -s reload` to work, and `nginx -t` on the edge's own nginx.conf.
 */
describe('the tenant edge (deploy/reverse-proxy)', () => {
  let rendered: Rendered;
  let nginxContainer: IContainer;
  let sync: IContainer;
  let files: Record<string, string>;

  const env = (c: IContainer, name: string) => c.env?.find((e) => e.name === name);
  const mountOf = (c: IContainer, dir: string) => c.volumeMounts?.find((m) => dir === m.mountPath || dir.startsWith(`${m.mountPath}/`));

  beforeAll(() => {
    rendered = byKind(renderKustomization(path.join(ROOT, 'deploy', 'reverse-proxy')));
    const [edge] = rendered.deployments;
    const containers = edge.spec!.template.spec!.containers;
    nginxContainer = containers.find((c) => c.name === 'nginx')!;
    sync = containers.find((c) => c.name === 'tenant-sync')!;
    files = rendered.configMaps.find((m) => m.metadata!.name!.startsWith('tenant-edge'))!.data!;
  });

  it('renders objects that match the Kubernetes schemas, with no field their kinds lack', () => {
    expect(rendered.all.map((o) => `${o.kind}/${o.metadata.name}: ${schemaProblems(o)}`).filter((line) => !line.endsWith(': '))).toEqual([]);
    const fields = new KubernetesFieldChecker(MODEL_NAMES);
    expect(rendered.all.flatMap((o) => fields.unknownFields(o).map((f) => `${o.kind}/${o.metadata.name}: ${f}`))).toEqual([]);
  });

  it('sends the Service to the edge pods on a port nginx listens on', () => {
    const [service] = rendered.services;
    const [edge] = rendered.deployments;
    expect(selects({ matchLabels: service.spec!.selector }, edge.spec!.template.metadata!.labels)).toBe(true);
    expect(nginxContainer.ports!.map((p) => p.name)).toContain(service.spec!.ports![0].targetPort);
  });

  it('gives the sidecar what its reload needs: the process namespace, the same nginx command, clone and pid file', () => {
    const pod = rendered.deployments[0].spec!.template.spec!;
    expect(pod.shareProcessNamespace).toBe(true);
    const conf = files['nginx.conf'];
    // The sidecar's nginx reads the same configuration as the running one, so `-s reload` finds its pid file.
    const configPath = nginxContainer.command![nginxContainer.command!.indexOf('-c') + 1];
    expect(env(sync, 'NGINX')?.value).toBe(`nginx -c ${configPath}`);
    const pidDir = path.dirname(/^pid (\S+);/m.exec(conf)![1]);
    const repo = env(sync, 'TENANT_REPO')!.value!;
    expect(conf).toContain(`include ${repo}/tenants/*.conf;`);
    for (const dir of [path.dirname(configPath), pidDir, repo]) {
      expect([dir, mountOf(nginxContainer, dir)?.name]).toEqual([dir, mountOf(sync, dir)?.name]);
      expect(mountOf(sync, dir)).toBeDefined();
    }
    // The script the loop runs is the one in the ConfigMap, which is deploy/reverse-proxy/nginx-config-sync.sh.
    expect(sync.command!.join(' ')).toContain(`${path.dirname(configPath)}/nginx-config-sync.sh`);
    expect(Object.keys(files).sort()).toEqual(['nginx-config-sync.sh', 'nginx.conf']);
    expect(env(sync, 'REVERSE_PROXY_REMOTE')?.valueFrom?.secretKeyRef).toEqual({ name: 'safiri-env', key: 'REVERSE_PROXY_REMOTE' });
    for (const c of [nginxContainer, sync]) expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  });

  (nginx ? it : it.skip)('has an nginx.conf that nginx -t accepts, with a tenant block included', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'safiri-tenant-edge-'));
    try {
      // The pod's paths moved under a temporary folder, port 80 to a high one, the gateway Service to loopback, the access
      // log to a file (the test's stdout may be a socket nginx cannot open).
      const moved = files['nginx.conf']
        .replaceAll('/tmp/nginx-', `${tmp}/tmp/nginx-`)
        .replaceAll('/run/nginx', `${tmp}/run`)
        .replaceAll('/var/lib/tenant-edge', `${tmp}/tenants`)
        .replace('server gateway:4000;', 'server 127.0.0.1:9;')
        .replace('access_log /dev/stdout;', `access_log ${tmp}/access.log;`)
        .replace('listen 80 default_server;', 'listen 127.0.0.1:28080 default_server;');
      for (const dir of ['run', 'tmp', 'tenants/repo/tenants']) mkdirSync(path.join(tmp, dir), { recursive: true });
      writeFileSync(
        path.join(tmp, 'tenants/repo/tenants/shop.co.tz.conf'),
        'server { listen 127.0.0.1:28081; server_name shop.co.tz; location / { proxy_pass http://safiri_gateway; } }\n',
      );
      writeFileSync(path.join(tmp, 'nginx.conf'), moved);
      execFileSync(nginx!, ['-t', '-q', '-p', `${tmp}/`, '-e', `${tmp}/error.log`, '-c', `${tmp}/nginx.conf`], { stdio: 'pipe' });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
