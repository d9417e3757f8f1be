import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { BusSearchService } from '../search/bus-search.service';
import { BusSearchResult } from './bus-search.type';
import type { SearchRateLimiter } from '../../../shared/rate-limit/search-rate-limiter.service';

@Resolver()
export class BusSearchResolver {
  constructor(
    private readonly searchService: BusSearchService,
    private readonly searchRate: SearchRateLimiter,
  ) {}

  @Query(() => BusSearchResult, {
    description:
      'Bus trips from one stop to another on a local date (YYYY-MM-DD at from); connections through a hub when no route sells the pair. Requires a bearer token.',
  })
  async busSearch(
    @Arg('from', () => String, { description: 'Origin stop id (as in busStops)' })
    from: string,
    @Arg('to', () => String, { description: 'Destination stop id (as in busStops); not the origin' })
    to: string,
    @Arg('date', () => String, {
      description: 'Travel date YYYY-MM-DD, local at the origin (a String: a malformed date answers the coded error of the REST contract)',
    })
    date: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<BusSearchResult> {
    const principal = await req.principal();
    await this.searchRate.admit(principal.accountId);
    return this.searchService.search({ from, to, date }, req.currency);
  }
}
