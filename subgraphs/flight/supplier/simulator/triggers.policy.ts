import type { SupplierErrorCode, SupplierSearchCriteria } from '../flight-supplier.port';

/**
 * Sandbox triggers, documented in docs/sandbox.md. Booking-side triggers are traveler last names (any traveler,
 * case-insensitive, whole name); search-side triggers are departure dates on the sandbox route DAR–TKQ.
 */
export type LastNameTrigger =
  | 'PRICECHANGE'
  | 'PRICECHANGETWICE'
  | 'NOREPRICE'
  | 'REPRICELATER'
  | 'SOLDOUT'
  | 'RESFAIL'
  | 'NEEDSDOCS'
  | 'SLOWPNR'
  | 'TSTFAIL'
  | 'PARTIAL'
  | 'ISSUEFAIL'
  | 'ISSUETIMEOUT'
  | 'REFUNDPENDING'
  | 'CANCELFAIL';

export function hasTrigger(travelers: ReadonlyArray<{ lastName: string }>, trigger: LastNameTrigger): boolean {
  return travelers.some((t) => t.lastName.trim().toUpperCase() === trigger);
}

/** Either way round: a search between these two airports is the sandbox route for search failures. */
export const SANDBOX_ROUTE: readonly [string, string] = ['DAR', 'TKQ'];

export interface SearchFault {
  code: SupplierErrorCode;
  retryable: boolean;
  /** Only the first search with exactly these criteria fails; repeating it succeeds. */
  once: boolean;
  message: string;
}

/** Day of the month of departureDate → failure, on the sandbox route only. */
const FAULT_BY_DAY: Record<number, SearchFault> = {
  20: { code: 'SEARCH_UNAVAILABLE', retryable: true, once: true, message: 'Availability temporarily unavailable (fails once)' },
  24: { code: 'TIMEOUT', retryable: true, once: false, message: 'Availability request timed out' },
  25: { code: 'SEARCH_UNAVAILABLE', retryable: true, once: false, message: 'Availability temporarily unavailable' },
  26: { code: 'SEARCH_UNAVAILABLE', retryable: false, once: false, message: 'Availability not permitted for this office' },
  27: { code: 'INVALID_RESPONSE', retryable: false, once: false, message: 'Malformed availability response' },
  28: { code: 'CURRENCY_UNAVAILABLE', retryable: false, once: false, message: 'No fare filed in the ticketing currency' },
};

export function searchFault(c: SupplierSearchCriteria): SearchFault | null {
  const route = [c.origin, c.destination].sort().join('-');
  if (route !== [...SANDBOX_ROUTE].sort().join('-')) return null;
  return FAULT_BY_DAY[Number(c.departureDate.slice(8, 10))] ?? null;
}
