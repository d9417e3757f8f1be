import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, BaseContext, HeaderMap } from '@apollo/server';
import { AppError } from '../errors/app-error.exception';
import { appErrorExtensions } from '../errors/graphql-errors.mapper';
import { isJsonContentType, parseJsonBody, readBody } from './body.reader';
import { sendError, sendJson } from './json-response.writer';
import { endCompressed } from './compression.codec';
import type { ReferenceReplies } from './reference-replies.cache';
import type { AnswerShortcut, PreparedAnswer } from './answer-shortcut.port';

export interface GraphQLHttpOptions<TContext> {
  maxBodyBytes: number;
  context: () => Promise<TContext>;
  extraHeaders?: Record<string, string>;
  /** Headers known only once the operation ran (a subgraph names the account it verified). */
  lateHeaders?: () => Record<string, string>;
  /** Looks at the document's text before Apollo does; an AppError refuses the request unparsed by Apollo. */
  refuse?: (query: string) => AppError | null;
  /** Compress large answers when the client accepts it (the gateway; subgraphs answer it on loopback). */
  compress?: boolean;
  /** The client is on this host's loopback: answers go out as they are (compression.codec.ts, perRequestAcceptEncoding). */
  clientIsLoopback?: boolean;
  /** Reference reads answered from memory before Apollo (subgraphs; see reference-replies.cache.ts). */
  replies?: ReferenceReplies;
  /** Requests a module answers itself, or prepares for its resolvers, before Apollo (subgraphs; see answer-shortcut.port.ts). */
  shortcuts?: readonly AnswerShortcut[];
  /** Adds what a shortcut prepared to the resolvers' context. */
  withPrepared?: (context: TContext, prepared: object) => TContext;
}

/**
 * Serves an ApolloServer on plain node:http (Apollo Server 5 no longer bundles Express).
 * CSRF prevention and content negotiation stay Apollo's own.
 */
export async function handleGraphQLRequest<TContext extends BaseContext>(
  server: ApolloServer<TContext>,
  req: IncomingMessage,
  res: ServerResponse,
  options: GraphQLHttpOptions<TContext>,
): Promise<void> {
  let body: unknown;
  try {
    if (req.method === 'POST') {
      const raw = await readBody(req, options.maxBodyBytes);
      body = isJsonContentType(req.headers['content-type']) ? parseJsonBody(raw) : raw.toString('utf8');
    }
  } catch (error) {
    if (error instanceof AppError) return sendError(res, error.toBody(), options.extraHeaders);
    throw error;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const query = req.method === 'GET' ? url.searchParams.get('query') : (body as { query?: unknown } | undefined)?.query;
  const refusal = typeof query === 'string' ? options.refuse?.(query) : null;
  if (refusal) {
    // The shape Apollo gives a request error: the ErrorBody in the extensions of the only error.
    return sendJson(res, refusal.status, { errors: [{ message: refusal.errorMessage, extensions: appErrorExtensions(refusal) }] }, options.extraHeaders);
  }
  const prepared = req.method === 'POST' ? await firstPrepared(options.shortcuts, body, req) : null;
  if (prepared?.kind === 'answer') {
    res.statusCode = 200;
    for (const [key, value] of prepared.headers) res.setHeader(key, value);
    setOwnHeaders(res, options);
    if (options.compress) return endCompressed(req, res, Buffer.from(prepared.body, 'utf8'), options.clientIsLoopback);
    res.end(prepared.body);
    return;
  }
  const lookup = options.replies && req.method === 'POST' && !prepared ? await options.replies.lookup(body, req.headers) : null;
  if (lookup?.kind === 'hit') {
    res.statusCode = 200;
    for (const [key, value] of lookup.reply.headers) res.setHeader(key, value);
    setOwnHeaders(res, options);
    res.end(lookup.reply.body);
    return;
  }
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const { withPrepared } = options;
  const result = await server.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: req.method ?? 'GET', headers, search: url.search, body },
    context: prepared && withPrepared ? async () => withPrepared(await options.context(), prepared.prepared) : options.context,
  });
  res.statusCode = result.status ?? 200;
  for (const [key, value] of result.headers) res.setHeader(key, value);
  setOwnHeaders(res, options);
  if (result.body.kind === 'complete') {
    if (lookup) options.replies!.store(lookup, res.statusCode, result.headers, result.body.string);
    prepared?.answered?.(res.statusCode, [...result.headers], result.body.string);
    if (options.compress) return endCompressed(req, res, Buffer.from(result.body.string, 'utf8'), options.clientIsLoopback);
    res.end(result.body.string);
    return;
  }
  for await (const chunk of result.body.asyncIterator) res.write(chunk);
  res.end();
}

/** What the first shortcut that claims the request made of it, or null when none does. */
async function firstPrepared(shortcuts: readonly AnswerShortcut[] | undefined, body: unknown, req: IncomingMessage): Promise<PreparedAnswer | null> {
  for (const shortcut of shortcuts ?? []) {
    const prepared = await shortcut.prepare(body, req.headers);
    if (prepared) return prepared;
  }
  return null;
}

/** The headers this server adds to every GraphQL answer, after Apollo's (or a stored answer's) own. */
function setOwnHeaders<TContext>(res: ServerResponse, options: GraphQLHttpOptions<TContext>): void {
  for (const [key, value] of Object.entries({ ...options.extraHeaders, ...options.lateHeaders?.() })) res.setHeader(key, value);
}
