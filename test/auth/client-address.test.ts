import type { IncomingMessage } from 'node:http';
import { clientAddress, forwardedClientAddress, isLoopbackAddress, normalizeAddress, throttleAddress } from '../../shared/http/client-address.reader';

function request(peer: string | undefined, headers: Record<string, string | string[]> = {}) {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

describe('the client address the gateway forwards', () => {
  test('without trusted proxies it is the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('198.51.100.7', { 'x-forwarded-for': '203.0.113.1' }), 0)).toBe('198.51.100.7');
    expect(clientAddress(request('::ffff:198.51.100.7'), 0)).toBe('198.51.100.7');
    expect(clientAddress(request('2001:DB8::1%eth0'), 0)).toBe('2001:db8::1');
  });

  test('with n trusted proxies it is the n-th X-Forwarded-For entry from the right', () => {
    // The client wrote "1.1.1.1" itself; our proxy appended the address it saw, 203.0.113.5.
    const viaOne = request('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.5' });
    expect(clientAddress(viaOne, 1)).toBe('203.0.113.5');
    const viaTwo = request('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.5, 10.0.0.9' });
    expect(clientAddress(viaTwo, 2)).toBe('203.0.113.5');
    // Repeated headers are one list.
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': ['1.1.1.1', '203.0.113.5'] }), 1)).toBe('203.0.113.5');
  });

  test('fewer entries than trusted proxies give the leftmost; garbage or none gives the peer', () => {
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '203.0.113.5' }), 3)).toBe('203.0.113.5');
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': 'not-an-address' }), 1)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
  });

  test('loopback is 127.0.0.0/8 and ::1, as clientAddress normalises them', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', clientAddress(request('::ffff:127.0.0.1'), 0)]) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.0.0.1', '198.51.100.7', '::2', '2001:db8::1', 'unknown', '1127.0.0.1']) expect(isLoopbackAddress(address)).toBe(false);
  });

  test('a subgraph takes the forwarded address, or its own peer when the header is missing or not an address', () => {
    expect(forwardedClientAddress(request('127.0.0.1', { 'x-safiri-client-address': '203.0.113.5' }))).toBe('203.0.113.5');
    expect(forwardedClientAddress(request('127.0.0.1', { 'x-safiri-client-address': 'evil' }))).toBe('127.0.0.1');
    expect(forwardedClientAddress(request('127.0.0.1'))).toBe('127.0.0.1');
    expect(forwardedClientAddress(request(undefined))).toBe('unknown');
  });

  test.each([
    ['', undefined],
    ['x.y', undefined],
    [' 10.1.2.3 ', '10.1.2.3'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['fe80::1%lo', 'fe80::1'],
  ])('normalizeAddress(%j) is %j', (value, expected) => expect(normalizeAddress(value)).toBe(expected));
});

describe('the unit a per-address login rule counts', () => {
  test('an IPv4 address is itself; IPv6 addresses count per /64', () => {
    expect(throttleAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});
