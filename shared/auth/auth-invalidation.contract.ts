/** The bus topic of token, account and key changes that every process caching verified tokens listens to. */
export const AUTH_TOPIC = 'auth';

/** Invalidation keys of the auth topic: every token of an account, every token of a key, one token. */
export const authKeys = {
  account: (accountId: string) => `account:${accountId}`,
  key: (kid: string) => `key:${kid}`,
  token: (jti: string) => `token:${jti}`,
};

/**
 * The bus topic of the signing keys: published after a key is created, imported or retired; every process's key ring
 * listens (a process that misses it still reloads within KEY_RING_TTL_MS).
 */
export const SIGNING_KEYS_TOPIC = 'signing-keys';
