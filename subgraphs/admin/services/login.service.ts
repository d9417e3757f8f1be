import { AppError, PlatformErrorCode, PlatformException } from '../../../shared/errors/app-error.exception';
import { AccountStatus } from '../../../shared/auth/entities/account.entity';
import { AccountRepository } from '../../../shared/auth/account.repository';
import { decoyHash } from '../../../shared/auth/password.service';
import { PasswordCheckBusyError, PasswordVerifier } from '../../../shared/auth/password-verifier.service';
import type { RedisClient } from '../../../shared/redis/redis.client';
import type { TokenService } from '../../../shared/auth/token.service';
import type { LoginConfig } from '../../../shared/config/platform.config';
import type { Metrics } from '../../../shared/metrics/metrics.registry';
import { normalizeEmail } from './account.service';
import { LoginThrottle } from './login-throttle.service';
import { checkLogon, logonInvalid } from '../../../shared/api-contract/logon.validator';

/** The one answer for a wrong password, an unknown email and a disabled account alike. */
export function loginFailed(): AppError {
  return new AppError(PlatformErrorCode.LOGIN_FAILED, 401, 'Email or password is incorrect');
}

/** What a login uses (a Platform has each under these names); redis is read on the first login only. */
export interface LoginPorts {
  config: { login: LoginConfig; queuePrefix: string };
  /** The fail-fast request Redis the throttle counts in. */
  redis: RedisClient;
  metrics: Pick<Metrics, 'loginThrottled' | 'loginFailures'>;
  tokens: Pick<TokenService, 'issue'>;
}

/**
 * POST /api/logon. The throttle (login-throttle.service.ts) admits or refuses the attempt before
 * any hashing; the password check then waits for one of a few hashing slots, or is refused (503).
 * A failed check is answered as the throttle says: 401, or 429 from an address over its failure limit.
 */
export class LoginService {
  // Made on first login: printing the schema (bin/supergraph.builder.ts) wires this service without Redis.
  private throttle: LoginThrottle | undefined;
  private readonly passwords: PasswordVerifier;

  constructor(
    private readonly ports: LoginPorts,
    private readonly accounts: AccountRepository,
  ) {
    const { login } = ports.config;
    this.passwords = new PasswordVerifier({ concurrency: login.hashConcurrency, maxQueue: login.hashQueue });
  }

  async logon(rawEmail: string, password: string, clientAddress: string): Promise<string> {
    const checked = checkLogon({ email: rawEmail, password });
    if ('problems' in checked) throw logonInvalid(checked.problems);
    const email = normalizeEmail(checked.credentials.email);
    this.throttle ??= new LoginThrottle(this.ports.redis, this.ports.config.queuePrefix, this.ports.config.login);
    const attempt = await this.throttle.admit(email, clientAddress).catch((error: unknown) => {
      if (error instanceof AppError && error.errorCode === PlatformErrorCode.LOGIN_THROTTLED) this.ports.metrics.loginThrottled.inc({ layer: 'admin' });
      throw error;
    });
    const account = await this.accounts.byEmail(email);
    let valid: boolean;
    try {
      valid = await this.passwords.verify(password, account?.passwordHash ?? (await decoyHash()));
    } catch (error) {
      if (!(error instanceof PasswordCheckBusyError)) throw error;
      await attempt.unchecked();
      throw PlatformException.unavailable('Too many logins at once: retry in a moment', { retryAfterSeconds: 1 });
    }
    if (!account || !valid || account.status !== AccountStatus.ACTIVE) {
      this.ports.metrics.loginFailures.inc();
      if (attempt.refusal) this.ports.metrics.loginThrottled.inc({ layer: 'admin' });
      throw attempt.refusal ?? loginFailed();
    }
    await attempt.succeeded();
    return this.ports.tokens.issue(account);
  }
}
