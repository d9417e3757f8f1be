import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { Rendered } from './kubernetes-objects.reader';

/** A Secret's or ConfigMap's values by key, as a container sees them (decoded). */
export type Values = Record<string, string>;

/** What a container would get: its environment, with the files of its secret volumes written to a folder here. */
export interface PodEnvironment {
  env: Record<string, string>;
  /** A reference to a ConfigMap, Secret or key that is not there (and not optional). */
  problems: string[];
}

/** The ConfigMaps and Secrets a namespace holds: rendered ones, plus those an operator creates (production). */
export function valueSources(
  rendered: Rendered,
  operatorSecrets: Record<string, Values>,
): { configMaps: Record<string, Values>; secrets: Record<string, Values> } {
  const configMaps = Object.fromEntries(rendered.configMaps.map((c) => [c.metadata!.name!, { ...(c.data ?? {}) }]));
  const secrets: Record<string, Values> = { ...operatorSecrets };
  for (const secret of rendered.secrets) {
    const decoded = Object.fromEntries(Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));
    secrets[secret.metadata!.name!] = { ...decoded, ...(secret.stringData ?? {}) };
  }
  return { configMaps, secrets };
}

/**
 * Builds the environment of `container` in `pod` the way the kubelet does: envFrom in order, then env (which wins),
 * secretKeyRef and configMapKeyRef resolved. Secret volumes mounted in the container are written under `workDir`, and a variable naming a file under such a mount (DATABASE_PASSWORD_FILE) is pointed at the written copy.
 */
export function podEnvironment(pod: IPodSpec, container: IContainer, sources: ReturnType<typeof valueSources>, workDir: string): PodEnvironment {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string, key: string | null, optional: boolean): Values | string | undefined => {
    const values = (kind === 'ConfigMap' ? sources.configMaps : sources.secrets)[name];
    if (!values) {
      if (!optional) problems.push(`${container.name}: ${kind} ${name} does not exist`);
      return undefined;
    }
    if (key === null) return values;
    if (!(key in values) && !optional) problems.push(`${container.name}: ${kind} ${name} has no key ${key}`);
    return values[key];
  };
  for (const from of container.envFrom ?? []) {
    const values = from.configMapRef
      ? lookup('ConfigMap', from.configMapRef.name!, null, !!from.configMapRef.optional)
      : lookup('Secret', from.secretRef!.name!, null, !!from.secretRef!.optional);
    if (values && typeof values === 'object') Object.assign(env, values);
  }
  for (const variable of container.env ?? []) {
    const { secretKeyRef, configMapKeyRef } = variable.valueFrom ?? {};
    let value: Values | string | undefined = variable.value;
    if (secretKeyRef) value = lookup('Secret', secretKeyRef.name!, secretKeyRef.key, !!secretKeyRef.optional);
    if (configMapKeyRef) value = lookup('ConfigMap', configMapKeyRef.name!, configMapKeyRef.key, !!configMapKeyRef.optional);
    if (typeof value === 'string') env[variable.name] = value;
  }
  const written = writeSecretMounts(pod, container, sources.secrets, workDir, problems);
  for (const [name, value] of Object.entries(env)) {
    const mount = written.find(({ mountPath }) => value.startsWith(`${mountPath}/`));
    if (mount) env[name] = path.join(mount.copy, value.slice(mount.mountPath.length));
  }
  return { env, problems };
}

function writeSecretMounts(
  pod: IPodSpec,
  container: IContainer,
  secrets: Record<string, Values>,
  workDir: string,
  problems: string[],
): Array<{ mountPath: string; copy: string }> {
  const written: Array<{ mountPath: string; copy: string }> = [];
  for (const mount of container.volumeMounts ?? []) {
    const volume = (pod.volumes ?? []).find((v) => v.name === mount.name);
    if (!volume) {
      problems.push(`${container.name}: mounts volume ${mount.name}, which the pod does not define`);
      continue;
    }
    if (!volume.secret) continue;
    const values = secrets[volume.secret.secretName!];
    if (!values) {
      problems.push(`${container.name}: Secret ${volume.secret.secretName} (volume ${mount.name}) does not exist`);
      continue;
    }
    const copy = mkdtempSync(path.join(workDir, 'secret-volume-'));
    const items = volume.secret.items ?? Object.keys(values).map((key) => ({ key, path: key }));
    for (const item of items) {
      if (!(item.key in values)) problems.push(`${container.name}: Secret ${volume.secret.secretName} has no key ${item.key} (volume ${mount.name})`);
      const file = path.join(copy, item.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, values[item.key] ?? '');
    }
    written.push({ mountPath: mount.mountPath.replace(/\/+$/, ''), copy });
  }
  return written;
}
