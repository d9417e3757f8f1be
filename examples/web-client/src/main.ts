/**
 * A typed client of the Safiri API: logs in over REST, then searches SGR trains and flights through
 * the gateway with Apollo Client. The operations' result and variable types are generated from the
 * schema (npm run example:build), so an incompatible schema change fails the type-check here.
 *
 *   SAFIRI_URL=http://localhost:4000 SAFIRI_EMAIL=agent@example.co.tz SAFIRI_PASSWORD='correct horse battery' \
 *     node dist/examples/web-client/src/main.js
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import type { SearchFlightsMutation, TrainSearchQuery } from './gql/graphql';
import { SearchFlightsDocument, TrainSearchDocument } from './operations';

interface Settings {
  baseUrl: string;
  email: string;
  password: string;
}

function settingsFromEnv(env: NodeJS.ProcessEnv): Settings {
  const { SAFIRI_EMAIL: email, SAFIRI_PASSWORD: password } = env;
  if (!email || !password) throw new Error('set SAFIRI_EMAIL and SAFIRI_PASSWORD (an account made with npm run accounts -- create)');
  return { baseUrl: (env.SAFIRI_URL ?? 'http://localhost:4000').replace(/\/$/, ''), email, password };
}

/** POST /api/logon answers { token } (an RS256 JWT) for the account's email and password. */
async function logIn({ baseUrl, email, password }: Settings): Promise<string> {
  const res = await fetch(`${baseUrl}/api/logon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; errorMessage?: string };
  if (!res.ok || !body.token) throw new Error(`login failed (${res.status}): ${body.errorMessage ?? 'no token'}`);
  return body.token;
}

/** A calendar date `days` from today, YYYY-MM-DD. */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function describeTrain(trip: TrainSearchQuery['trainSearch']['data'][number]): string {
  const { trip: run, departure, arrival, price } = trip;
  return `train ${run.number} ${run.name}: ${departure.stop.stopName} ${departure.dateTime} -> ${arrival.stop.stopName} ${arrival.dateTime}, ${price.grandTotal} ${price.currency}`;
}

function describeOffer(offer: SearchFlightsMutation['searchFlights']['data'][number]): string {
  const legs = offer.itineraries.flatMap((itinerary) =>
    itinerary.segments.map((s) => `${s.carrierCode}${s.number} ${s.departure.iataCode} ${s.departure.at} -> ${s.arrival.iataCode} ${s.arrival.at}`),
  );
  return `flight ${offer.offerReference}: ${legs.join(', ')}, ${offer.price.grandTotal} ${offer.price.currency}`;
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const settings = settingsFromEnv(env);
  const token = await logIn(settings);
  const client = new ApolloClient({
    link: new HttpLink({ uri: `${settings.baseUrl}/graphql`, headers: { authorization: `Bearer ${token}` } }),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' }, mutate: { fetchPolicy: 'no-cache' } },
  });

  const trains = await client.query({
    query: TrainSearchDocument,
    variables: { from: 'DAR:SGR:0', to: 'DOD:SGR:0', date: daysFromToday(10), lookAheadDays: '2' },
  });
  if (!trains.data) throw new Error('trainSearch answered no data');
  for (const trip of trains.data.trainSearch.data) console.log(describeTrain(trip));

  const flights = await client.mutate({
    mutation: SearchFlightsDocument,
    variables: { input: { originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysFromToday(30), adults: 1 } },
  });
  if (!flights.data) throw new Error('searchFlights answered no data');
  for (const offer of flights.data.searchFlights.data) console.log(describeOffer(offer));

  // One machine-readable line last, for scripts (and the example's own test).
  console.log(JSON.stringify({ trains: trains.data.trainSearch.meta.count, flights: flights.data.searchFlights.meta.count }));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
