/** The configuration list's page cursor. */

export interface ListCursor {
  revision: string;
  file: string;
}

/** Opaque to clients: the revision a walk started at and the last file of the page, as base64url JSON. */
export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.revision, cursor.file])).toString('base64url');
}

export function decodeListCursor(text: string): ListCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string')
      return { revision: value[0], file: value[1] };
  } catch {
    // not JSON: not one of ours
  }
  return null;
}
