import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { FlightSearchOutcome, FlightSearchService } from '../search/flight-search.service';
import type { FlightSearchRequest } from '../../../shared/api-contract/flight-search.validator';
import type { RequestContext } from '../../../shared/context/request.context';
import { PreparedWork } from '../../../shared/http/answer-templates.cache';
import type { OfferReviewService } from '../offers/offer-review.service';
import type { SearchRateLimiter } from '../../../shared/rate-limit/search-rate-limiter.service';
import { FlightSearchInput, FlightSearchResult } from './flight-search.type';
import { OfferReviewType } from './booking-requirements.type';
import { toFlightOffer, toFoundFlightOffer } from './flight-offer.mapper';

@Resolver()
export class FlightSearchResolver {
  constructor(
    private readonly searchService: FlightSearchService,
    private readonly reviewService: OfferReviewService,
    private readonly searchRate: SearchRateLimiter,
  ) {}

  @Mutation(() => FlightSearchResult, {
    description: 'Searches offers and stores them for the caller, each with a user-bound offerReference (a mutation: every search creates offers)',
  })
  async searchFlights(
    @Arg('input', () => FlightSearchInput, { description: 'The search request' }) input: FlightSearchInput,
    @Ctx() { req, prepared }: GraphQLContext,
  ): Promise<FlightSearchResult> {
    // A search done before Apollo ran (search-answers.builder.ts) is taken up, never done twice.
    const done = prepared instanceof PreparedWork ? (prepared as PreparedWork<FlightSearchOutcome>) : undefined;
    const outcome = done?.take() ?? (await this.search(input, req));
    if (done) done.work = outcome;
    return { meta: outcome.meta, data: outcome.data.map(toFoundFlightOffer) };
  }

  /** One search for the caller: token, rate limit, then the search (also what its answer templates run before Apollo). */
  async search(input: FlightSearchRequest, req: RequestContext): Promise<FlightSearchOutcome> {
    const principal = await req.principal();
    await this.searchRate.admit(principal.accountId);
    return this.searchService.search(principal, input, req.currency);
  }

  @Query(() => OfferReviewType, { description: "Reviews one of the caller's offers with its booking requirements; repeatable while valid" })
  async reviewFlightOffer(
    @Arg('offerReference', () => ID, { description: 'FlightOffer.offerReference of an offer the caller searched (a uuid)' })
    offerReference: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<OfferReviewType> {
    const review = await this.reviewService.review(await req.principal(), offerReference);
    return { ...review, flightOffer: toFlightOffer(review.flightOffer) };
  }
}
