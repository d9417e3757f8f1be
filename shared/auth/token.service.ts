import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../time/clock.port';
import { PlatformException } from '../errors/app-error.exception';
import { AccountStatus } from './entities/account.entity';
import { KeyStore } from './key.store';
import { Role } from './roles.types';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { InvalidatedCache } from '../cache/invalidated.cache';
import { AUTH_TOPIC, authKeys } from './auth-invalidation.contract';
import { AccessTokenRepository } from './access-token.repository';

/** How long a process trusts a verified token without asking again; revocation reaches it sooner by the bus. */
export const TOKEN_CACHE_TTL_MS = 30_000;
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;
/** A token's last use is written at most this often (or a quarter of the idle lifetime, when shorter). */
const TOUCH_INTERVAL_MS = 86_400_000;
const DAY_MS = 86_400_000;

interface VerifiedToken {
  token: string;
  kid: string;
  principal: Principal;
}

/** Who is calling, as established from a verified, unrevoked token of an active account. */
export interface Principal {
  accountId: string;
  email: string;
  role: Role;
  permissionLevel: number | null;
  tokenId: string;
}

/**
 * Issues and verifies RS256 access tokens. Tokens carry no expiry (as the spec says) but carry an
 * id (jti) recorded in access_token, so a token, or every token of an account, can be revoked.
 * A token unused for ACCESS_TOKEN_IDLE_DAYS stops working (its last use is recorded at most once a
 * day), so the rows of abandoned tokens can be purged (docs/decisions.md "Retention").
 */
export class TokenService {
  /** Verified tokens by jti: a repeat costs no RS256 verification and no database round trip. */
  private readonly verified: InvalidatedCache<string, VerifiedToken>;
  private readonly tokens: AccessTokenRepository;
  private readonly idleMs: number | null;
  private readonly touchIntervalMs: number;

