import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { ApolloServer } from '@apollo/server';
import { Role } from '../shared/auth/roles.types';
import { AppError } from '../shared/errors/app-error.exception';
import type { RedisClient } from '../shared/redis/redis.client';
import type { TokenService } from '../shared/auth/token.service';
import type { QueueRegistry } from '../shared/queue/queue.registry';
import { sendJson } from '../shared/http/json-response.writer';
import { readBody } from '../shared/http/body.reader';
import { errorBodyFromExtensions } from '../shared/errors/graphql-errors.mapper';
import type { GatewayContext } from './gateway.context';
import type { LoginShedder } from './login-shedder.service';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
const LOGIN_PATH = `${QUEUE_DASHBOARD_PATH}/login`;
const LOGOUT_PATH = `${QUEUE_DASHBOARD_PATH}/logout`;
const COOKIE = 'safiri_queues';
/** A dashboard session ends this long after login, whatever happens in between. */
export const QUEUE_DASHBOARD_SESSION_SECONDS = 3600;
const ALLOWED_ROLES: ReadonlySet<Role> = new Set([Role.ADMIN, Role.SUDO]);
/** Queues are found by a Redis SCAN: at most once per this interval, not on every poll of the page. */
const QUEUE_REFRESH_MS = 10_000;

/** What the dashboard uses (a Platform has each under these names): sessions in Redis, tokens to verify, the queues. */
export interface QueueDashboardPorts {
  config: { publicBaseUrl: string; queuePrefix: string };
  redis: RedisClient;
  tokens: Pick<TokenService, 'verify'>;
  queues: Pick<QueueRegistry, 'existingNames' | 'get'>;
}

/** The platform's login (the Logon mutation with its throttle): a bearer token, or an AppError (401, 429, 503). */
export type LoginFunction = (email: string, password: string) => Promise<string>;

const LOGON = 'mutation Logon($email: String!, $password: String!) { logon(email: $email, password: $password) { token } }';

/** The same login as POST /api/logon: the gateway's per-address shedding, then the admin subgraph's throttle and check. */
export function platformLogin(apollo: ApolloServer<GatewayContext>, logins: LoginShedder, context: GatewayContext, clientAddress: string): LoginFunction {
  return async (email, password) => {
    const retryAfter = await logins.admit(clientAddress);
    if (retryAfter !== null) throw new AppError('LOGIN_THROTTLED', 429, `Too many login attempts from this address: wait ${retryAfter} s and try again`);
    const response = await apollo.executeOperation<{ logon: { token: string } }>({ query: LOGON, variables: { email, password } }, { contextValue: context });
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by the login');
    const { data, errors } = response.body.singleResult;
    const error = errors?.[0];
    if (error) {
      const body = errorBodyFromExtensions(error.message, error.extensions);
      throw body ? new AppError(body.errorCode, body.status, body.errorMessage) : new Error(`login failed: ${error.message}`);
    }
    if (!data?.logon.token) throw new Error('login answered without a token');
    return data.logon.token;
  };
}

/**
 * Bull Board at /admin/queues for ADMIN and SUDO. A browser cannot send a bearer token when it navigates, so the
 * dashboard has its own login form: the credentials go through the platform's login, the token it returns stays in
 * Redis under a random session id, and the browser gets only that id in an HttpOnly, SameSite=Strict cookie (Secure
 * when PUBLIC_BASE_URL is https) limited to this path. Every request verifies the token again (revoked, disabled, a
 * changed role all end access at once). Bull Board's Express adapter is a plain (req, res, next) handler, so it is
 * called for this path only, and the gateway stays a node:http server.
 */
export function queueDashboard(ports: QueueDashboardPorts) {
  const publicHost = new URL(ports.config.publicBaseUrl).host;
  const sessions = dashboardSessions(ports);
  const board = bullBoard(ports);

  /** Answers a request under /admin/queues (true), or leaves it to the gateway's other routes (false). */
  return async (req: IncomingMessage, res: ServerResponse, pathname: string, login: () => LoginFunction): Promise<boolean> => {
    if (pathname !== QUEUE_DASHBOARD_PATH && !pathname.startsWith(`${QUEUE_DASHBOARD_PATH}/`)) return false;
    const method = req.method ?? 'GET';
    const safe = method === 'GET' || method === 'HEAD';
    // The cookie is SameSite=Strict; a state-changing request from another site (or a login form posted by one) is refused too.
    if (!safe && !sameOrigin(req, publicHost)) {
      req.resume();
      sendJson(res, 403, { errorCode: 'FORBIDDEN', errorMessage: 'Cross-site requests to the queue dashboard are refused', status: 403, error: {} });
      return true;
    }
    if (pathname === LOGIN_PATH) {
      if (method === 'POST') await sessions.logIn(req, res, login);
      else if (safe) sendLoginPage(res, 200);
      else methodNotAllowed(req, res);
      return true;
    }
    if (pathname === LOGOUT_PATH) {
      if (method === 'POST') await sessions.logOut(req, res);
      else methodNotAllowed(req, res);
      return true;
    }
    const role = await sessions.role(req);
    if (!role || !ALLOWED_ROLES.has(role)) {
      refuseWithoutSession(req, res, role, pathname.startsWith(`${QUEUE_DASHBOARD_PATH}/api/`) || !safe);
      return true;
    }
    await board.serve(req, res, method, pathname);
    return true;
  };
}

