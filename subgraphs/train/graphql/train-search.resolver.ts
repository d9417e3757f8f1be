import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import type { TrainSearchService } from '../search/train-search.service';
import { TrainSearchResult } from './train-search.type';

@Resolver()
export class TrainSearchResolver {
  constructor(private readonly searchService: TrainSearchService) {}

  @Query(() => TrainSearchResult, { description: 'SGR trains between two stations on a date; lookAheadDays "1", "2" or "3" checks later dates when none run' })
  async trainSearch(
    @Arg('from', () => String, { nullable: true }) from: string | null,
    @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('date', () => String, { nullable: true }) date: string | null,
    @Arg('lookAheadDays', () => String, { nullable: true }) lookAheadDays: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainSearchResult> {
    const outcome = await this.searchService.search(await req.principal(), { from, to, date, lookAheadDays }, req.currency);
    return {
      meta: outcome.meta,
      data: outcome.data.map((t) => ({
        ...t,
        price: { ...t.price, otherCurrencies: Object.entries(t.price.otherCurrencies).map(([code, entry]) => ({ code, ...entry })) },
      })),
    } as TrainSearchResult;
  }
}
