import type { Platform } from '../platform/platform';
import { CompanyService } from './company.service';

/**
 * One company directory per platform (process): one cache, one bus listener. The admin subgraph owns
 * the companies (its table and migration, its GraphQL type); train and bus read their operators'
 * display fields from the same directory, so it lives here rather than in any one subgraph.
 */
const directories = new WeakMap<Platform, CompanyService>();
export function companiesOf(platform: Platform): CompanyService {
  let companies = directories.get(platform);
  if (!companies) directories.set(platform, (companies = new CompanyService(platform.dataSource, platform.invalidations)));
  return companies;
}
