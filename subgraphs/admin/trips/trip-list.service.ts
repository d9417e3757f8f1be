import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator } from '../../../shared/auth/roles.types';
import type { Queryable } from '../../../shared/database/transactor.port';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from '../../../shared/graphql/keyset-cursor.codec';
import { decodeTripId, tripReference, type TripKind } from '../../../shared/trips/trip-id.codec';
import type { TripRegistryRepository, TripRowFilter } from '../../../shared/trips/trip-registry.repository';

export const TRIP_PAGE_DEFAULT = 20;
export const TRIP_PAGE_MAX = 50;
const STATUS_PATTERN = /^[A-Z_]{1,32}$/;
const MAX_STATUSES = 16;

/** A trip as a list or node answers it: the gateway resolves the rest from the owning subgraph. */
export interface TripNode {
  __typename: string;
  id: string;
}

export interface TripPage {
  edges: Array<{ cursor: string; node: TripNode }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface TripPageRequest {
  first: number;
  after?: string | null;
  filter?: { kinds?: TripKind[]; statuses?: string[]; departureFrom?: string; departureTo?: string } | null;
}

/**
 * An account's trips across flight, train and bus, newest first, in keyset pages of the trip registry
 * (shared/trips); and node(id). Who may see what: an account its own trips, ADMIN and SUDO any account's.
 */
export class TripListService {
  constructor(
    private readonly db: Queryable,
    private readonly registry: TripRegistryRepository,
  ) {}

  async page(principal: Principal, accountId: string, request: TripPageRequest): Promise<TripPage> {
    if (principal.accountId !== accountId && !isAdministrator(principal.role)) throw PlatformException.forbidden();
    const limit = request.first;
    if (!Number.isInteger(limit) || limit < 1 || limit > TRIP_PAGE_MAX) throw PlatformException.badRequest(`first must be 1 to ${TRIP_PAGE_MAX}`);
    const beforeSeq = request.after ? decodeKeysetCursor('trip', request.after) : null;
    if (request.after && beforeSeq === null) throw PlatformException.badRequest('after is not a cursor of this list: pass a pageInfo.endCursor');
    const rows = await this.registry.page(this.db, accountId, checkedFilter(request.filter ?? {}), beforeSeq, limit + 1);
    return keysetPage(
      rows,
      limit,
      (r) => encodeKeysetCursor('trip', r.seq),
      (r) => tripReference(r.kind, r.bookingId),
    );
  }

  /** The trip of a global id, if the caller may see it; null otherwise (another account's trip is not told apart from none). */
  async node(principal: Principal, id: string): Promise<TripNode | null> {
    const reference = decodeTripId(id);
    if (!reference) return null;
    const owner = await this.registry.ownerOf(this.db, reference.kind, reference.bookingId);
    if (owner === null || (owner !== principal.accountId && !isAdministrator(principal.role))) return null;
    return tripReference(reference.kind, reference.bookingId);
  }
}

function checkedFilter(filter: NonNullable<TripPageRequest['filter']>): TripRowFilter {
  const { kinds, statuses, departureFrom, departureTo } = filter;
  if (kinds && kinds.length > 2) throw PlatformException.badRequest('filter.kinds takes at most 2 kinds');
  if (statuses && (statuses.length > MAX_STATUSES || statuses.some((s) => !STATUS_PATTERN.test(s)))) {
    throw PlatformException.badRequest(`filter.statuses takes at most ${MAX_STATUSES} statuses, each in capitals, e.g. ISSUED`);
  }
  if (departureFrom && departureTo && departureFrom > departureTo) throw PlatformException.badRequest('filter.departureFrom is after filter.departureTo');
  return { kinds, statuses, departureFrom, departureTo };
}