  constructor(
    dataSource: DataSource,
    private readonly keys: KeyStore,
    private readonly clock: Clock,
    private readonly issuer: string,
    private readonly bus: InvalidationBus,
    /** ACCESS_TOKEN_IDLE_DAYS; null: tokens never lapse. */
    idleDays: number | null = null,
  ) {
    this.tokens = new AccessTokenRepository(dataSource);
    this.idleMs = idleDays === null ? null : idleDays * DAY_MS;
    // A token in steady use is never more than a quarter of its idle lifetime from lapsing by the record.
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, (this.idleMs ?? Infinity) / 4);
    this.verified = new InvalidatedCache<string, VerifiedToken>(bus, {
      topic: AUTH_TOPIC,
      max: TOKEN_CACHE_MAX_ENTRIES,
      ttlMs: TOKEN_CACHE_TTL_MS,
      matches: (key, jti, entry) => key === authKeys.token(jti) || key === authKeys.account(entry.principal.accountId) || key === authKeys.key(entry.kid),
    });
  }

  async issue(account: { id: string; role: Role }): Promise<string> {
    const { kid, privateKey } = await this.keys.signingKey();
    const jti = randomUUID();
    const issuedAt = this.clock.now();
    await this.tokens.insert({ jti, accountId: account.id, kid, issuedAt });
    return new SignJWT({ role: account.role })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(account.id)
      .setJti(jti)
      .setIssuer(this.issuer)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .sign(privateKey);
  }

  /**
   * The principal of a token, from this process's cache when it verified the very same token in the last 30 s
   * and nothing about it changed since (see InvalidatedCache); otherwise verified in full and remembered.
   */
  async verify(token: string): Promise<Principal> {
    const version = this.verified.version();
    const jti = version === undefined ? undefined : unverifiedJti(token);
    if (jti !== undefined) {
      const hit = this.verified.get(jti);
      // The whole token must match, not only its jti: a forged token naming a cached jti gets the full check.
      // (Plain comparison: the jti is a random UUID known only to whoever holds the token.)
      if (hit && hit.token === token) return hit.principal;
    }
    const { principal, kid, expiresAt } = await this.verifyInFull(token);
    if (jti !== undefined) {
      const ttl = expiresAt === undefined ? undefined : expiresAt - this.clock.now().getTime();
      if (ttl === undefined || ttl > 0) this.verified.set(jti, { token, kid, principal: Object.freeze(principal) }, version, ttl);
    }
    return principal;
  }

  /**
   * The principal of an `Authorization: Bearer` header, or null for no header, another scheme or a token that
   * does not verify: for callers that only serve something extra to a verified caller and otherwise let the
   * request take its usual path (which answers the 401 itself).
   */
  async principalOrNull(authorization: string | undefined): Promise<Principal | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    return this.verify(token).catch(() => null);
  }

  /** Tells every process that an account changed (disabled, enabled): its cached tokens are checked again. */
  async accountChanged(accountId: string): Promise<void> {
    await this.bus.publish(AUTH_TOPIC, authKeys.account(accountId));
  }

  /** Every failure is the same 401: a caller learns nothing about why a token was refused. */
  private async verifyInFull(token: string): Promise<{ principal: Principal; kid: string; expiresAt?: number }> {
    let kid: string;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new Error('bad header');
      kid = header.kid;
    } catch {
      throw PlatformException.unauthenticated('The bearer token is malformed');
    }
    const key = await this.keys.publicKey(kid);
    if (!key) throw PlatformException.unauthenticated('The bearer token was not signed by a known key');
    let claims: { sub?: string; jti?: string; exp?: number };
    try {
      // A token is ours only if it names our issuer (PUBLIC_BASE_URL): deployments that share a key do not accept each other's tokens.
      ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['RS256'], issuer: this.issuer }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw PlatformException.unauthenticated('The bearer token is not valid');
      throw error;
    }
    if (!claims.jti || !claims.sub) throw PlatformException.unauthenticated('The bearer token is not valid');

    // One indexed lookup answers revocation, key retirement and account state together.
    const row = await this.tokens.verificationOf(claims.jti, claims.sub);
    if (!row || row.kid !== kid) throw PlatformException.unauthenticated('The bearer token is not valid');
    if (row.revoked_at) throw PlatformException.unauthenticated('The bearer token was revoked: log in again');
    if (row.retired_at) throw PlatformException.unauthenticated('The bearer token was signed by a retired key: log in again');
    if (row.status !== AccountStatus.ACTIVE) throw PlatformException.unauthenticated('The account is disabled');
    const now = this.clock.now().getTime();
    const lastUse = new Date(row.last_used_at ?? row.issued_at).getTime();
    if (this.idleMs !== null && lastUse + this.idleMs < now) {
      throw PlatformException.unauthenticated('The bearer token lapsed after going unused: log in again');
    }
    if (lastUse < now - this.touchIntervalMs) await this.tokens.touch(claims.jti, new Date(now), new Date(now - this.touchIntervalMs));
    const principal: Principal = {
      accountId: claims.sub,
      email: row.email,
      role: row.role,
      permissionLevel: row.permission_level === null ? null : Number(row.permission_level),
      tokenId: claims.jti,
    };
    return { principal, kid, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined };
  }

  async revokeAll(accountId: string): Promise<number> {
    const revoked = await this.tokens.revokeAll(accountId, this.clock.now());
    await this.accountChanged(accountId);
    return revoked;
  }
}

/** The jti claim of a token, read without verifying it (only to find a cache entry); undefined if unreadable. */
function unverifiedJti(token: string): string | undefined {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first < 0 || second < 0 || second - first > 2_048) return undefined;
  try {
    const { jti } = JSON.parse(Buffer.from(token.slice(first + 1, second), 'base64url').toString('utf8')) as { jti?: unknown };
    return typeof jti === 'string' && jti.length <= 64 ? jti : undefined;
  } catch {
    return undefined;
  }
}

/** Pulls the token out of "Authorization: Bearer <token>". */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1];
}
