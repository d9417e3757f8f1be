import type { ServerResponse } from 'node:http';
import type { ErrorBody } from '../errors/app-error.exception';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** A binary body (a PDF) sent as-is; the headers give its content type. */
export function sendBytes(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/octet-stream',
    'content-length': body.length,
    ...headers,
  });
  res.end(body);
}

/** 204: headers only; HTTP forbids a body. */
export function sendNoContent(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(204, headers);
  res.end();
}

export function sendError(res: ServerResponse, body: ErrorBody, headers: Record<string, string> = {}): void {
  sendJson(res, body.status, body, headers);
}
