import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainSearchService } from '../search/train-search.service';
import { TrainSearchResult } from './train-search.type';
import type { TrainPrice } from '../pricing/train-pricing.calculator';
import type { SearchRateLimiter } from '../../../shared/rate-limit/search-rate-limiter.service';

@Resolver()
export class TrainSearchResolver {
  constructor(
    private readonly searchService: TrainSearchService,
    private readonly searchRate: SearchRateLimiter,
  ) {}

  @Query(() => TrainSearchResult, { description: 'SGR trains between two stations on a date; lookAheadDays "1", "2" or "3" checks later dates when none run' })
  async trainSearch(
    @Arg('from', () => String, { description: 'Departure stopId, form <STATION>:SGR:0, exactly as trainStations lists it' }) from: string,
    @Arg('to', () => String, { description: 'Arrival stopId, form <STATION>:SGR:0; must differ from `from`' }) to: string,
    @Arg('date', () => String, {
      description:
        'Travel date YYYY-MM-DD in the railway calendar (East Africa Time). A String rather than LocalDate: a malformed date is answered BAD_REQUEST by the service',
    })
    date: string,
    @Arg('lookAheadDays', () => String, {
      nullable: true,
      description:
        'Exactly "1", "2" or "3": how many later dates to check when the requested one has no train; null: none. A String because REST documents these digits',
    })
    lookAheadDays: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainSearchResult> {
    const principal = await req.principal();
    await this.searchRate.admit(principal.accountId);
    const outcome = await this.searchService.search(principal, { from, to, date, lookAheadDays }, req.currency);
    // Trains sharing a fare share one price object: each is listed once.
    const listed = new Map<TrainPrice, unknown>();
    const listedPrice = (price: TrainPrice) => {
      let entry = listed.get(price);
      if (!entry) {
        entry = { ...price, otherCurrencies: Object.entries(price.otherCurrencies).map(([code, entry]) => ({ code, ...entry })) };
        listed.set(price, entry);
      }
      return entry;
    };
    return { meta: outcome.meta, data: outcome.data.map((t) => ({ ...t, price: listedPrice(t.price) })) } as unknown as TrainSearchResult;
  }
}
