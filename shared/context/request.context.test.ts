import { parseLanguage, requestIdFrom } from './request.context';
import { gatewayContext } from '../../gateway/gateway.context';

describe('request context', () => {
  it.each([
    [undefined, 'en'],
    ['sw', 'sw'],
    ['sw-TZ', 'sw'],
    ['SW', 'sw'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['swahili-ish', 'en'],
  ])('Content-Language %s reads as %s', (header, language) => expect(parseLanguage(header)).toBe(language));

  it('keeps a well-formed request id and replaces a malformed one', () => {
    expect(requestIdFrom({ 'x-request-id': 'abc-12345' })).toBe('abc-12345');
    const generated = requestIdFrom({ 'x-request-id': 'bad id with spaces' });
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('forwards exactly the documented headers to subgraphs, and the client address the gateway saw', () => {
    const context = gatewayContext(
      'req-12345678',
      {
        authorization: 'Bearer t',
        'content-language': 'sw',
        'content-currency': 'KES',
        'x-external-user-id': 'agent-user-7',
        'x-authentication-context': 'POS',
        'x-request-id': 'spoofed-0000',
        'x-safiri-client-address': '203.0.113.9',
        cookie: 'session=1',
        host: 'example',
      },
      '198.51.100.4',
    );
    expect(context.forwardedHeaders).toEqual({
      'x-request-id': 'req-12345678',
      'x-safiri-client-address': '198.51.100.4',
      authorization: 'Bearer t',
      'content-language': 'sw',
      'content-currency': 'KES',
      'x-external-user-id': 'agent-user-7',
      'x-authentication-context': 'POS',
    });
  });
});
