import type { DataSource } from 'typeorm';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { CompanyService } from './company.service';

/**
 * What the directory is built from: the process's data source and the bus that empties its cache. The object itself
 * is the key (roots pass their Platform), as printing the schema builds the resolvers from one with only its config.
 */
export interface CompanyDirectorySource {
  dataSource: DataSource;
  invalidations: InvalidationBus;
}

/**
 * One company directory per source (so per process): one cache, one bus listener. The admin subgraph owns
 * the companies (its table and migration, its GraphQL type); train and bus read their operators'
 * display fields from the same directory, so it lives here rather than in any one subgraph.
 */
const directories = new WeakMap<CompanyDirectorySource, CompanyService>();
export function companiesOf(source: CompanyDirectorySource): CompanyService {
  let companies = directories.get(source);
  if (!companies) directories.set(source, (companies = new CompanyService(source.dataSource, source.invalidations)));
  return companies;
}
