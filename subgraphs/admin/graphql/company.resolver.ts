import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import { CompanyEntity } from '../../../shared/companies/company.entity';
import { CompanyService } from '../../../shared/companies/company.service';
import { Company, COMPANY_PAGE_MAX, CompanyPage, CompanyPageArgs, CompanyType } from './company.type';

export function toCompany(entity: CompanyEntity): Company {
  return { ...entity, companyType: (entity.companyType as CompanyType | null) ?? null };
}

@Resolver(() => Company)
export class CompanyResolver {
  constructor(private readonly companyService: CompanyService) {}

  @Query(() => [Company], {
    description: 'Every company, by name, in one list (GET /api/companies answers it). Requires a bearer token. companyPage answers the same list in pages.',
  })
  async companies(@Ctx() { req }: GraphQLContext): Promise<Company[]> {
    await req.principal();
    return (await this.companyService.list()).map(toCompany);
  }

  @Query(() => CompanyPage, { description: 'The companies by name, one page at a time (first, after). Requires a bearer token.' })
  async companyPage(@Args() { first, after }: CompanyPageArgs, @Ctx() { req }: GraphQLContext): Promise<CompanyPage> {
    await req.principal();
    if (!Number.isInteger(first) || first < 1 || first > COMPANY_PAGE_MAX) {
      throw PlatformException.badRequest(`first must be from 1 to ${COMPANY_PAGE_MAX}`, { field: 'first' });
    }
    const all = await this.companyService.list();
    let start = 0;
    if (after != null) {
      const uuid = Buffer.from(after, 'base64url').toString();
      const index = all.findIndex((c) => c.uuid === uuid);
      if (index < 0) throw PlatformException.badRequest('after is not a cursor this query answered', { field: 'after' });
      start = index + 1;
    }
    const page = all.slice(start, start + first);
    const more = start + first < all.length;
    return { companies: page.map(toCompany), nextCursor: more && page.length > 0 ? Buffer.from(page[page.length - 1].uuid).toString('base64url') : null };
  }

  @Query(() => Company, { nullable: true, description: 'One company by uuid. Requires a bearer token.' })
  async company(@Arg('uuid', () => ID, { description: 'The company uuid' }) uuid: string, @Ctx() { req }: GraphQLContext): Promise<Company | null> {
    await req.principal();
    const entity = await this.companyService.findByUuid(uuid);
    return entity ? toCompany(entity) : null;
  }
}

/**
 * Resolves Company references from other subgraphs (a trip's operator, a station's partner): the references of
 * one request are batched into one directory lookup (one query when the directory is not cached).
 */
export function companyReferenceResolver(companies: CompanyService) {
  return {
    __resolveReference: async (reference: { uuid: string }, { req }: GraphQLContext) => {
      const entity = await req.loader<string, CompanyEntity | null>('admin.company', (uuids) => companies.findByUuids(uuids)).load(reference.uuid);
      return entity ? toCompany(entity) : null;
    },
  };
}
