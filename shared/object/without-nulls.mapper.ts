/**
 * A deep copy of a JSON value without its null (and undefined) members, as a REST route's `reply` drops them
 * (gateway/rest/routes/flight.routes.ts `withoutNulls`): list items stay, nulls inside objects go. Dates become their
 * ISO text, as an answer's JSON has them. For subgraph code that must give the REST form of an answer (webhook
 * event data) without importing the gateway.
 */
export function withoutNullsDeep(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutNullsDeep);
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== null && member !== undefined) copy[key] = withoutNullsDeep(member);
  return copy;
}
