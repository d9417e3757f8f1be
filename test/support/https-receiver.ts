import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One request as the receiver got it: the raw body (what the signature covers) and its headers. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
}

export interface HttpsReceiver {
  /** https://127.0.0.1:<port> */
  url: string;
  /** The PEM of its self-signed certificate: a process trusts it through NODE_EXTRA_CA_CERTS=<caFile>. */
  caFile: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Answers a request: a status, or nothing (the handler keeps the response open). */
export type ReceiverHandler = (request: ReceivedRequest, res: ServerResponse) => number | null;

/**
 * A real HTTPS receiver on loopback with a fresh self-signed certificate for 127.0.0.1 (made by the openssl CLI), the
 * way an integrator's server would be: nothing trusts it unless told to.
 */
export async function startHttpsReceiver(handle: ReceiverHandler = () => 204): Promise<HttpsReceiver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-receiver-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ],
    { stdio: 'ignore' },
  );
  const received: ReceivedRequest[] = [];
  const server = https.createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
    let rawBody = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (rawBody += chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, rawBody };
      received.push(request);
      const status = handle(request, res);
      if (status !== null) res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
