import type { LookupAddress } from 'node:dns';
import { WebhookEndpointException } from '../api-contract/webhook-endpoint.exception';
import { checkWebhookDestination } from './webhook-destination.check';

/** A resolver of a few names: public ones, ones that lead inside, and the rest not found. */
const NAMES: Record<string, LookupAddress[]> = {
  'hooks.partner.example': [{ address: '93.184.215.14', family: 4 }],
  'v6.partner.example': [{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
  'inside.partner.example': [{ address: '10.1.2.3', family: 4 }],
  'metadata.partner.example': [{ address: '169.254.169.254', family: 4 }],
  'mixed.partner.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '::ffff:127.0.0.1', family: 6 },
  ],
};
const lookup = async (host: string): Promise<LookupAddress[]> => {
  const found = NAMES[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

async function refusal(url: string, options: { allowPrivate?: boolean } = {}): Promise<{ code: string; status: number; message: string } | null> {
  try {
    await checkWebhookDestination(url, { allowPrivate: options.allowPrivate ?? false, lookup });
    return null;
  } catch (error) {
    if (!(error instanceof WebhookEndpointException)) throw error;
    return { code: error.errorCode, status: error.status, message: error.errorMessage };
  }
}

const PRIVATE = 'url must not point to a private, loopback, link-local or reserved address';

describe('where a webhook URL leads, checked at registration', () => {
  it('accepts public hosts, by name (every address public) or by literal', async () => {
    for (const url of [
      'https://hooks.partner.example/x',
      'https://v6.partner.example/x',
      'https://93.184.215.14/x',
      'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/',
    ])
      expect(await refusal(url)).toBeNull();
  });

  it.each([
    ['loopback', 'https://127.0.0.1/x'],
    ['loopback, another of 127/8', 'https://127.1.2.3:8443/x'],
    ['private 10/8', 'https://10.0.0.1/x'],
    ['private 172.16/12', 'https://172.16.5.4/x'],
    ['private 192.168/16', 'https://192.168.1.1/x'],
    ['CGNAT', 'https://100.64.0.1/x'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['decimal IPv4', 'https://2130706433/x'],
    ['hex IPv4', 'https://0x7f000001/x'],
    ['dotted hex IPv4', 'https://0x7f.0x0.0x0.0x1/x'],
    ['octal IPv4', 'https://0177.0.0.1/x'],
    ['short IPv4', 'https://127.1/x'],
    ['decimal metadata', 'https://2852039166/x'],
    ['0.0.0.0', 'https://0.0.0.0/x'],
    ['IPv6 loopback', 'https://[::1]/x'],
    ['IPv6 loopback in full', 'https://[0:0:0:0:0:0:0:1]/x'],
    ['IPv6-mapped IPv4 loopback', 'https://[::ffff:127.0.0.1]/x'],
    ['IPv6-mapped, hex tail', 'https://[::ffff:7f00:1]/x'],
    ['IPv6-mapped metadata', 'https://[::ffff:169.254.169.254]/x'],
    ['IPv4-compatible (deprecated)', 'https://[::7f00:1]/x'],
    ['IPv6 unique local', 'https://[fd00::1]/x'],
    ['IPv6 link-local', 'https://[fe80::1]/x'],
    ['NAT64 of a private address', 'https://[64:ff9b::a00:1]/x'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/x'],
    ['with a port', 'https://[::1]:8443/x'],
  ])('refuses %s with 400 WEBHOOK_URL_REFUSED', async (_, url) => {
    expect(await refusal(url)).toEqual({ code: 'WEBHOOK_URL_REFUSED', status: 400, message: PRIVATE });
  });

  it.each([
    ['localhost', 'https://localhost/x'],
    ['upper-case LOCALHOST with a trailing dot', 'https://LOCALHOST.:8443/x'],
    ['a subdomain of localhost', 'https://api.localhost/x'],
    ['.internal (cloud metadata names)', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['.local', 'https://printer.local/x'],
    ['a single label', 'https://intranet/x'],
  ])('refuses %s as a local name', async (_, url) => {
    expect(await refusal(url)).toEqual({ code: 'WEBHOOK_URL_REFUSED', status: 400, message: 'url must name a public host' });
  });

  it('refuses names that resolve to a private, loopback or metadata address (one such address is enough), in any case, with a trailing dot', async () => {
    expect(await refusal('https://inside.partner.example/x')).toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
      message: 'url host inside.partner.example resolves to a private, loopback, link-local or reserved address',
    });
    expect(await refusal('https://METADATA.Partner.Example./x')).toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
      message: 'url host metadata.partner.example resolves to a private, loopback, link-local or reserved address',
    });
    expect(await refusal('https://mixed.partner.example/x')).toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
  });

  it('refuses a name that does not resolve, and a URL that is not HTTPS', async () => {
    expect(await refusal('https://nowhere.partner.example/x')).toEqual({
      code: 'WEBHOOK_URL_REFUSED',
      status: 400,
      message: 'url host nowhere.partner.example does not resolve',
    });
    expect(await refusal('ftp://hooks.partner.example/x')).toMatchObject({ message: 'url must use https' });
  });

  it('answers 502 WEBHOOK_URL_RESOLUTION_TIMEOUT when the resolver does not answer in time, instead of waiting for it', async () => {
    const hung = () => new Promise<LookupAddress[]>(() => undefined);
    const checked = checkWebhookDestination('https://slow.partner.example/x', { allowPrivate: false, lookup: hung, timeoutMs: 20 });
    await expect(checked).rejects.toMatchObject({ errorCode: 'WEBHOOK_URL_RESOLUTION_TIMEOUT', status: 502, data: { field: 'url', retryable: true } });
  });

  it('with private receivers allowed (tests, local development) lets loopback through without resolving', async () => {
    const never = jest.fn(lookup);
    await expect(checkWebhookDestination('https://127.0.0.1:8443/x', { allowPrivate: true, lookup: never })).resolves.toBeUndefined();
    await expect(checkWebhookDestination('https://localhost:8443/x', { allowPrivate: true, lookup: never })).resolves.toBeUndefined();
    expect(never).not.toHaveBeenCalled();
  });
});
