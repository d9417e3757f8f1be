import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { makeLoopbackCertificate, trustedCertificate } from './test-tls';

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

function ownCertificate(dir: string): { key: Buffer; cert: Buffer; certFile: string } {
  const { keyFile, certFile } = makeLoopbackCertificate(dir);
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile };
}

/**
 * A real HTTPS receiver on loopback, the way an integrator's server would be: with a fresh self-signed certificate for
 * 127.0.0.1 that nothing trusts unless told to (NODE_EXTRA_CA_CERTS=<caFile> in a process started after), or `trusted`
 * with the run's certificate, which the stacks in the test processes verify.
 */
export async function startHttpsReceiver(handle: ReceiverHandler = () => 204, { trusted = false }: { trusted?: boolean } = {}): Promise<HttpsReceiver> {
  // Trusted: the run's certificate, which every test process trusts (test-tls.ts); else one nothing trusts.
  const dir = trusted ? null : mkdtempSync(path.join(os.tmpdir(), 'safiri-receiver-'));
  const tls = dir ? ownCertificate(dir) : trustedCertificate();
  const caFile = tls.certFile;
  const received: ReceivedRequest[] = [];
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
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
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
