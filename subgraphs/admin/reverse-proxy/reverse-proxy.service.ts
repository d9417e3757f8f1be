import { PlatformException } from '../../../shared/errors/app-error.exception';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReverseProxySettings } from '../../../shared/config/platform.config';
import type { Clock } from '../../../shared/time/clock.port';
import type { Logger } from '../../../shared/logging/logger';
import { DomainName, DomainType, normaliseDomain, parseDomainName } from './domain-name.validator';
import type { DnsVerifier, VerificationStatus } from './dns-verifier.port';
import { CommitAuthor, GitRepository, GitUnavailableError } from './git.repository';
import { DEFAULT_TENANT_TEMPLATE, parseTenant, ParsedTenantFile, renderTenant, sameTenant, TenantConfig, templateProblems } from './nginx-config.renderer';
import { NginxSyntaxError } from './nginx-syntax.parser';
import type { NginxVerifier } from './nginx-verifier.service';
import type { RepositoryWriteLock } from './repository-write-lock.service';
import type { RepositoryRemote } from './repository-remote.service';
import { ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import { ifMatchSatisfied } from './revision-precondition.policy';
import { assertNamedDomain, validateConfigInput, type ConfigInput } from './config-input.validator';
import { decodeListCursor, encodeListCursor } from './list-cursor.codec';

export const TEMPLATE_FILE = 'templates/tenant.conf.tmpl';
export const TENANT_DIR = 'tenants';
const SYSTEM_AUTHOR: CommitAuthor = { name: 'Safiri reverse proxy', email: 'reverse-proxy@safiri.invalid' };

/** Who asked for a change: named in the commit. */
export interface Actor {
  accountId: string;
  email: string;
}

export interface DomainView {
  id: string;
  name: string;
  domainType: DomainType;
  publicSuffix: string;
  redirectForName: string | null;
  verificationStatus: VerificationStatus;
  createdAt: string;
  server: { id: string; name: string } | null;
}

export interface ConfigView {
  domain: DomainView;
  companyUuid: string;
  metadata: Record<string, unknown>;
  /** The file in the repository, relative to its root. */
  file: string;
  serverNames: string[];
  /** The last commit that touched the file: the ETag of this configuration. */
  revision: string;
}

interface TenantFile {
  file: string;
  content: string;
  config: TenantConfig;
  name: DomainName;
  serverNames: string[];
  revision: string;
}

interface Snapshot {
  head: string;
  template: string;
  tenants: TenantFile[];
}

export interface ReverseProxyDependencies {
  settings: ReverseProxySettings;
  repo: GitRepository;
  lock: RepositoryWriteLock;
  /** The shared repository the replicas and nginx hosts follow; null when this process's copy is the only one. */
  remote: RepositoryRemote | null;
  companyExists(uuid: string): Promise<boolean>;
  dns: DnsVerifier;
  nginx: NginxVerifier;
  clock: Clock;
  logger: Logger;
}

/**
 * Tenant server blocks kept as files in a git repository: every change is one commit, made under
 * the repository lock after comparing revisions, and answered only once the file reads back as
 * intended and `nginx -t` accepts it (otherwise the commit is undone).
 */
export class ReverseProxyService {
  constructor(private readonly deps: ReverseProxyDependencies) {}

  /** At start: a new repository with the template and an empty tenants/ folder, when absent. Never fails the start. */
  async prepare(): Promise<void> {
    const { repo, lock, logger, remote } = this.deps;
    const initialFiles = { [TEMPLATE_FILE]: DEFAULT_TENANT_TEMPLATE, [`${TENANT_DIR}/.gitkeep`]: '' };
    try {
      if (remote) {
        const how = await lock.run(() => remote.attach(initialFiles, SYSTEM_AUTHOR));
        logger.info('reverse-proxy repository follows its remote', { path: repo.root, how });
        return;
      }
      const created = await lock.run(() => repo.initialiseIfAbsent(initialFiles, SYSTEM_AUTHOR));
      if (created) logger.info('reverse-proxy repository initialised', { path: repo.root });
      else await repo.head();
    } catch (error) {
      logger.warn('the reverse-proxy repository is unavailable: its endpoints answer 503 until it is fixed', {
        path: repo.root,
        reason: (error as Error).message,
      });
    }
  }

  /**
   * One page of the configurations: `first` configurations after the cursor, in source-file order. The cursor names the revision
   * the walk started at and the last file of the page; once the repository has moved on, a cursor is refused with
   * REVERSE_PROXY_REVISION_CONFLICT (list again), so every page of one walk is read at one revision. Only the page's
   * names are looked up in DNS.
   */
  async page(first: number, after: string | null): Promise<{ revision: string; configs: ConfigView[]; nextCursor: string | null }> {
    await this.deps.remote?.freshen();
    const snapshot = await this.snapshot();
    let start = 0;
    if (after !== null) {
      const cursor = decodeListCursor(after);
      if (!cursor) throw PlatformException.badRequest('after is not a cursor this list answered', { field: 'after' });
      if (cursor.revision !== snapshot.head) throw ReverseProxyException.revisionConflict(snapshot.head);
      const index = snapshot.tenants.findIndex((t) => t.file === cursor.file);
      if (index < 0) throw PlatformException.badRequest('after is not a cursor this list answered', { field: 'after' });
      start = index + 1;
    }
    const tenants = snapshot.tenants.slice(start, start + first);
    const more = start + first < snapshot.tenants.length;
    return {
      revision: snapshot.head,
      configs: await Promise.all(tenants.map((t) => this.view(t))),
      nextCursor: more && tenants.length ? encodeListCursor({ revision: snapshot.head, file: tenants[tenants.length - 1].file }) : null,
    };
  }

  async get(domain: string): Promise<ConfigView> {
    assertNamedDomain(domain);
    await this.deps.remote?.freshen();
    return this.view(this.find(await this.snapshot(), domain));
  }

  /** `ifMatch`, when given, is the repository revision the caller listed: a later change is a 409. */
  async create(actor: Actor, input: ConfigInput, ifMatch: string | null): Promise<ConfigView> {
    const wanted = await validateConfigInput(input, null, (uuid) => this.deps.companyExists(uuid));
    const name = wanted.domain!;
    return this.changing(async (snapshot) => {
      if (ifMatch !== null && !ifMatchSatisfied(ifMatch, snapshot.head)) throw ReverseProxyException.revisionConflict(snapshot.head);
      this.assertFree(snapshot, name, null);
      const config: TenantConfig = {
        id: randomUUID(),
        domain: name.name,
        redirectForName: name.redirectForName,
        companyUuid: wanted.companyUuid!,
        metadata: wanted.metadata ?? {},
        createdAt: this.deps.clock.now().toISOString(),
      };
      const message = `Create tenant ${name.name}\n\nCompany: ${config.companyUuid}\nBy: ${actor.email} (account ${actor.accountId})`;
      return this.write(snapshot, actor, null, config, name, message);
    });
  }

  /** `ifMatch` is the configuration's ETag (the last commit touching its file); missing is a 428. */
  async update(actor: Actor, domain: string, ifMatch: string | null, input: ConfigInput): Promise<{ changed: boolean; config: ConfigView }> {
    if (ifMatch === null) throw ReverseProxyException.preconditionRequired();
    const wanted = await validateConfigInput(input, domain, (uuid) => this.deps.companyExists(uuid));
    return this.changing(async (snapshot) => {
      const current = this.find(snapshot, domain);
      if (!ifMatchSatisfied(ifMatch, current.revision)) throw ReverseProxyException.preconditionFailed(current.revision);
      const name = wanted.domain ?? current.name;
      if (name.name !== current.config.domain) this.assertFree(snapshot, name, current);
      const next: TenantConfig = {
        ...current.config,
        domain: name.name,
        redirectForName: name.redirectForName,
        companyUuid: wanted.companyUuid ?? current.config.companyUuid,
        metadata: wanted.metadata ?? current.config.metadata,
      };
      if (fileOf(next.domain) === current.file && this.render(snapshot, next) === current.content) {
        return { changed: false, config: await this.view(current) };
      }
      const what = [
        name.name !== current.config.domain && `domain → ${name.name}`,
        next.companyUuid !== current.config.companyUuid && `company → ${next.companyUuid}`,
        JSON.stringify(next.metadata) !== JSON.stringify(current.config.metadata) && 'metadata',
      ].filter(Boolean);
      const message = `Update tenant ${current.config.domain}${what.length ? `: ${what.join(', ')}` : ' (re-rendered from the current template)'}\n\nBy: ${actor.email} (account ${actor.accountId})`;
      return { changed: true, config: await this.write(snapshot, actor, current, next, name, message) };
    });
  }

  async remove(actor: Actor, domain: string, ifMatch: string | null): Promise<{ domain: string; revision: string }> {
    if (ifMatch === null) throw ReverseProxyException.preconditionRequired();
    assertNamedDomain(domain);
    return this.changing(async (snapshot) => {
      const current = this.find(snapshot, domain);
      if (!ifMatchSatisfied(ifMatch, current.revision)) throw ReverseProxyException.preconditionFailed(current.revision);
      unlinkSync(this.absolute(current.file));
      const message = `Delete tenant ${current.config.domain}\n\nBy: ${actor.email} (account ${actor.accountId})`;
      const revision = await this.commit(snapshot, [current.file], message, actor);
      await this.deps.remote?.publish(snapshot.head);
      return { domain: current.config.domain, revision };
    });
  }

  /** Runs a change under the write lock on the latest revision: the remote's, when there is one. */
  private changing<T>(change: (snapshot: Snapshot) => Promise<T>): Promise<T> {
    return this.deps.lock.run(async () => {
      await this.deps.remote?.pull();
      return change(await this.snapshot());
    });
  }

  /** Writes `next` (removing `previous` when the file name changes), commits, verifies; undoes the commit when verification fails. */
  private async write(
    snapshot: Snapshot,
    actor: Actor,
    previous: TenantFile | null,
    next: TenantConfig,
    name: DomainName,
    message: string,
  ): Promise<ConfigView> {
    const file = fileOf(next.domain);
    if (previous && previous.file !== file) unlinkSync(this.absolute(previous.file));
    mkdirSync(this.absolute(TENANT_DIR), { recursive: true });
    writeFileSync(this.absolute(file), this.render(snapshot, next));
    const revision = await this.commit(snapshot, previous && previous.file !== file ? [previous.file, file] : [file], message, actor);
    let parsed: ParsedTenantFile;
    try {
      parsed = await this.verify(file, next);
    } catch (error) {
      await this.deps.repo.resetTo(snapshot.head);
      throw error;
    }
    await this.deps.remote?.publish(snapshot.head);
    return this.view({ file, config: parsed.config, name, serverNames: parsed.serverNames, revision });
  }

  private async commit(snapshot: Snapshot, files: string[], message: string, actor: Actor): Promise<string> {
    try {
      return await this.deps.repo.commit(files, message, { name: actor.email, email: actor.email });
    } catch (error) {
      // Put the working tree back to the last commit so that nginx never reads an uncommitted file.
      await this.deps.repo.resetTo(snapshot.head).catch(() => undefined);
      throw ReverseProxyException.repositoryUnavailable((error as Error).message);
    }
  }

  /** The committed file must read back as the configuration meant, and nginx (when installed) must accept it. */
  private async verify(file: string, intended: TenantConfig): Promise<ParsedTenantFile> {
    let parsed: ParsedTenantFile;
    try {
      parsed = parseTenant(readFileSync(this.absolute(file), 'utf8'));
    } catch (error) {
      throw ReverseProxyException.verificationFailed('parse', (error as Error).message);
    }
    if (!sameTenant(parsed.config, intended))
      throw ReverseProxyException.verificationFailed('parse', 'the file does not read back as the configuration written');
    const check = await this.deps.nginx.check(this.absolute(file), this.deps.settings.upstream);
    if (check.ran && !check.ok) {
      this.deps.logger.warn('nginx -t rejected a tenant configuration', { file, output: check.output });
      throw ReverseProxyException.verificationFailed('nginx', this.firstError(check.output));
    }
    return parsed;
  }

  private render(snapshot: Snapshot, config: TenantConfig): string {
    return renderTenant(snapshot.template, config, this.deps.settings.upstream);
  }

  /** HEAD, a well-formed template and every tenant file parsed, with the last commit of each. */
  private async snapshot(): Promise<Snapshot> {
    const { repo } = this.deps;
    let head: string;
    try {
      head = await repo.head();
    } catch (error) {
      throw ReverseProxyException.repositoryUnavailable(error instanceof GitUnavailableError ? error.message : 'cannot be read');
    }
    let template: string;
    try {
      template = readFileSync(this.absolute(TEMPLATE_FILE), 'utf8');
    } catch {
      throw ReverseProxyException.templateMalformed([`${TEMPLATE_FILE} is missing from the repository`]);
    }
    const problems = templateProblems(template);
    if (problems.length) throw ReverseProxyException.templateMalformed(problems);
    const dir = this.absolute(TENANT_DIR);
    // Source-file order is the order nginx's `include tenants/*.conf` reads them: sorted file names.
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.conf'))
          .sort()
          .map((f) => `${TENANT_DIR}/${f}`)
      : [];
    const revisions = await repo.lastCommits(files).catch((error: Error) => {
      throw ReverseProxyException.repositoryUnavailable(error.message);
    });
    const tenants = files.map((file): TenantFile => {
      const content = readFileSync(this.absolute(file), 'utf8');
      try {
        const parsed = parseTenant(content);
        const name = parseDomainName(parsed.config.domain);
        if ('problem' in name) throw new NginxSyntaxError(`its server_name ${name.problem}`);
        return { file, content, config: parsed.config, name, serverNames: parsed.serverNames, revision: revisions.get(file) ?? head };
      } catch (error) {
        if (!(error instanceof NginxSyntaxError)) throw error;
        throw ReverseProxyException.repositoryUnavailable(`${file} is not a tenant configuration: ${error.message}`);
      }
    });
    return { head, template, tenants };
  }

  private find(snapshot: Snapshot, domain: string): TenantFile {
    const name = normaliseDomain(domain);
    const found = snapshot.tenants.find((t) => t.config.domain === name);
    if (!found) throw ReverseProxyException.notFound(name);
    return found;
  }

  /** 409 when another configuration has this domain, or serves one of its server names. */
  private assertFree(snapshot: Snapshot, name: DomainName, self: TenantFile | null): void {
    const others = snapshot.tenants.filter((t) => t !== self);
    if (others.some((t) => t.config.domain === name.name) || (!self && existsSync(this.absolute(fileOf(name.name))))) {
      throw ReverseProxyException.domainConflict(name.name);
    }
    for (const serverName of [name.name, name.redirectForName]) {
      const owner = serverName && others.find((t) => t.serverNames.includes(serverName));
      if (owner) throw ReverseProxyException.serverNameConflict(serverName!, owner.config.domain);
    }
  }

  private async view(t: Omit<TenantFile, 'content'>): Promise<ConfigView> {
    const { settings, dns } = this.deps;
    return {
      domain: {
        id: t.config.id,
        name: t.config.domain,
        domainType: t.name.domainType,
        publicSuffix: t.name.publicSuffix,
        redirectForName: t.config.redirectForName,
        verificationStatus: await dns.verify(t.config.domain),
        createdAt: t.config.createdAt,
        server: settings.serverName ? { id: settings.serverName.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name: settings.serverName } : null,
      },
      companyUuid: t.config.companyUuid,
      metadata: t.config.metadata,
      file: t.file,
      serverNames: t.serverNames,
      revision: t.revision,
    };
  }

  /** The line naming the problem, with repository paths made relative (the answer goes to API clients). */
  private firstError(output: string): string {
    const line = output.split('\n').find((l) => l.includes('[emerg]')) ?? output.split('\n')[0] ?? 'nginx -t failed';
    return line.split(`${this.deps.repo.root}${path.sep}`).join('').trim();
  }

  private absolute(file: string): string {
    return path.join(this.deps.repo.root, file);
  }
}

function fileOf(domain: string): string {
  return `${TENANT_DIR}/${domain}.conf`;
}
