import type { ClassType } from 'type-graphql';
import { buildFederatedSchema } from '../../shared/federation/federated-schema.builder';
import type { ModulePlatform, SubgraphModule } from '../subgraph-module.port';
import { CompanyEntity } from '../../shared/companies/company.entity';
import { Company1763800000100 } from './migrations/1763800000100-company';
import { seedCompanies } from './seed/company.seed';
import { COMPANIES_TOPIC } from '../../shared/companies/company.service';
import { companiesOf } from '../../shared/companies/company-directory.factory';
import { LoginService } from './services/login.service';
import { CompanyResolver, companyReferenceResolver } from './graphql/company.resolver';
import { AccountResolver, accountReferenceResolver } from './graphql/account.resolver';
import { TripResolver } from './graphql/trip.resolver';
import { WalletResolver } from './graphql/wallet.resolver';
import { FlightBookingReference, TrainBookingReference, tripTypeResolvers } from './graphql/trip.type';
import { TripListService } from './trips/trip-list.service';
import { TripRegistryRepository } from '../../shared/trips/trip-registry.repository';
import { NotificationLogPageResolver, NotificationLogResolver } from './graphql/notification-log.resolver';
import { NotificationLogService } from '../../shared/notifications/notification-log.service';
import { AccountRepository } from '../../shared/auth/account.repository';
import { accountNotificationSource } from './notifications/account-notification.source';
import { ReverseProxyResolver } from './graphql/reverse-proxy.resolver';
import { createReverseProxyService } from './reverse-proxy/reverse-proxy.wiring';
import { createAccountService, createWalletStatementService } from './admin.wiring';
import { WebhookEndpointResolver } from './graphql/webhook-endpoint.resolver';
import { createWebhookEndpointService } from './webhooks.wiring';

/** The settings admin reads: login throttling and the prefix of its keys, its requester's, the reverse proxy's, the webhooks'. */
type AdminPlatform = ModulePlatform<'login' | 'queuePrefix' | 'notifications' | 'reverseProxy' | 'webhooks'>;

export const adminModule: SubgraphModule = {
  name: 'admin',
  database: { entities: [CompanyEntity], migrations: [Company1763800000100] },
  // The directory any signed-in caller reads (GET /api/companies); every change goes through CompanyService, which publishes.
  // Company references from other subgraphs (a station's partners) resolve from the same directory, to any caller: see companyReferenceResolver.
  // Kept answers are shared by all callers, so a Company field whose value depends on the caller would take this entry out.
  referenceFields: [
    { field: 'companies', topic: COMPANIES_TOPIC, access: 'signed-in' },
    { field: '_entities', topic: COMPANIES_TOPIC, access: 'public', entityTypes: ['Company'] },
  ],
  async seed(platform: AdminPlatform) {
    const seeded = await seedCompanies(platform.dataSource);
    // Processes already running (a rolling start) reload the directory the seed may have changed.
    await platform.invalidations.publish(COMPANIES_TOPIC);
    return { companies: seeded };
  },
  async prepare(platform: AdminPlatform) {
    await createReverseProxyService(platform, companiesOf(platform)).prepare();
  },
  notificationSources(platform: AdminPlatform) {
    return [accountNotificationSource(platform.dataSource)];
  },
  buildSchema(platform: AdminPlatform) {
    const companies = companiesOf(platform);
    const accountRows = new AccountRepository(platform.dataSource);
    const accounts = createAccountService(platform, accountRows);
    // The trip list, wallet statement and webhook lists may lag a little: the read replica when there is one, else the main pool as before.
    const listReads = platform.replica?.dataSource(platform.dataSource) ?? platform.dataSource;
    const instances = new Map<ClassType, object>([
      [CompanyResolver, new CompanyResolver(companies)],
      [AccountResolver, new AccountResolver(accounts, new LoginService(platform, accountRows), platform.keys)],
      // The log is read through the broad-read pool (or the read replica): a slow page never holds a connection booking needs.
      [NotificationLogResolver, new NotificationLogResolver(new NotificationLogService(platform.lagTolerantReads))],
      [NotificationLogPageResolver, new NotificationLogPageResolver()],
      [ReverseProxyResolver, new ReverseProxyResolver(createReverseProxyService(platform, companies))],
      [WebhookEndpointResolver, new WebhookEndpointResolver(createWebhookEndpointService(platform, listReads))],
      [TripResolver, new TripResolver(new TripListService(listReads, new TripRegistryRepository()))],
      [
        WalletResolver,
        new WalletResolver(createWalletStatementService({ dataSource: platform.dataSource, ledger: platform.ledger, lagTolerantReads: listReads })),
      ],
    ]);
    return buildFederatedSchema(
      {
        resolvers: [
          CompanyResolver,
          AccountResolver,
          NotificationLogResolver,
          NotificationLogPageResolver,
          ReverseProxyResolver,
          WebhookEndpointResolver,
          TripResolver,
          WalletResolver,
        ],
        // A trip list answers these types by id; their fields come from the flight and train subgraphs.
        orphanedTypes: [FlightBookingReference, TrainBookingReference],
        container: { get: (cls: ClassType) => instances.get(cls) },
      },
      { Company: companyReferenceResolver(companies), Account: accountReferenceResolver(accounts), ...tripTypeResolvers },
    );
  },
};
