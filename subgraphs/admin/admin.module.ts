import type { Platform } from '../../shared/platform/platform';
import { buildFederatedSchema } from '../../shared/federation/build-federated-schema';
import type { SubgraphModule } from '../subgraph-module';
import { CompanyEntity } from './entities/company.entity';
import { Company1763800000100 } from './migrations/1763800000100-company';
import { seedCompanies } from './seed/company.seed';
import { CompanyService } from './services/company.service';
import { AccountService } from './services/account.service';
import { LoginService } from './services/login.service';
import { CompanyResolver, companyReferenceResolver } from './graphql/company.resolver';
import { AccountResolver, accountReferenceResolver } from './graphql/account.resolver';

export const adminModule: SubgraphModule = {
  name: 'admin',
  database: { entities: [CompanyEntity], migrations: [Company1763800000100] },
  async seed(platform: Platform) {
    return { companies: await seedCompanies(platform.dataSource) };
  },
  buildSchema(platform: Platform) {
    const companies = new CompanyService(platform.dataSource);
    const accounts = new AccountService(platform);
    const instances = new Map<Function, object>([
      [CompanyResolver, new CompanyResolver(companies)],
      [AccountResolver, new AccountResolver(accounts, new LoginService(platform), platform.keys)],
    ]);
    return buildFederatedSchema(
      { resolvers: [CompanyResolver, AccountResolver], container: { get: (cls: Function) => instances.get(cls) } },
      { Company: companyReferenceResolver(companies), Account: accountReferenceResolver(accounts) },
    );
  },
};
