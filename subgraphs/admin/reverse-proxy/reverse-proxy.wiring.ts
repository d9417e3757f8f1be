import type { ModulePlatform } from '../../subgraph-module.port';
import type { CompanyService } from '../../../shared/companies/company.service';
import type { DnsVerifier } from './dns-verifier.port';
import { GitRepository } from './git.repository';
import { NginxVerifier } from './nginx-verifier.service';
import { NodeDnsVerifier } from './node-dns-verifier.adapter';
import { RepositoryWriteLock } from './repository-write-lock.service';
import { ReverseProxyService } from './reverse-proxy.service';
import { SimulatedDnsVerifier } from './simulated-dns-verifier.adapter';

/** The service over the configured repository and adapters. Only wires: nothing runs until a method is called. */
export function createReverseProxyService(platform: ModulePlatform<'reverseProxy'>, companies: CompanyService): ReverseProxyService {
  const settings = platform.config.reverseProxy;
  const dns: DnsVerifier = settings.dnsVerifier === 'dns' ? new NodeDnsVerifier(settings.dnsTargets) : new SimulatedDnsVerifier();
  return new ReverseProxyService({
    settings,
    repo: new GitRepository(settings.repoPath),
    lock: new RepositoryWriteLock(platform.dataSource, settings.repoPath, settings.lockTimeoutSeconds),
    companyExists: async (uuid) => (await companies.findByUuid(uuid)) !== null,
    dns,
    nginx: new NginxVerifier(platform.logger),
    clock: platform.clock,
    logger: platform.logger,
  });
}
