import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const KUBERNETES_DIR = path.join(ROOT, 'deploy', 'kubernetes');
export const OVERLAYS = ['development', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** An object as kubectl kustomize printed it: apiVersion, kind and name are always there. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/**
 * The Kubernetes JSON schemas of every kind the manifests use (kubernetes-models: the OpenAPI schemas of Kubernetes
 * 1.27 compiled to validators, offline). A kind missing here fails the test: add its model before using it.
 */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/** The kinds the manifests may use, as kubernetes-models module names ('apps/v1/Deployment'). */
export const MODEL_NAMES = Object.keys(MODELS);

/** `kubectl kustomize` of an overlay, as objects. No kubectl is a failure with its reason, never a skip. */
export function renderOverlay(overlay: Overlay): KubeObject[] {
  return renderKustomization(path.join(KUBERNETES_DIR, 'overlays', overlay));
}

/** Every object `kubectl kustomize <dir>` prints. */
export function renderKustomization(dir: string): KubeObject[] {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) {
    const reason = (run.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'kubectl is not installed (or not on PATH)' : run.error.message;
    throw new Error(`cannot render ${dir}: ${reason}. This check needs kubectl (its built-in kustomize); CI machines have it.`);
  }
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${run.stderr}`);
  return parseAllDocuments(run.stdout).map((doc) => {
    if (doc.errors.length) throw new Error(`kubectl kustomize ${dir} printed YAML that does not parse: ${doc.errors[0].message}`);
    return doc.toJS() as KubeObject;
  });
}

/** The schema problems of one object ('' when it is valid). */
export function schemaProblems(object: KubeObject): string {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return `no schema for ${object.apiVersion} ${object.kind}: add its kubernetes-models class to MODELS`;
  try {
    new Model(object as never).validate();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

/** The rendered objects, by kind, typed as their kubernetes-models interfaces. */
export interface Rendered {
  all: KubeObject[];
  deployments: IDeployment[];
  services: IService[];
  hpas: IHorizontalPodAutoscaler[];
  pdbs: IPodDisruptionBudget[];
  jobs: IJob[];
  networkPolicies: INetworkPolicy[];
  configMaps: IConfigMap[];
  secrets: ISecret[];
}

export function byKind(all: KubeObject[]): Rendered {
  const of = <T>(kind: string) => all.filter((o) => o.kind === kind) as unknown as T[];
  return {
    all,
    deployments: of<IDeployment>('Deployment'),
    services: of<IService>('Service'),
    hpas: of<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler'),
    pdbs: of<IPodDisruptionBudget>('PodDisruptionBudget'),
    jobs: of<IJob>('Job'),
    networkPolicies: of<INetworkPolicy>('NetworkPolicy'),
    configMaps: of<IConfigMap>('ConfigMap'),
    secrets: of<ISecret>('Secret'),
  };
}

/** A label selector's matchLabels and matchExpressions (In, NotIn, Exists, DoesNotExist) against a label set. */
export function selects(
  selector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> } | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  if (!selector) return false;
  const have = labels ?? {};
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => have[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in have && values.includes(have[key]);
    if (operator === 'NotIn') return !(key in have) || !values.includes(have[key]);
    if (operator === 'Exists') return key in have;
    return !(key in have);
  });
  return byLabels && byExpressions;
}
