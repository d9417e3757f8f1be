import { createHash } from 'node:crypto';
import { AppError, PlatformErrorCode, PlatformException } from '../../../shared/errors/app-error';
import { AccountEntity, AccountStatus } from '../../../shared/auth/entities/account.entity';
import { decoyHash, verifyPassword } from '../../../shared/auth/password';
import type { Platform } from '../../../shared/platform/platform';
import { normalizeEmail } from './account.service';

/** The one answer for a wrong password, an unknown email and a disabled account alike. */
export function loginFailed(): AppError {
  return new AppError(PlatformErrorCode.LOGIN_FAILED, 401, 'Email or password is incorrect');
}

/**
 * POST /api/logon. Failures per email are counted in Redis; past LOGIN_MAX_FAILURES within the
 * window, that email is refused with 429 until the window passes, whether or not it exists.
 */
export class LoginService {
  constructor(private readonly platform: Platform) {}

  async logon(rawEmail: string, password: string): Promise<string> {
    if (!rawEmail?.trim() || !password) throw PlatformException.badRequest('email and password are required');
    const email = normalizeEmail(rawEmail);
    const { loginMaxFailures, loginFailureWindowSeconds, queuePrefix } = this.platform.config;
    const key = `${queuePrefix}:login-failures:${createHash('sha256').update(email).digest('hex')}`;
    // Count the attempt before checking the password: concurrent guesses cannot all slip in under the limit.
    const counted = await this.redisCall(() => this.platform.redis.multi().incr(key).expire(key, loginFailureWindowSeconds, 'NX').exec());
    const attempts = Number(counted?.[0]?.[1]);
    if (!Number.isFinite(attempts)) throw PlatformException.unavailable('Login is temporarily unavailable');
    if (attempts > loginMaxFailures) {
      const ttl = await this.redisCall(() => this.platform.redis.ttl(key));
      throw new AppError(PlatformErrorCode.LOGIN_THROTTLED, 429, 'Too many failed logins for this email: wait and try again', {
        retryAfterSeconds: ttl > 0 ? ttl : loginFailureWindowSeconds,
      });
    }
    const account = await this.platform.dataSource.getRepository(AccountEntity).findOneBy({ email });
    const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    if (!account || !valid || account.status !== AccountStatus.ACTIVE) throw loginFailed();
    await this.redisCall(() => this.platform.redis.del(key));
    return this.platform.tokens.issue(account);
  }

  /** Throttling is a safety rule: without Redis, login is unavailable rather than unthrottled. */
  private async redisCall<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      throw PlatformException.unavailable('Login is temporarily unavailable');
    }
  }
}
