import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import { CompanyEntity } from '../entities/company.entity';
import { CompanyService } from '../services/company.service';
import { Company, CompanyType } from './company.type';

export function toCompany(entity: CompanyEntity): Company {
  return { ...entity, companyType: (entity.companyType as CompanyType | null) ?? null };
}

@Resolver(() => Company)
export class CompanyResolver {
  constructor(private readonly companyService: CompanyService) {}

  @Query(() => [Company], { description: 'Every company, by name. Requires a bearer token.' })
  async companies(@Ctx() { req }: GraphQLContext): Promise<Company[]> {
    await req.principal();
    return (await this.companyService.list()).map(toCompany);
  }

  @Query(() => Company, { nullable: true, description: 'One company by uuid. Requires a bearer token.' })
  async company(@Arg('uuid', () => ID, { description: 'The company uuid' }) uuid: string, @Ctx() { req }: GraphQLContext): Promise<Company | null> {
    await req.principal();
    const entity = await this.companyService.findByUuid(uuid);
    return entity ? toCompany(entity) : null;
  }
}

/** Resolves Company references from other subgraphs (a trip's operator, a station's partner). */
export function companyReferenceResolver(companies: CompanyService) {
  return {
    __resolveReference: async (reference: { uuid: string }) => {
      const entity = await companies.findByUuid(reference.uuid);
      return entity ? toCompany(entity) : null;
    },
  };
}
