import type { ModulePlatform } from '../../subgraph-module.port';
import type { CompanyService } from '../../../shared/companies/company.service';
import type { DnsVerifier } from './dns-verifier.port';
import { GitRepository } from './git.repository';
import { NginxVerifier } from './nginx-verifier.service';
import { NodeDnsVerifier } from './node-dns-verifier.adapter';
import { RepositoryWriteLock } from './repository-write-lock.service';
import { RepositoryRemote } from './repository-remote.service';
import { ReverseProxyService } from './reverse-proxy.service';
import { SimulatedDnsVerifier } from './simulated-dns-verifier.adapter';

/** The service over the configured repository and adapters. Only wires: nothing runs until a method is called. */
export function createReverseProxyService(platform: ModulePlatform<'reverseProxy'>, companies: CompanyService): ReverseProxyService {
  const settings = platform.config.reverseProxy;
  const dns: DnsVerifier = settings.dnsVerifier === 'dns' ? new NodeDnsVerifier(settings.dnsTargets) : new SimulatedDnsVerifier();
  const repo = new GitRepository(settings.repoPath);
  // With a remote, the replicas (each with its own copy) share one lock: the remote's branch names it.
  const shared = settings.remote ? `${settings.remote.url}#${settings.remote.branch}` : settings.repoPath;
  const lock = new RepositoryWriteLock(platform.dataSource, settings.repoPath, settings.lockTimeoutSeconds, shared);
  return new ReverseProxyService({
    settings,
    repo,
    lock,
    remote: settings.remote ? new RepositoryRemote(repo, settings.remote, lock, platform.logger) : null,
    companyExists: async (uuid) => (await companies.findByUuid(uuid)) !== null,
    dns,
    nginx: new NginxVerifier(platform.logger),
    clock: platform.clock,
    logger: platform.logger,
  });
}
