import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import DataLoader from 'dataloader';
import { PlatformException } from '../errors/app-error.exception';
import { bearerToken, Principal, TokenService } from '../auth/token.service';
import { Role } from '../auth/roles.types';
import type { Logger } from '../logging/logger';
import { noteAccount } from './request-scope.state';

export type Language = 'en' | 'sw';

/** Headers the REST layer and the gateway forward to subgraphs. */
export const FORWARDED_HEADERS = [
  'authorization',
  'content-language',
  'content-currency',
  'x-external-user-id',
  'x-authentication-context',
  'x-request-id',
] as const;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdFrom(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Everything a service needs to know about the request it serves (Vendure's RequestContext):
 * who is calling (verified lazily, so public queries cost no lookup), language, currency, ids.
 */
export class RequestContext {
  readonly requestId: string;
  readonly language: Language;
  readonly currency: string | undefined;
  readonly externalUserId: string | undefined;
  readonly authenticationContext: string | undefined;
  readonly logger: Logger;
  private principalPromise: Promise<Principal | null> | undefined;
  /** Per-request batch loaders by name: gone with the request, so they hold nothing stale and need no bound of their own. */
  private readonly loaders = new Map<string, DataLoader<unknown, unknown>>();

  constructor(
    private readonly headers: IncomingHttpHeaders,
    private readonly tokens: TokenService,
    logger: Logger,
  ) {
    this.requestId = requestIdFrom(headers);
    this.language = parseLanguage(single(headers['content-language']));
    const currency = single(headers['content-currency'])?.trim().toUpperCase();
    this.currency = currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
    this.externalUserId = single(headers['x-external-user-id']);
    this.authenticationContext = single(headers['x-authentication-context']);
    // The request id reaches every line through the logger's mixin (request-scope.state.ts), not a binding.
    this.logger = logger;
  }

  /** The caller, or null when no Authorization header was sent; a bad token is always a 401. */
  optionalPrincipal(): Promise<Principal | null> {
    this.principalPromise ??= (async () => {
      const header = single(this.headers.authorization);
      if (header === undefined) return null;
      const token = bearerToken(header);
      if (!token) throw PlatformException.unauthenticated('The Authorization header must be "Bearer <token>"');
      const principal = await this.tokens.verify(token);
      noteAccount(principal.accountId);
      return principal;
    })();
    return this.principalPromise;
  }

  /**
   * This request's loader of that name: every load() of one tick becomes one call of batch (entity references
   * the gateway sends together resolve with one query, not one each). batch answers one value per key, in order.
   */
  loader<K, V>(name: string, batch: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>, maxBatchSize = 500): DataLoader<K, V> {
    let loader = this.loaders.get(name) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = new DataLoader<K, V>(batch, { maxBatchSize });
      this.loaders.set(name, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }

  async principal(): Promise<Principal> {
    const principal = await this.optionalPrincipal();
    if (!principal) throw PlatformException.unauthenticated();
    return principal;
  }

  async requireRole(...roles: Role[]): Promise<Principal> {
    const principal = await this.principal();
    if (!roles.includes(principal.role)) throw PlatformException.forbidden();
    return principal;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** Content-Language: `sw` (or sw-TZ) selects Swahili; everything else is English. */
export function parseLanguage(value: string | undefined): Language {
  return value && /^sw\b/i.test(value) ? 'sw' : 'en';
}
