/**
 * The headers every gateway answer carries, set before any handler runs: a handler that sends its own value (the
 * explorer's and the dashboard's pages set a whole content security policy) replaces the default for its answer.
 *
 * - `content-security-policy: frame-ancestors 'none'` and `x-frame-options: DENY` (older browsers): no page of
 *   this origin may be framed by another site (clickjacking of the explorer, the dashboard, Sandbox). Nothing more
 *   in the default policy: Apollo's Sandbox page brings its own policy in a meta tag, and a header policy would be
 *   enforced on top of it and block its CDN scripts.
 * - `x-content-type-options: nosniff`: a JSON answer is never run as a script or a stylesheet.
 * - `referrer-policy: no-referrer`: links out of the explorer or Sandbox do not carry our URLs.
 * - `cross-origin-resource-policy: same-origin`: another site cannot embed our answers as images, scripts or
 *   objects. It does not touch CORS requests (fetch, XHR, EventSource), which is how web clients call the API.
 * - `strict-transport-security` in production when PUBLIC_BASE_URL is https: that is the origin clients are told
 *   to use (tokens name it as issuer), so it is served over TLS by whatever terminates it in front of the gateway.
 *   Browsers ignore the header on an answer that came over plain http, so a direct call inside the cluster is
 *   unaffected. Not decided from X-Forwarded-Proto: that would need a trusted proxy for a header that only
 *   matters when the public origin is https anyway. No includeSubDomains or preload: the operator's other hosts
 *   under the domain are not ours to commit.
 * Cross-Origin-Opener-Policy is left out: it matters only for pages, and Sandbox's embedded Studio opens windows
 * that would lose their opener.
 */
export function securityHeaders(config: { nodeEnv: string; publicBaseUrl: string }): ReadonlyArray<[string, string]> {
  const headers: Array<[string, string]> = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', 'DENY'],
    ['content-security-policy', "frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
  ];
  if (config.nodeEnv === 'production' && config.publicBaseUrl.startsWith('https:')) headers.push(['strict-transport-security', 'max-age=31536000']);
  return headers;
}
