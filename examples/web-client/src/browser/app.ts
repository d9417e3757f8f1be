/// <reference lib="dom" />
/**
 * The browser example (examples/web-client/web/index.html): log in over REST, then "My trips", the wallet statement and
 * a booking's live status, with Apollo Client for queries (typed by codegen) and graphql-sse for the stream. It may be
 * served from any origin: `?api=` names the gateway (default: the page's own origin). `npm run example:browser`
 * bundles it into web/app.js.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import type { Client } from 'graphql-sse';
import { MyTripsDocument, WalletStatementDocument } from '../browser-operations';
import type { MyTripsQuery, WalletStatementQuery } from '../gql/graphql';
import { liveClient, watchBooking } from './live-status';

const params = new URLSearchParams(location.search);
const api = (params.get('api') ?? location.origin).replace(/\/$/, '');
const pageSize = Number(params.get('pageSize') ?? '10');

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function cell(row: HTMLTableRowElement, text: string): HTMLTableCellElement {
  const td = row.insertCell();
  td.textContent = text;
  return td;
}

async function logIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${api}/api/logon`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await res.json()) as { token?: string; errorMessage?: string };
  if (!res.ok || !body.token) throw new Error(body.errorMessage ?? `login failed (${res.status})`);
  return body.token;
}

function apollo(token: string): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: `${api}/graphql`, headers: { authorization: `Bearer ${token}` } }),
    cache: new InMemoryCache({ possibleTypes: { Trip: ['FlightBooking', 'TrainBooking'], Node: ['FlightBooking', 'TrainBooking'] } }),
    // Sent as apollographql-client-name / -version: the gateway's CORS preflight allows them.
    clientAwareness: { name: 'safiri-web-example', version: '1.0.0' },
    defaultOptions: { query: { fetchPolicy: 'no-cache' } },
  });
}

type Trip = NonNullable<MyTripsQuery['me']['trips']>['edges'][number]['node'];

function showTrips(client: ApolloClient, live: Client): void {
  const body = byId<HTMLTableSectionElement>('trips-body');
  const more = byId<HTMLButtonElement>('trips-next');
  let after: string | null = null;
  const load = async () => {
    const { data } = await client.query({ query: MyTripsDocument, variables: { first: pageSize, after } });
    const trips = data!.me.trips;
    body.replaceChildren();
    for (const { node } of trips.edges) addTrip(body, node, live);
    after = trips.pageInfo.endCursor ?? null;
    more.hidden = !trips.pageInfo.hasNextPage;
  };
  more.onclick = () => void load().catch(showError);
  void load().catch(showError);
}

function addTrip(body: HTMLTableSectionElement, trip: Trip, live: Client): void {
  const row = body.insertRow();
  row.dataset.tripId = trip.id;
  row.className = 'trip';
  cell(row, trip.kind);
  cell(row, `${trip.from.name} → ${trip.to.name}`);
  cell(row, `${trip.departure.date} ${trip.departure.time}`);
  cell(row, trip.price ? `${trip.price.amount} ${trip.price.currency}` : '—');
  cell(row, trip.status).className = 'status';
  const watch = document.createElement('button');
  watch.textContent = 'Watch';
  watch.onclick = () => watchTrip(trip, live);
  row.insertCell().append(watch);
}

function watchTrip(trip: Trip, live: Client): void {
  const log = byId<HTMLOListElement>('live-log');
  byId('live-trip').textContent = `${trip.kind} ${trip.paymentReference}`;
  log.replaceChildren();
  watchBooking(
    live,
    trip.id,
    (update) => {
      const item = document.createElement('li');
      item.className = 'live-status';
      item.textContent = update.status;
      item.title = `${update.eventType ?? 'current state'} at ${update.occurredAt}`;
      log.append(item);
    },
    showError,
  );
}

type Entry = NonNullable<WalletStatementQuery['me']['wallet']>['entries']['edges'][number]['node'];

function showWallet(client: ApolloClient): void {
  const body = byId<HTMLTableSectionElement>('entries-body');
  const more = byId<HTMLButtonElement>('entries-next');
  let after: string | null = null;
  const load = async () => {
    const { data } = await client.query({ query: WalletStatementDocument, variables: { first: pageSize, after } });
    const wallet = data!.me.wallet;
    if (!wallet) {
      byId('wallet-summary').textContent = 'This account has no wallet.';
      return;
    }
    byId('wallet-summary').textContent = `Balance ${wallet.balance} ${wallet.currency} · available ${wallet.availableBalance} · spendable ${wallet.spendable}`;
    byId('wallet-balance').textContent = wallet.balance;
    for (const { node } of wallet.entries.edges) addEntry(body, node);
    after = wallet.entries.pageInfo.endCursor ?? null;
    more.hidden = !wallet.entries.pageInfo.hasNextPage;
  };
  more.onclick = () => void load().catch(showError);
  void load().catch(showError);
}

function addEntry(body: HTMLTableSectionElement, entry: Entry): void {
  const row = body.insertRow();
  row.className = 'entry';
  cell(row, entry.createdAt.slice(0, 19).replace('T', ' '));
  cell(row, entry.type);
  cell(row, entry.amount).className = 'amount';
  cell(row, entry.balanceAfter).className = 'balance-after';
  cell(row, entry.reason ?? '');
}

function showError(error: unknown): void {
  byId('error').textContent = error instanceof Error ? error.message : String(error);
}

byId<HTMLFormElement>('login').onsubmit = (event) => {
  event.preventDefault();
  const form = new FormData(event.target as HTMLFormElement);
  logIn(String(form.get('email')), String(form.get('password')))
    .then((token) => {
      byId('login').hidden = true;
      byId('app').hidden = false;
      const client = apollo(token);
      const live = liveClient(api, token);
      showTrips(client, live);
      showWallet(client);
    })
    .catch(showError);
};
