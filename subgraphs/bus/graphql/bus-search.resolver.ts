import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import type { BusSearchService } from '../search/bus-search.service';
import { BusSearchResult } from './bus-search.type';

@Resolver()
export class BusSearchResolver {
  constructor(private readonly searchService: BusSearchService) {}

  @Query(() => BusSearchResult, {
    description:
      'Bus trips from one stop to another on a local date (YYYY-MM-DD at from); connections through a hub when no route sells the pair. Requires a bearer token.',
  })
  async busSearch(
    // Nullable so that a missing value gets the coded 400 of the REST contract, not a GraphQL validation error.
    @Arg('from', () => String, {
      nullable: true,
      description: 'Origin stop id (as in busStops). Required: when missing the query answers an error with a REST error code, so it stays nullable',
    })
    from: string | null,
    @Arg('to', () => String, {
      nullable: true,
      description: 'Destination stop id (as in busStops). Required: when missing the query answers an error with a REST error code, so it stays nullable',
    })
    to: string | null,
    @Arg('date', () => String, {
      nullable: true,
      description:
        'Travel date YYYY-MM-DD, local at the origin. Required: when missing or malformed the query answers an error with a REST error code, so it stays a nullable String',
    })
    date: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<BusSearchResult> {
    await req.principal();
    return this.searchService.search({ from, to, date }, req.currency);
  }
}
