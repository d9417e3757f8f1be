/**
 * An If-Match value (RFC 9110 §13.1.1) against a revision: `*`, or one or more entity tags.
 * Revisions are strong validators, so weak tags (W/"…") never match. A bare commit id is taken
 * too, for GraphQL clients that pass the revision itself.
 */
export function ifMatchSatisfied(ifMatch: string, currentRevision: string): boolean {
  const entries = ifMatch
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.some((entry) => {
    if (entry === '*') return true;
    if (entry.startsWith('W/')) return false;
    const tag = /^"(.*)"$/.exec(entry)?.[1] ?? entry;
    return tag === currentRevision;
  });
}

/** The strong ETag of a revision. */
export function etagOf(revision: string): string {
  return `"${revision}"`;
}
