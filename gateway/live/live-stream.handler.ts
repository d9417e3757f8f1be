import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import { createHandler, type Request as SseRequest } from 'graphql-sse';
import type { ApolloServer } from '@apollo/server';
import type { RedisClient } from '../../shared/redis/redis.client';
import type { PlatformConfig } from '../../shared/config/platform.config';
import type { Logger } from '../../shared/logging/logger';
import { bearerToken, type Principal, type TokenService } from '../../shared/auth/token.service';
import { AppError, PlatformException } from '../../shared/errors/app-error.exception';
import { sendJson } from '../../shared/http/json-response.writer';
import type { TripKind } from '../../shared/trips/trip-id.codec';
import { gatewayContext, type GatewayContext } from '../gateway.context';
import { LiveChannelHub } from './live-channel.hub';
import { liveSchema } from './live.schema';
import { LiveStreams, type CurrentTrip, type LiveContext } from './live-stream.service';
import { LiveException } from './live.exception';
import { isRefusal, LiveStreamSlots } from './live-stream.slots';

/** Where the stream is served, on the gateway's port. */
export const LIVE_STREAM_PATH = '/graphql/stream';

/** The state a bookingUpdated stream starts with, read through the gateway as the caller (their token decides what they see). */
const CURRENT_TRIP = 'query LiveTripState($id: ID!) { node(id: $id) { ... on Trip { id kind status updatedAt } } }';

/** What the route is built from (a Platform has each under these names). */
export interface LivePorts {
  config: Pick<PlatformConfig, 'redisUrl' | 'redisTopology' | 'queuePrefix' | 'live' | 'maxBodyBytes'>;
  redis: RedisClient;
  tokens: Pick<TokenService, 'verify'>;
}

interface LiveRequestContext {
  live: LiveContext;
}

export interface LiveStreamRoute {
  /** Serves one request of /graphql/stream. */
  handle(req: IncomingMessage, res: ServerResponse, requestId: string, clientAddress: string): Promise<void>;
  /** Completes every open stream and stops listening to Redis: a shutdown does not wait on them. */
  close(): Promise<void>;
}

/**
 * GraphQL over Server-Sent Events (the graphql-sse protocol, distinct connections mode) for live booking status. The
 * caller is authenticated as on /graphql (bearer token); the stream is admitted within the per-account and
 * per-process caps; graphql-sse sends a keep-alive comment every 12 s so proxies keep an idle stream open.
 */
export function liveStreamRoute(platform: LivePorts, apollo: ApolloServer<GatewayContext>, logger: Logger): LiveStreamRoute {
  const { config } = platform;
  const hub = new LiveChannelHub({ url: config.redisUrl, topology: config.redisTopology }, config.queuePrefix, logger.child({ service: 'live' }));
  const streams = new LiveStreams(hub, config.queuePrefix);
  const slots = new LiveStreamSlots(platform.redis, config.queuePrefix, config.live);
  const sse = createHandler<IncomingMessage, LiveRequestContext, LiveContext>({
    schema: liveSchema(streams),
    // No stream tokens: every operation is a request of its own (distinct connections mode).
    authenticate: () => null,
    context: (req) => req.context.live,
  });

  return {
    async handle(req, res, requestId, address) {
      const idHeader = { 'x-request-id': requestId };
      const refuse = (error: AppError, headers: Record<string, string> = {}) => {
        req.resume();
        sendJson(res, error.status, error.toBody(), { ...idHeader, 'cache-control': 'no-store', ...headers });
      };
      if (req.method !== 'GET' && req.method !== 'POST') return refuse(LiveException.methodNotAllowed(LIVE_STREAM_PATH), { allow: 'GET, POST' });
      if (!acceptsEventStream(req.headers.accept)) return refuse(LiveException.notAcceptable(LIVE_STREAM_PATH));
      const principal = await authenticate(platform, req.headers.authorization);
      if (!principal) return refuse(PlatformException.unauthenticated(), { 'www-authenticate': 'Bearer' });
      const slot = await slots.acquire(principal.accountId);
      if (isRefusal(slot)) {
        const error =
          slot.reason === 'ACCOUNT'
            ? LiveException.streamsExhausted(slot.limit, slot.retryAfterSeconds)
            : LiveException.gatewayFull(slot.limit, slot.retryAfterSeconds);
        return refuse(error, { 'retry-after': String(slot.retryAfterSeconds) });
      }
      res.once('close', () => void slot.release());
      const request: SseRequest<IncomingMessage, LiveRequestContext> = {
        method: req.method,
        url: req.url ?? LIVE_STREAM_PATH,
        headers: { get: (name) => headerValue(req.headers[name.toLowerCase()]) },
        body: () => readBody(req, config.maxBodyBytes),
        raw: req,
        context: { live: { principal, readTrip: tripReader(apollo, requestId, req, address) } },
      };
      let answer;
      try {
        answer = await sse(request);
      } catch (error) {
        await slot.release();
        if (error instanceof AppError) return refuse(error);
        throw error;
      }
      const [body, init] = answer;
      res.writeHead(init.status, init.statusText, { ...init.headers, ...idHeader });
      if (!body || typeof body === 'string') {
        res.end(body ?? undefined);
        return;
      }
      // The client went away: the operation's iterator is returned, which stops listening to Redis.
      const stop = () => void body.return(undefined);
      res.once('close', stop);
      for await (const message of body) {
        if (!res.writable) break;
        res.write(message);
      }
      res.off('close', stop);
      res.end();
    },
    async close() {
      streams.close();
      slots.close();
      await hub.close();
    },
  };
}

/** Reads a trip through the gateway with the caller's own headers: authorisation comes with them. */
function tripReader(apollo: ApolloServer<GatewayContext>, requestId: string, req: IncomingMessage, address: string) {
  return async (id: string): Promise<CurrentTrip | null> => {
    const response = await apollo.executeOperation<{ node: Partial<CurrentTrip> | null }>(
      { query: CURRENT_TRIP, variables: { id } },
      { contextValue: gatewayContext(requestId, req.headers, address) },
    );
    if (response.body.kind !== 'single') throw new Error('the trip read answered incrementally');
    const { data, errors } = response.body.singleResult;
    if (errors?.length) throw new GraphQLError(errors[0].message, { extensions: errors[0].extensions });
    const node = data?.node;
    if (!node?.id || !node.status || !node.kind || !node.updatedAt) return null;
    return { id: node.id, kind: node.kind as TripKind, status: node.status, updatedAt: String(node.updatedAt) };
  };
}

async function authenticate(platform: LivePorts, authorization: string | undefined): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  return platform.tokens.verify(token).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  });
}

/** graphql-sse serves `text/event-stream` only when it is the whole Accept header, as its clients send it. */
function acceptsEventStream(accept: string | undefined): boolean {
  return accept === 'text/event-stream';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The request body, refused past MAX_BODY_BYTES (413) like every other request's. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(LiveException.bodyTooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.once('error', reject);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
