import { z } from 'zod';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { queryObject } from '../rest.contract';
import type { RestRequest, RestRoute } from '../rest-route.types';
import { TRIP, TripPageAnswer } from '../schemas/trip.schemas';

/*
 * GET /api/trips (OpenAPI `listTrips`): the caller's bookings across flight and train, newest first, as me.trips answers
 * them (ADMIN and SUDO: another account's with accountId, as account(id).trips). The filters are me.trips's, spelled for
 * a query string; the subgraph checks their values, so REST and GraphQL refuse the same input alike.
 */

const KINDS = ['FLIGHT', 'TRAIN'] as const;
const LOCAL_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' });
const QUERY = z
  .object({
    limit: z
      .string()
      .regex(/^(50|[1-4][0-9]|[1-9])$/, { error: 'must be an integer from 1 to 50' })
      .optional()
      .meta({ description: 'Page size: 1 to 50, default 20.', example: '20' }),
    after: z.string().max(64).optional().meta({ description: "A previous page's nextCursor; omitted starts at the newest." }),
    kind: z.enum(KINDS).optional().meta({ description: 'Only flights or only trains.' }),
    status: z
      .string()
      .max(300)
      .optional()
      .meta({ description: "Only these statuses, comma-separated, each the kind's own value (e.g. ISSUED,CANCELLED).", example: 'ISSUED' }),
    departureFrom: LOCAL_DATE.optional().meta({ description: 'First departure on or after this local date.' }),
    departureTo: LOCAL_DATE.optional().meta({ description: 'First departure on or before this local date.' }),
    accountId: z.uuid().optional().meta({ description: 'ADMIN and SUDO: the trips of this account.' }),
  })
  .meta({ id: 'TripListQuery' });

type Query = z.infer<typeof QUERY>;

function variables(query: Query) {
  const statuses = query.status
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const filter = {
    ...(query.kind ? { kinds: [query.kind] } : {}),
    ...(statuses?.length ? { statuses } : {}),
    ...(query.departureFrom ? { departureFrom: query.departureFrom } : {}),
    ...(query.departureTo ? { departureTo: query.departureTo } : {}),
  };
  return { first: query.limit ? Number(query.limit) : 20, after: query.after ?? null, filter, ...(query.accountId ? { accountId: query.accountId } : {}) };
}

const PAGE = `trips(first: $first, after: $after, filter: $filter) { edges { node { ${TRIP.selection} } } pageInfo { hasNextPage endCursor } }`;
const ARGS = '$first: Int, $after: String, $filter: TripFilter';

interface Page {
  edges: Array<{ node: Record<string, unknown> }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const list: RestRoute = {
  method: 'GET',
  path: '/api/trips',
  auth: true,
  operation: ({ query }: RestRequest) => {
    const parsed = QUERY.parse(queryObject(query));
    return parsed.accountId
      ? { query: `query AccountTrips(${ARGS}, $accountId: ID!) { account(id: $accountId) { ${PAGE} } }`, variables: variables(parsed) }
      : { query: `query MyTrips(${ARGS}) { me { ${PAGE} } }`, variables: variables(parsed) };
  },
  reply: (data: { me?: { trips: Page }; account?: { trips: Page } | null }) => {
    const owner = data.me ?? data.account;
    if (!owner) throw PlatformException.notFound('No account has this id');
    const { edges, pageInfo } = owner.trips;
    return {
      body: { data: edges.map((e) => e.node), nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null },
      headers: { 'cache-control': 'no-store' },
    };
  },
  contract: {
    summary: 'List my trips',
    description:
      "The caller's bookings across flight and train, newest first, a page at a time (an agent: the bookings it sold). The REST twin of me.trips; " +
      "ADMIN and SUDO read another account's with accountId.",
    tag: 'Tickets',
    operationId: 'listTrips',
    query: QUERY,
    responses: { 200: { description: 'One page; nextCursor reads the next.', schema: TripPageAnswer, headers: { 'cache-control': 'Always no-store.' } } },
    errors: {
      400: 'BAD_REQUEST: limit is not 1 to 50, after is not a cursor this list answered, or a filter is malformed (data.fields).',
      403: 'FORBIDDEN: accountId given by an account that is not ADMIN or SUDO.',
      404: 'NOT_FOUND: no account has this accountId.',
    },
  },
};

export const tripRoutes: RestRoute[] = [list];
