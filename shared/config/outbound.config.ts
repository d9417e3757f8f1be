import type { EnvReader } from './env.reader';

/**
 * Whether requests a client's URL names (SGR issuance callbacks, webhooks) may reach loopback and private addresses
 * over plain http: for tests and local development only, so production refuses to start with it on.
 * WEBHOOK_ALLOW_PRIVATE, or its older name SGR_CALLBACK_ALLOW_PRIVATE.
 */
export function readOutboundAllowPrivate(read: EnvReader, production: boolean, problems: string[]): boolean {
  const flag = (name: string) => read.oneOf(name, ['true', 'false'] as const, 'false') === 'true';
  const allowed = read.optionalString('WEBHOOK_ALLOW_PRIVATE') ? flag('WEBHOOK_ALLOW_PRIVATE') : flag('SGR_CALLBACK_ALLOW_PRIVATE');
  if (allowed && production) problems.push('WEBHOOK_ALLOW_PRIVATE (or SGR_CALLBACK_ALLOW_PRIVATE) must not be true when NODE_ENV=production');
  return allowed && !production;
}
