import type { IncomingHttpHeaders } from 'node:http';
import type { TemplatedField } from '../../../shared/http/answer-templates.cache';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import type { RequestContext } from '../../../shared/context/request.context';
import type { FlightSearchOutcome } from './flight-search.service';
import type { FlightSearchRequest } from '../../../shared/api-contract/flight-search.validator';

/**
 * searchFlights answered from templates (shared/http/answer-templates.cache.ts). Two searches that show the same offers
 * of the same priced answer (one supplier answer priced for one display currency, pricing context, wallet currency
 * and set of rates: one offer snapshot, whose views never change) with the same meta answer the same bytes but
 * for each offer's reference and the search's expiry. Every search still stores its offers under fresh references.
 */
export function flightSearchAnswers(
  search: (input: FlightSearchRequest, req: RequestContext) => Promise<FlightSearchOutcome>,
  contextOf: (headers: IncomingHttpHeaders) => RequestContext,
): TemplatedField<FlightSearchOutcome> {
  return {
    operation: 'mutation',
    field: 'searchFlights',
    run: (args, headers) => search(args.input as FlightSearchRequest, contextOf(headers)),
    key: (outcome) => `${outcome.shown}\u0000${JSON.stringify(outcome.meta)}`,
    values: (outcome) => {
      if (outcome.data.length === 0) return [];
      // One expiry for every offer of a search (offer.store.ts); a template needs it to be so.
      const expiresAt = outcome.data[0].expiresAt.getTime();
      if (outcome.data.some((offer) => offer.expiresAt.getTime() !== expiresAt)) return [''];
      return [JSON.stringify(DateTimeScalar.serialize(outcome.data[0].expiresAt)), ...outcome.data.map((offer) => JSON.stringify(offer.offerReference))];
    },
  };
}
