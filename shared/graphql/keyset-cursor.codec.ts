/**
 * Opaque cursors of keyset pages: base64url of `<kind>:<position>`, where the position is the row's increasing key
 * (a `seq` or an auto-increment id), so a page costs the same at any depth. Only the canonical spelling decodes, and a
 * cursor of one list is not one of another.
 */
export function encodeKeysetCursor(kind: string, position: string): string {
  return Buffer.from(`${kind}:${position}`, 'utf8').toString('base64url');
}

/** The position of a cursor of `kind`, or null when it is not one (too long, another list's, not canonical). */
export function decodeKeysetCursor(kind: string, cursor: string): string | null {
  if (cursor.length > 64) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const position = text.startsWith(`${kind}:`) ? text.slice(kind.length + 1) : '';
  return /^[1-9]\d{0,18}$/.test(position) && encodeKeysetCursor(kind, position) === cursor ? position : null;
}

/** A Relay page of `limit` nodes out of `rows` (read one more than `limit`, to know whether another page follows). */
export function keysetPage<Row, Node>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => string,
  nodeOf: (row: Row) => Node,
): { edges: Array<{ cursor: string; node: Node }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } {
  const edges = rows.slice(0, limit).map((row) => ({ cursor: cursorOf(row), node: nodeOf(row) }));
  return { edges, pageInfo: { hasNextPage: rows.length > limit, endCursor: edges.length ? edges[edges.length - 1].cursor : null } };
}