/** Dashboard sessions: a login puts the platform's token in Redis under a random id, which the cookie carries. */
function dashboardSessions(ports: Pick<QueueDashboardPorts, 'config' | 'redis' | 'tokens'>) {
  const { config } = ports;
  const secure = config.publicBaseUrl.startsWith('https:');
  const sessionKey = (id: string) => `${config.queuePrefix}:queue-dashboard-session:${createHash('sha256').update(id).digest('hex')}`;
  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${QUEUE_DASHBOARD_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

  /** The session's account, verified now; undefined when there is no live session or the token no longer passes. */
  const role = async (req: IncomingMessage): Promise<Role | undefined> => {
    const id = cookieValue(req, COOKIE);
    if (!id) return undefined;
    const token = await ports.redis.get(sessionKey(id));
    if (!token) return undefined;
    try {
      return (await ports.tokens.verify(token)).role;
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return undefined;
      throw error;
    }
  };

  const logIn = async (req: IncomingMessage, res: ServerResponse, login: () => LoginFunction) => {
    const form = new URLSearchParams((await readBody(req, 4096)).toString('utf8'));
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    if (!email || !password || email.length > 254 || password.length > 1024) return sendLoginPage(res, 400, 'Email and password are required.');
    let token: string;
    try {
      token = await login()(email, password);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status >= 500 && error.status !== 503)) throw error;
      return sendLoginPage(res, error.status, error.errorMessage);
    }
    const { role } = await ports.tokens.verify(token);
    if (!ALLOWED_ROLES.has(role)) return sendLoginPage(res, 403, 'The queue dashboard is for ADMIN and SUDO accounts.');
    const id = randomBytes(32).toString('base64url');
    await ports.redis.set(sessionKey(id), token, 'EX', QUEUE_DASHBOARD_SESSION_SECONDS);
    res.writeHead(303, { location: QUEUE_DASHBOARD_PATH, 'set-cookie': cookie(id, QUEUE_DASHBOARD_SESSION_SECONDS), 'cache-control': 'no-store' });
    res.end();
  };

  const logOut = async (req: IncomingMessage, res: ServerResponse) => {
    const id = cookieValue(req, COOKIE);
    if (id) await ports.redis.del(sessionKey(id));
    res.writeHead(303, { location: LOGIN_PATH, 'set-cookie': cookie('', 0), 'cache-control': 'no-store' });
    res.end();
  };

  return { role, logIn, logOut };
}

/** No session, or not an ADMIN or SUDO one: 401 or 403 to an API call or a change, the login page to a page. */
function refuseWithoutSession(req: IncomingMessage, res: ServerResponse, role: Role | undefined, apiOrChange: boolean): void {
  req.resume();
  if (apiOrChange) {
    const status = role ? 403 : 401;
    const body = role
      ? { errorCode: 'FORBIDDEN', errorMessage: 'The queue dashboard is for ADMIN and SUDO accounts', status, error: {} }
      : { errorCode: 'UNAUTHENTICATED', errorMessage: `Log in at ${LOGIN_PATH} first`, status, error: {} };
    sendJson(res, status, body, { 'cache-control': 'no-store' });
  } else {
    res.writeHead(303, { location: LOGIN_PATH, 'cache-control': 'no-store' });
    res.end();
  }
}

/** Bull Board's Express app over the platform's queues, found again at most every QUEUE_REFRESH_MS. */
function bullBoard(ports: Pick<QueueDashboardPorts, 'queues'>) {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_DASHBOARD_PATH);
  const board = createBullBoard({ queues: [], serverAdapter: adapter, options: { uiConfig: { boardTitle: 'Safiri queues' } } });
  const app = adapter.getRouter() as (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  let queuesFoundAt = 0;

  const refreshQueues = async () => {
    if (Date.now() - queuesFoundAt < QUEUE_REFRESH_MS) return;
    queuesFoundAt = Date.now();
    const names = await ports.queues.existingNames();
    board.replaceQueues(names.map((name) => new BullMQAdapter(ports.queues.get(name))));
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, method: string, pathname: string): Promise<void> => {
    await refreshQueues();
    // Express sees the path below the mount point, as app.use('/admin/queues', router) would give it.
    const url = req.url ?? '/';
    req.url = url.slice(QUEUE_DASHBOARD_PATH.length) || '/';
    if (!req.url.startsWith('/')) req.url = `/${req.url}`;
    await new Promise<void>((resolve, reject) => {
      res.once('finish', resolve);
      res.once('close', resolve);
      app(req, res, (error?: unknown) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        sendJson(res, 404, { errorCode: 'NOT_FOUND', errorMessage: `No route for ${method} ${pathname}`, status: 404, error: {} });
      });
    });
  };

  return { serve };
}

/**
 * The request came from a page of this origin: Origin (sent by browsers on every POST) names the host the request was
 * sent to, or PUBLIC_BASE_URL's host (a reverse proxy may rewrite Host).
 */
function sameOrigin(req: IncomingMessage, publicHost: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return site === 'same-origin';
  try {
    const host = new URL(origin).host;
    return host === req.headers.host || host === publicHost;
  } catch {
    return false;
  }
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

function methodNotAllowed(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  sendJson(res, 405, { errorCode: 'METHOD_NOT_ALLOWED', errorMessage: `${req.method} is not allowed here`, status: 405, error: {} });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendLoginPage(res: ServerResponse, status: number, message?: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Safiri queues: log in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 22rem; margin: 4rem auto">
<h1>Safiri queues</h1>
<p>For ADMIN and SUDO accounts.</p>
${message ? `<p role="alert" style="color: #b00020">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${LOGIN_PATH}">
<p><label>Email<br><input name="email" type="email" autocomplete="username" required style="width: 100%"></label></p>
<p><label>Password<br><input name="password" type="password" autocomplete="current-password" required style="width: 100%"></label></p>
<p><button type="submit">Log in</button></p>
</form></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}
