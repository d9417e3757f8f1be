import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import { Company } from '../../../shared/graphql/company-reference.type';
import { CompanyDirectory, CompanyKey, loadCompany } from '../../../shared/graphql/company-reference.loader';
import { BusTrip } from './bus-trip.type';

/** A bus trip's operator, display fields included, from the company directory (one lookup per request). */
@Resolver(() => BusTrip)
export class BusTripCompanyResolver {
  constructor(private readonly companies: CompanyDirectory) {}

  @FieldResolver(() => Company)
  company(@Root('company') company: CompanyKey, @Ctx() { req }: GraphQLContext): Promise<Company | null> {
    return loadCompany(req, this.companies, company.uuid);
  }
}
