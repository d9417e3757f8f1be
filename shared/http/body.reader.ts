import type { IncomingMessage } from 'node:http';
import { AppError, PlatformErrorCode } from '../errors/app-error.exception';

/** Reads a request body up to a limit; a larger one is a 413, never a buffer of unbounded size. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): AppError {
  return new AppError(PlatformErrorCode.PAYLOAD_TOO_LARGE, 413, `The request body is larger than ${limit} bytes`);
}

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Parses a JSON body, answering 400 INVALID_JSON with the parser's reason when it is not JSON. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new AppError(PlatformErrorCode.INVALID_JSON, 400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
