import { PlatformException } from '../../shared/errors/app-error.exception';

/** A JSON object: not null, not an array. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at `path` inside a JSON value, as `v?.a?.b` (or `v?.a?.[2]`) reads it: undefined once a step finds nothing to step into. */
export function valueAt(value: unknown, ...path: Array<string | number>): unknown {
  let v = value;
  for (const key of path) v = typeof key === 'number' ? (Array.isArray(v) ? v[key] : undefined) : isJsonObject(v) ? v[key] : undefined;
  return v;
}

/** A boolean query flag: absent is false; "true"/"false" in any case; anything else is a 400. */
export function booleanQuery(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  if (value === null) return false;
  const lower = value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false' || lower === '') return false;
  throw PlatformException.badRequest(`query parameter "${name}" must be true or false (got "${value}")`, { field: name });
}
