import { z } from 'zod';
import { WalletException } from '../../../shared/wallet/wallet-ledger.service';
import { queryObject } from '../rest.contract';
import type { RestRequest, RestRoute } from '../rest-route.types';
import { WALLET_ENTRY, WALLET_HOLD, WALLET_SUMMARY_FIELDS, WalletAnswer, WalletEntryPage } from '../schemas/wallet.schemas';

/*
 * GET /api/wallet and GET /api/wallet/entries (OpenAPI `getWallet`, `listWalletEntries`): the caller's agent wallet and
 * its statement, as me.wallet answers them. An account without a wallet (a customer) gets 404 WALLET_NOT_FOUND.
 */

const NO_STORE = { 'cache-control': 'no-store' };
const INSTANT = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-01T00:00:00+03:00' });
const ENTRIES_QUERY = z
  .object({
    limit: z
      .string()
      .regex(/^(100|[1-9][0-9]?)$/, { error: 'must be an integer from 1 to 100' })
      .optional()
      .meta({ description: 'Page size: 1 to 100, default 20.', example: '20' }),
    after: z.string().max(64).optional().meta({ description: "A previous page's nextCursor; omitted starts at the newest." }),
    direction: z.enum(['CREDIT', 'DEBIT']).optional().meta({ description: 'Only credits or only debits.' }),
    createdFrom: INSTANT.optional().meta({ description: 'Posted at or after this instant.' }),
    createdBefore: INSTANT.optional().meta({ description: 'Posted before this instant.' }),
  })
  .meta({ id: 'WalletEntriesQuery' });

function walletOf(data: { me: { wallet: Record<string, unknown> | null } }): Record<string, unknown> {
  if (!data.me.wallet) throw WalletException.noWalletForAccount();
  return data.me.wallet;
}

const NO_WALLET = 'WALLET_NOT_FOUND: the account has no wallet (only agent accounts have one).';

const summary: RestRoute = {
  method: 'GET',
  path: '/api/wallet',
  auth: true,
  operation: () => ({ query: `query MyWallet { me { wallet { ${WALLET_SUMMARY_FIELDS} holds { ${WALLET_HOLD.selection} } } } }`, variables: {} }),
  reply: (data: { me: { wallet: Record<string, unknown> | null } }) => ({ body: walletOf(data), headers: NO_STORE }),
  contract: {
    summary: 'Read my wallet',
    description: "The caller's agent wallet: balance, the open holds (admitted bookings whose debit is still to come), availableBalance and spendable.",
    tag: 'Tickets',
    operationId: 'getWallet',
    responses: { 200: { description: 'The wallet.', schema: WalletAnswer, headers: { 'cache-control': 'Always no-store.' } } },
    errors: { 404: NO_WALLET },
  },
};

const entries: RestRoute = {
  method: 'GET',
  path: '/api/wallet/entries',
  auth: true,
  operation: ({ query }: RestRequest) => {
    const q = ENTRIES_QUERY.parse(queryObject(query));
    const filter = {
      ...(q.direction ? { direction: q.direction } : {}),
      ...(q.createdFrom ? { createdFrom: q.createdFrom } : {}),
      ...(q.createdBefore ? { createdBefore: q.createdBefore } : {}),
    };
    return {
      query: `query MyWalletEntries($first: Int, $after: String, $filter: WalletEntryFilter) { me { wallet {
        entries(first: $first, after: $after, filter: $filter) { edges { node { ${WALLET_ENTRY.selection} } } pageInfo { hasNextPage endCursor } } } } }`,
      variables: { first: q.limit ? Number(q.limit) : 20, after: q.after ?? null, filter },
    };
  },
  reply: (data: { me: { wallet: Record<string, unknown> | null } }) => {
    const { edges, pageInfo } = walletOf(data).entries as {
      edges: Array<{ node: Record<string, unknown> }>;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
    return { body: { data: edges.map((e) => e.node), nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null }, headers: NO_STORE };
  },
  contract: {
    summary: 'List my wallet entries',
    description: "The caller's wallet statement, newest entry first, a page at a time: each entry signed, with the balance after it.",
    tag: 'Tickets',
    operationId: 'listWalletEntries',
    query: ENTRIES_QUERY,
    responses: { 200: { description: 'One page; nextCursor reads the next.', schema: WalletEntryPage, headers: { 'cache-control': 'Always no-store.' } } },
    errors: { 400: 'BAD_REQUEST: limit is not 1 to 100, after is not a cursor this list answered, or a filter is malformed (data.fields).', 404: NO_WALLET },
  },
};

export const walletRoutes: RestRoute[] = [summary, entries];
