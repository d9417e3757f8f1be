import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { loadConfig, SUBGRAPH_NAMES, type PlatformConfig } from '../../shared/config/platform.config';
import { SERVER_CLOSE_GRACE_MS } from '../../shared/http/listen.server';
import { OPS_PATHS } from '../../shared/http/ops-endpoints.handler';
import { KubernetesFieldChecker } from './kubernetes-fields.checker';
import {
  byKind,
  KUBERNETES_DIR,
  MODEL_NAMES,
  OVERLAYS,
  ROOT,
  renderOverlay,
  schemaProblems,
  selects,
  type Overlay,
  type Rendered,
} from './kubernetes-objects.reader';
import { podEnvironment, valueSources, type Values } from './pod-environment.builder';

/**
 * deploy/kubernetes, both overlays rendered by `kubectl kustomize`: every object against the Kubernetes schemas
 * (offline, kubernetes-models), then the references between them and to the code: selectors, HPA targets, the
 * probes' paths and ports, the configuration each container would boot with, and what the pods may write.
 */

const ROLES = ['gateway', ...SUBGRAPH_NAMES, 'worker'] as const;
type Role = (typeof ROLES)[number];
const COMPONENT = 'app.kubernetes.io/component';

/** Paths each role writes (all of them also /tmp): what must sit on a writable volume under a read-only root. */
const WRITES: Record<string, (config: PlatformConfig) => string[]> = {
  admin: (config) => [config.keysDir, config.reverseProxy.repoPath],
  worker: (config) => [config.notifications.sinkDir],
  migrate: (config) => [config.keysDir],
};

/** Values for the Secrets an operator creates in production (safiri-env.example, and the keys development generates). */
function sampleSecretValue(key: string): string {
  if (key.endsWith('_API_URL')) return `https://${key.split('_')[0].toLowerCase()}.provider.example/messages`;
  if (key.endsWith('_API_TOKEN') || key.endsWith('-password') || key === 'SGR_TICKET_PDF_OWNER_PASSWORD') return `operator-chosen-${key.toLowerCase()}`;
  const samples: Record<string, string> = {
    METRICS_TOKEN: 'a'.repeat(48),
    SMTP_URL: 'smtps://safiri:secret@smtp.provider.example:465',
    'key-encryption-key': Buffer.alloc(32, 7).toString('base64'),
    REVERSE_PROXY_REMOTE: 'https://deploy:token@git.safiri.example/ops/reverse-proxy.git',
  };
  if (!(key in samples)) throw new Error(`no sample value for the production secret key ${key}: add one to this test`);
  return samples[key];
}

function operatorSecrets(development: Rendered): Record<string, Values> {
  const example = readFileSync(path.join(KUBERNETES_DIR, 'overlays', 'production', 'safiri-env.example'), 'utf8');
  const envKeys = example
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => line.slice(0, line.indexOf('=')));
  const generated = development.secrets.find((s) => s.metadata!.name!.startsWith('safiri-secrets-'));
  const fileKeys = Object.keys(generated?.data ?? {});
  return {
    'safiri-env': Object.fromEntries(envKeys.map((key) => [key, sampleSecretValue(key)])),
    'safiri-secrets': Object.fromEntries(fileKeys.map((key) => [key, sampleSecretValue(key)])),
  };
}

/** Every pod template (Deployments and the Job) with the component it runs. */
function podTemplates(rendered: Rendered): Array<{ component: string; template: IPodTemplateSpec }> {
  return [...rendered.deployments, ...rendered.jobs].map((o) => ({ component: o.metadata!.labels![COMPONENT], template: o.spec!.template }));
}

function appContainer(pod: IPodSpec): IContainer {
  const app = pod.containers.find((c) => c.name === 'app');
  if (!app) throw new Error('a Safiri pod has no container named app');
  return app;
}

function listenerPort(role: Role, config: PlatformConfig): number {
  if (role === 'gateway') return config.port;
  if (role === 'worker') return config.workerPort;
  return config.subgraphPorts[role];
}

