import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { TrainDetailsService } from '../details/train-details.service';
import type { TrainOtherCurrency } from '../pricing/train-pricing.calculator';
import { TrainDetailsResult, TrainTripRefInput } from './train-details.type';

/** GraphQL lists otherCurrencies with their code (REST keys them back by code). */
const currencyList = (map: Record<string, TrainOtherCurrency>) => Object.entries(map).map(([code, entry]) => ({ code, ...entry }));

@Resolver()
export class TrainDetailsResolver {
  constructor(private readonly detailsService: TrainDetailsService) {}

  @Query(() => TrainDetailsResult, {
    description: 'Seat maps, car prices and booking requirements of a selected train, reloaded from the provider from its identifiers only',
  })
  async trainDetails(
    @Arg('trip', () => TrainTripRefInput, { description: 'The identifiers of the selected search item' }) trip: TrainTripRefInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<TrainDetailsResult> {
    const { meta, data } = await this.detailsService.details(await req.principal(), trip, req.currency);
    return {
      meta,
      data: {
        ...data,
        price: { ...data.price, otherCurrencies: currencyList(data.price.otherCurrencies) },
        train: {
          ...data.train,
          cars: data.train.cars.map((c) => ({ ...c, prices: c.prices.map((p) => ({ ...p, otherCurrencies: currencyList(p.otherCurrencies) })) })),
        },
      },
    } as TrainDetailsResult;
  }
}
