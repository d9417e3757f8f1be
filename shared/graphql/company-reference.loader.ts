import type { RequestContext } from '../context/request.context';
import type { Company } from './company-reference.type';

/**
 * What a trip or station holds of its operator: the key. A type alias, so a field resolver's @Root('company') of
 * this type is passed as it is (type-graphql copies a root typed with a class into a new instance per call).
 */
export type CompanyKey = Pick<Company, 'uuid'>;

/** The company directory (admin's CompanyService): one answer per uuid, in order, null when unknown. */
export interface CompanyDirectory {
  findByUuids(uuids: readonly string[]): Promise<ReadonlyArray<Company | null>>;
}

/**
 * A trip's or station's operator with its display fields, from the process's company directory: every
 * reference of one request is one directory lookup (one query when the directory is not cached).
 * Null for a uuid the directory does not know, as admin's reference resolver answers it.
 */
export function loadCompany(req: RequestContext, directory: CompanyDirectory, uuid: string): Promise<Company | null> {
  return req.loader<string, Company | null>('company.display', (uuids) => directory.findByUuids(uuids)).load(uuid);
}