function containerPort(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** CPU in millicores, memory in bytes (the suffixes the manifests use). */
function quantity(value: string | number): number {
  const text = String(value);
  const units: Record<string, number> = { m: 1, '': 1000, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(text);
  if (!match) throw new Error(`unexpected quantity ${text}`);
  return Number(match[1]) * units[match[2] ?? ''];
}

/** loadConfig on `env`, recording every variable name it reads. */
function bootConfig(env: Record<string, string>): { config?: PlatformConfig; error?: string; read: Set<string> } {
  const read = new Set<string>();
  const recorded = new Proxy(env, {
    get: (target, name) => {
      if (typeof name === 'string') read.add(name);
      return typeof name === 'string' ? target[name] : undefined;
    },
  });
  try {
    return { config: loadConfig(recorded), read };
  } catch (error) {
    return { error: (error as Error).message, read };
  }
}

interface Booted {
  component: string;
  container: IContainer;
  pod: IPodSpec;
  env: Record<string, string>;
  config?: PlatformConfig;
  problems: string[];
}

/** The container's configuration; a container whose env does not boot fails the check with the loader's own message. */
function configOf(b: Booted): PlatformConfig {
  if (!b.config) throw new Error(`${b.component}/${b.container.name}: its environment does not boot the configuration: ${b.problems.join('; ')}`);
  return b.config;
}

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  const rendered = {} as Record<Overlay, Rendered>;
  const booted = {} as Record<Overlay, Booted[]>;
  const namesRead = new Set<string>();
  let workDir: string;
  let fields: KubernetesFieldChecker;

  beforeAll(() => {
    fields = new KubernetesFieldChecker(MODEL_NAMES);
    workDir = mkdtempSync(path.join(os.tmpdir(), 'k8s-manifests-'));
    for (const overlay of OVERLAYS) rendered[overlay] = byKind(renderOverlay(overlay));
    for (const overlay of OVERLAYS) {
      const sources = valueSources(rendered[overlay], overlay === 'production' ? operatorSecrets(rendered.development) : {});
      booted[overlay] = podTemplates(rendered[overlay]).flatMap(({ component, template }) =>
        [...(template.spec!.initContainers ?? []), ...template.spec!.containers].map((container) => {
          const { env, problems } = podEnvironment(template.spec!, container, sources, workDir);
          const { config, error, read } = bootConfig(env);
          read.forEach((name) => namesRead.add(name));
          return { component, container, pod: template.spec!, env, config, problems: error ? [...problems, error] : problems };
        }),
      );
    }
  });

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  describe.each(OVERLAYS)('the %s overlay', (overlay) => {
    const app = (role: string) => booted[overlay].find((b) => b.component === role && b.container.name === 'app')!;

    it('renders objects that are all valid against the Kubernetes schemas', () => {
      const problems = rendered[overlay].all.map((o) => [`${o.kind}/${o.metadata.name}`, schemaProblems(o)]).filter(([, problem]) => problem);
      expect(problems).toEqual([]);
      expect(rendered[overlay].all.length).toBeGreaterThan(20);
    });

    it('has no field its kind does not have (a misspelt field passes the schemas and is dropped by the API server)', () => {
      const unknown = rendered[overlay].all.flatMap((o) => fields.unknownFields(o).map((field) => `${o.kind}/${o.metadata.name}: ${field}`));
      expect(unknown).toEqual([]);
    });

    it('has a Deployment, a Service and a PodDisruptionBudget per role, and an HPA for the gateway and each subgraph', () => {
      const names = (objects: Array<{ metadata?: { name?: string } }>) => objects.map((o) => o.metadata!.name).sort();
      expect(names(rendered[overlay].deployments)).toEqual([...ROLES].sort());
      expect(names(rendered[overlay].services)).toEqual([...ROLES].sort());
      expect(names(rendered[overlay].pdbs)).toEqual([...ROLES].sort());
      expect(names(rendered[overlay].hpas)).toEqual(['gateway', ...SUBGRAPH_NAMES].sort());
    });

    it("selects pods with every Service, PodDisruptionBudget and HPA: each one a Deployment's, on ports its container has", () => {
      const { deployments } = rendered[overlay];
      const problems: string[] = [];
      const matching = (selector: Parameters<typeof selects>[0]) => deployments.filter((d) => selects(selector, d.spec!.template.metadata!.labels));
      for (const service of rendered[overlay].services) {
        const targets = matching({ matchLabels: service.spec!.selector });
        if (targets.length !== 1) problems.push(`Service ${service.metadata!.name} selects ${targets.length} Deployments`);
        for (const port of targets.length === 1 ? service.spec!.ports! : []) {
          if (containerPort(appContainer(targets[0].spec!.template.spec!), port.targetPort) === undefined) {
            problems.push(`Service ${service.metadata!.name} targets port ${port.targetPort}, which ${targets[0].metadata!.name} does not have`);
          }
        }
      }
      for (const pdb of rendered[overlay].pdbs) {
        const targets = matching(pdb.spec!.selector);
        if (targets.length !== 1 || targets[0].metadata!.name !== pdb.metadata!.name) {
          problems.push(`PodDisruptionBudget ${pdb.metadata!.name} selects ${targets.map((t) => t.metadata!.name).join(', ') || 'nothing'}`);
        }
      }
      for (const hpa of rendered[overlay].hpas) {
        const ref = hpa.spec!.scaleTargetRef;
        if (ref.kind !== 'Deployment' || ref.apiVersion !== 'apps/v1' || !deployments.some((d) => d.metadata!.name === ref.name)) {
          problems.push(`HPA ${hpa.metadata!.name} targets ${ref.apiVersion} ${ref.kind} ${ref.name}, which is not rendered`);
        }
      }
      for (const deployment of deployments) {
        if (!selects(deployment.spec!.selector, deployment.spec!.template.metadata!.labels))
          problems.push(`Deployment ${deployment.metadata!.name} does not select its own pods`);
      }
      expect(problems).toEqual([]);
    });

    it("probes /livez (startup, liveness) and /readyz (readiness) on the role's own listener, paths every listener serves", () => {
      expect(OPS_PATHS).toEqual(expect.arrayContaining(['/livez', '/readyz']));
      for (const role of ROLES) {
        const { container } = app(role);
        const config = configOf(app(role));
        const own = listenerPort(role, config);
        const probes = { startup: container.startupProbe, liveness: container.livenessProbe, readiness: container.readinessProbe };
        const seen = Object.entries(probes).map(([kind, probe]) => ({
          role,
          kind,
          path: probe?.httpGet?.path,
          port: containerPort(container, probe?.httpGet?.port),
        }));
        expect(seen).toEqual([
          { role, kind: 'startup', path: '/livez', port: own },
          { role, kind: 'liveness', path: '/livez', port: own },
          { role, kind: 'readiness', path: '/readyz', port: own },
        ]);
        // The metrics listener answers /metrics only: a probe there would fail.
        expect(config.metrics.port).not.toBe(own);
      }
    });

    it('gives every container the configuration it needs: its ConfigMap and Secret refs boot the config loader', () => {
      const failures = booted[overlay].filter((b) => b.problems.length).map((b) => `${b.component}/${b.container.name}: ${b.problems.join('; ')}`);
      expect(failures).toEqual([]);
      for (const b of booted[overlay]) expect(configOf(b).nodeEnv).toBe(overlay === 'production' ? 'production' : 'development');
    });

    it('sets no variable that nothing reads (a misspelt name would be ignored silently)', () => {
      const unread = new Set<string>();
      for (const b of booted[overlay]) for (const name of Object.keys(b.env)) if (!namesRead.has(name)) unread.add(name);
      expect([...unread]).toEqual([]);
    });

    it('connects the roles as safiri_app and the migrations Job as safiri_migrate, with passwords from files', () => {
      for (const b of booted[overlay]) {
        expect(b.env.DATABASE_URL).toBeUndefined();
        expect(b.env.DATABASE_PASSWORD).toBeUndefined();
        const user = decodeURIComponent(new URL(configOf(b).databaseUrl).username);
        expect({ component: b.component, user }).toEqual({ component: b.component, user: b.component === 'migrate' ? 'safiri_migrate' : 'safiri_app' });
      }
    });

    it('runs every container as non-root on a read-only root filesystem, what it writes on emptyDir volumes', () => {
      const problems: string[] = [];
      for (const b of booted[overlay]) {
        const where = `${b.component}/${b.container.name}`;
        const pod = b.pod.securityContext ?? {};
        const own = b.container.securityContext ?? {};
        if ((own.runAsNonRoot ?? pod.runAsNonRoot) !== true) problems.push(`${where}: runAsNonRoot is not true`);
        if ((own.runAsUser ?? pod.runAsUser ?? 0) === 0) problems.push(`${where}: runs as uid 0`);
        if (own.readOnlyRootFilesystem !== true) problems.push(`${where}: root filesystem is writable`);
        if (own.allowPrivilegeEscalation !== false) problems.push(`${where}: may escalate privileges`);
        const writes = b.container.name === 'app' ? ['/tmp', ...(WRITES[b.component]?.(configOf(b)) ?? [])] : ['/tmp'];
        for (const target of writes) {
          const mount = (b.container.volumeMounts ?? [])
            .filter((m) => target === m.mountPath || target.startsWith(`${m.mountPath.replace(/\/$/, '')}/`))
            .sort((x, y) => y.mountPath.length - x.mountPath.length)[0];
          const volume = b.pod.volumes?.find((v) => v.name === mount?.name);
          if (!mount || mount.readOnly || !volume?.emptyDir) problems.push(`${where}: writes ${target}, which is not on a writable emptyDir volume`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('turns off service links, whose FLIGHT_PORT=tcp://… (one per Service) the configuration would refuse', () => {
      for (const { component, template } of podTemplates(rendered[overlay]))
        expect({ component, links: template.spec!.enableServiceLinks }).toEqual({ component, links: false });
      const linked = Object.fromEntries(
        rendered[overlay].services.map((service) => [`${service.metadata!.name!.toUpperCase()}_PORT`, `tcp://10.0.0.7:${service.spec!.ports![0].port}`]),
      );
      expect(bootConfig({ ...app('gateway').env, ...linked }).error).toMatch(/FLIGHT_PORT must be a TCP port/);
    });

    it('gives each role a grace period its shutdown fits in, after a preStop pause for the roles a Service routes to', () => {
      for (const role of ROLES) {
        const { container, pod } = app(role);
        const config = configOf(app(role));
        const grace = pod.terminationGracePeriodSeconds ?? 30;
        const command = container.lifecycle?.preStop?.exec?.command ?? [];
        // The role's listener and the metrics listener each drain for up to SERVER_CLOSE_GRACE_MS, one after the other.
        const drain = (2 * SERVER_CLOSE_GRACE_MS) / 1000;
        if (role === 'worker') {
          expect(command).toEqual([]);
          // Active jobs finish first: a job statement may run DATABASE_JOB_STATEMENT_TIMEOUT_MS.
          expect(grace).toBeGreaterThanOrEqual(config.database.jobStatementTimeoutMs / 1000 + drain);
        } else {
          expect(command).toEqual(['sleep', expect.stringMatching(/^\d+$/)]);
          const pause = Number(command[1]);
          expect(pause).toBeGreaterThanOrEqual(3);
          expect(grace).toBeGreaterThanOrEqual(pause + drain + 5);
        }
      }
    });

    it('runs the migrations as a Job and holds every role until no migration is pending', () => {
      expect(rendered[overlay].jobs.map((j) => j.metadata!.name)).toEqual(['safiri-migrate']);
      const job = appContainer(rendered[overlay].jobs[0].spec!.template.spec!);
      expect(job.command).toEqual(['node', 'dist/bin/migrate.cli.js']);
      for (const deployment of rendered[overlay].deployments) {
        const role = deployment.metadata!.name!;
        const pod = deployment.spec!.template.spec!;
        expect(appContainer(pod).command).toEqual(['node', 'dist/bin/start.js', role]);
        const wait = pod.initContainers?.find((c) => c.name === 'wait-for-migrations');
        expect(wait?.command?.join(' ')).toContain('node dist/bin/migrate.cli.js status');
        expect(wait?.image).toBe(appContainer(pod).image);
      }
      // The image's working directory holds the build: the commands name files the build makes.
      for (const file of ['dist/bin/start.js', 'dist/bin/migrate.cli.js']) expect(existsSync(path.join(ROOT, file))).toBe(true);
    });

    it('asks for resources on every container, requests within limits', () => {
      for (const b of booted[overlay]) {
        const { requests = {}, limits = {} } = b.container.resources ?? {};
        for (const resource of ['cpu', 'memory']) {
          expect({ where: `${b.component}/${b.container.name}`, resource, has: !!requests[resource] && !!limits[resource] }).toMatchObject({ has: true });
          expect(quantity(requests[resource])).toBeLessThanOrEqual(quantity(limits[resource]));
        }
      }
    });

    it('exposes only the gateway: the subgraphs take calls from the gateway alone, MariaDB and Redis from every Safiri pod', () => {
      const policies = rendered[overlay].networkPolicies.filter((p) => p.spec!.policyTypes?.includes('Ingress'));
      expect(policies.some((p) => Object.keys(p.spec!.podSelector).length === 0 && !p.spec!.ingress?.length)).toBe(true);
      const peersOf = (labels: Record<string, string>, port: number | string) =>
        policies
          .filter((p) => selects(p.spec!.podSelector, labels))
          .flatMap((p) => p.spec!.ingress ?? [])
          .filter((rule) => !rule.ports || rule.ports.some((p) => p.port === port || p.port === undefined))
          .map((rule) => rule.from);
      for (const deployment of rendered[overlay].deployments) {
        const role = deployment.metadata!.name as Role;
        const labels = deployment.spec!.template.metadata!.labels!;
        const peers = peersOf(labels, 'http');
        if (role === 'gateway') expect(peers).toContainEqual(undefined);
        else {
          for (const from of peers) {
            expect(from?.length).toBeGreaterThan(0);
            for (const peer of from ?? []) {
              expect({ role, namespaceSelector: peer.namespaceSelector, ipBlock: peer.ipBlock }).toEqual({
                role,
                namespaceSelector: undefined,
                ipBlock: undefined,
              });
              const reaches = rendered[overlay].deployments
                .filter((d) => selects(peer.podSelector, d.spec!.template.metadata!.labels))
                .map((d) => d.metadata!.name);
              expect({ role, reaches }).toEqual({ role, reaches: ['gateway'] });
            }
          }
          if (role !== 'worker') expect({ role, peers: peers.length }).toEqual({ role, peers: 1 });
        }
      }
      const safiriPods = podTemplates(rendered[overlay]).map(({ template }) => template.metadata!.labels!);
      for (const [store, port] of [
        ['mariadb', 3306],
        ['redis', 6379],
      ] as const) {
        const peers = peersOf({ 'app.kubernetes.io/name': store }, port).flat();
        for (const labels of safiriPods) expect({ store, reached: peers.some((peer) => selects(peer?.podSelector, labels)) }).toEqual({ store, reached: true });
      }
    });

    it('uses safiri/admin for the admin role and safiri/app for every other container, at a set tag', () => {
      for (const b of booted[overlay]) {
        const name = b.component === 'admin' ? 'admin' : 'app';
        expect({ where: `${b.component}/${b.container.name}`, image: b.container.image }).toEqual({
          where: `${b.component}/${b.container.name}`,
          image: expect.stringMatching(new RegExp(`(^|/)safiri/${name}:[A-Za-z0-9_][A-Za-z0-9_.-]*$`)),
        });
        expect(b.container.image).not.toMatch(/:latest$/);
      }
    });
  });

  it('runs at least two pods of every role in production, the autoscaled ones counted by their HPA alone', () => {
    const { deployments, hpas, pdbs } = rendered.production;
    for (const deployment of deployments) {
      const hpa = hpas.find((h) => h.spec!.scaleTargetRef.name === deployment.metadata!.name);
      // A replicas field beside an HPA would set the count back at every apply.
      const count = hpa ? { replicas: deployment.spec!.replicas, min: hpa.spec!.minReplicas } : { replicas: deployment.spec!.replicas };
      expect({ role: deployment.metadata!.name, ...count }).toEqual({
        role: deployment.metadata!.name,
        ...(hpa ? { replicas: undefined, min: 2 } : { replicas: 2 }),
      });
    }
    for (const pdb of pdbs) expect(pdb.spec!.maxUnavailable).toBe(1);
  });
});
