import type { LookupAddress } from 'node:dns';
import { isPublicAddress, OutboundDestinationRefused, resolveOutboundDestination, urlRefusal } from './outbound-destination.policy';

const strict = { allowPrivate: false };

describe('urlRefusal', () => {
  it.each([
    'https://169.254.169.254/latest/meta-data',
    'https://10.1.2.3/hook',
    'https://10.1.2.3./hook',
    'https://[::7f00:1]:8443/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[0:0:0:0:0:ffff:0a00:0001]/hook',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[2002:7f00:1::]/hook',
    'https://[64:ff9b::a9fe:a9fe]/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://017700000001/hook',
    'https://127.1/hook',
    'https://0/hook',
    'https://LOCALHOST.:8443/hook',
    'https://localhost/hook',
    'https://api.localhost/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://printer.local/hook',
    'https://intranet/hook',
    'https://100.64.0.1/hook',
    'https://192.168.1.1/hook',
    'https://172.31.255.255/hook',
    'https://224.0.0.1/hook',
    'https://255.255.255.255/hook',
  ])('refuses %s', (url) => {
    expect(urlRefusal(url, strict)).toMatch(/private|public host/);
  });

  it.each([
    ['http://agent.example.com/hook', 'must use https'],
    ['ftp://agent.example.com/hook', 'must use https'],
    ['https://user:pw@agent.example.com/hook', 'must not carry credentials'],
    ['not a url', 'must be an absolute HTTPS URL'],
  ])('refuses %s: %s', (url, problem) => {
    expect(urlRefusal(url, strict)).toBe(problem);
  });

  it.each([
    'https://agent.example.com/hook',
    'https://93.184.216.34/hook',
    'https://[2606:4700::1111]/hook',
    'https://[64:ff9b::808:808]/',
    'https://AGENT.Example.COM./x',
  ])('accepts %s', (url) => {
    expect(urlRefusal(url, strict)).toBeNull();
  });

  it('lets tests reach loopback over plain http only when private receivers are allowed', () => {
    expect(urlRefusal('http://127.0.0.1:4000/hook', { allowPrivate: true })).toBeNull();
    expect(urlRefusal('http://127.0.0.1:4000/hook', strict)).toBe('must use https');
  });
});

describe('isPublicAddress', () => {
  it.each(['127.0.0.1', '::1', '::ffff:7f00:1', '::ffff:127.0.0.1', '::7f00:1', 'fe80::1%eth0', '2002:a00:1::1', '0.0.0.0', '::', 'not-an-address'])(
    'refuses %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );
  it.each(['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2002:808:808::1'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolveOutboundDestination', () => {
  const resolving =
    (...addresses: string[]) =>
    async (): Promise<LookupAddress[]> =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any address it resolves to is private', async () => {
    const lookup = resolving('93.184.216.34', '10.0.0.7');
    await expect(resolveOutboundDestination('https://rebind.example.com/hook', { ...strict, lookup })).rejects.toThrow(
      new OutboundDestinationRefused('host rebind.example.com resolves to a private, loopback, link-local or reserved address'),
    );
  });

  it('answers the addresses of a public name, to connect to exactly those', async () => {
    const lookup = resolving('93.184.216.34', '2606:2800:220:1::1');
    const { url, addresses } = await resolveOutboundDestination('https://agent.example.com./hook', { ...strict, lookup });
    expect(url.pathname).toBe('/hook');
    expect(addresses.map((a) => a.address)).toEqual(['93.184.216.34', '2606:2800:220:1::1']);
  });

  it('refuses a name that does not resolve, with the name', async () => {
    const lookup = async (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveOutboundDestination('https://nowhere.example.com/', { ...strict, lookup })).rejects.toThrow(
      'host nowhere.example.com does not resolve',
    );
  });

  it('refuses a local name before asking any resolver', async () => {
    const lookup = jest.fn(resolving('93.184.216.34'));
    await expect(resolveOutboundDestination('https://LOCALHOST.:8443/hook', { ...strict, lookup })).rejects.toThrow('must name a public host');
    expect(lookup).not.toHaveBeenCalled();
  });
});
