import { securityHeaders } from './security-headers.policy';

describe('securityHeaders', () => {
  const names = (headers: ReadonlyArray<[string, string]>) => headers.map(([name]) => name);

  it('always asks for nosniff, no referrer, no framing and same-origin embedding', () => {
    expect(Object.fromEntries(securityHeaders({ nodeEnv: 'development', publicBaseUrl: 'http://localhost:4000' }))).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it('adds Strict-Transport-Security in production when the public origin is https, and only then', () => {
    const hsts = (nodeEnv: string, publicBaseUrl: string) =>
      securityHeaders({ nodeEnv, publicBaseUrl }).find(([name]) => name === 'strict-transport-security')?.[1];
    expect(hsts('production', 'https://api.safiri.example')).toBe('max-age=31536000');
    expect(hsts('production', 'http://api.safiri.example')).toBeUndefined();
    expect(hsts('development', 'https://api.safiri.example')).toBeUndefined();
    expect(hsts('test', 'https://api.safiri.example')).toBeUndefined();
    // Header names are lower-case, as node sends them, so a handler's own value replaces the default.
    for (const name of names(securityHeaders({ nodeEnv: 'production', publicBaseUrl: 'https://x.example' }))) expect(name).toBe(name.toLowerCase());
  });
});
