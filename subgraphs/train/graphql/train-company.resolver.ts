import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import { CompanyDirectory, CompanyKey, loadCompany } from '../../../shared/graphql/company-reference.loader';
import { Company, StationPartner } from './train-station.type';
import { TransitAgency } from './train-search.type';

/** A train's operator, display fields included, from the company directory (one lookup per request). */
@Resolver(() => TransitAgency)
export class TransitAgencyResolver {
  constructor(private readonly companies: CompanyDirectory) {}

  @FieldResolver(() => Company)
  company(@Root('company') company: CompanyKey, @Ctx() { req }: GraphQLContext): Promise<Company | null> {
    return loadCompany(req, this.companies, company.uuid);
  }
}

/** A station partner's company, display fields included, from the company directory. */
@Resolver(() => StationPartner)
export class StationPartnerResolver {
  constructor(private readonly companies: CompanyDirectory) {}

  @FieldResolver(() => Company)
  company(@Root('company') company: CompanyKey, @Ctx() { req }: GraphQLContext): Promise<Company | null> {
    return loadCompany(req, this.companies, company.uuid);
  }
}
