import http from 'node:http';
import https from 'node:https';
import type { RemoteGraphQLDataSource } from '@apollo/gateway';
import { currentScope } from '../../shared/context/request-scope.state';

type Fetcher = RemoteGraphQLDataSource['fetcher'];
type FetcherResponse = Awaited<ReturnType<Fetcher>>;

/**
 * Subgraph calls keep their connections open and reuse them. Unbounded sockets as before
 * (make-fetch-happen's maxSockets: Infinity): the gateway's own concurrency bounds them.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000 }),
  'https:': new https.Agent({ keepAlive: true, keepAliveMsecs: 1_000 }),
};

/**
 * A request with this header (taken off before it is sent) hands back a successful answer unparsed:
 * its "parsed" body is `{ [ANSWER_BYTES]: <the bytes> }` (RemoteGraphQLDataSource passes the body's
 * members on in its response). Only for an answer that starts as one with data and no errors (Apollo
 * Server writes errors first); anything else is parsed as always. See direct-fetch.service.ts. A header rather
 * than an AsyncLocalStorage: one more store would cost every promise of the gateway a little.
 */
export const UNPARSED_ANSWER_HEADER = 'x-gateway-unparsed-answer';
export const ANSWER_BYTES = Symbol('the subgraph answer, unparsed');

const DATA_START = Buffer.from('{"data":');

/** A subgraph's answer, read whole (the gateway parses it whole anyway). */
class SubgraphResponse implements FetcherResponse {
  bodyUsed = false;
  readonly redirected = false;
  readonly ok: boolean;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    private readonly body: Buffer,
    private readonly unparsed = false,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return this.body.toString('utf8');
  }

  async json(): Promise<unknown> {
    if (this.unparsed && this.ok && this.body.subarray(0, DATA_START.length).equals(DATA_START)) {
      this.bodyUsed = true;
      return { [ANSWER_BYTES]: this.body };
    }
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.bodyUsed = true;
    return this.body.buffer.slice(this.body.byteOffset, this.body.byteOffset + this.body.byteLength) as ArrayBuffer;
  }

  clone(): SubgraphResponse {
    return new SubgraphResponse(this.url, this.status, this.statusText, new Headers(this.headers), this.body, this.unparsed);
  }
}

/**
 * How the gateway calls its subgraphs: one node:http request on a keep-alive agent, the answer
 * read into one buffer. RemoteGraphQLDataSource's default, make-fetch-happen (npm's caching
 * fetch), and node's own fetch (undici's WHATWG streams) each cost about three times as much CPU
 * per call, measured on the same loop; the gateway needs none of their features (no HTTP cache
 * for subgraph answers, no redirects, no streaming).
 */
export const subgraphFetcher: Fetcher = (url, init = {}) => {
  let headers = init.headers;
  const unparsed = headers !== undefined && UNPARSED_ANSWER_HEADER in headers;
  if (unparsed) {
    headers = { ...headers };
    delete headers[UNPARSED_ANSWER_HEADER];
  }
  return new Promise<FetcherResponse>((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? https.request : http.request;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    // Apollo passes no signal: the client's, from the request scope, closes the fetch when the client goes away.
    const signal = (init.signal as AbortSignal | undefined) ?? currentScope()?.signal;
    const req = send(target, { method: init.method ?? 'GET', headers, agent, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve(new SubgraphResponse(url, res.statusCode ?? 0, res.statusMessage ?? '', headers, Buffer.concat(chunks), unparsed));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
};
