import { checkNewWebhookEndpoint, checkWebhookEndpointChange, checkWebhookPage } from './webhook-endpoint.validator';

const URL = 'https://hooks.partner.example/safiri';

describe('the webhook endpoint validator (REST and GraphQL alike)', () => {
  it('accepts a URL, known event types and a description, trimmed; no description is null', () => {
    expect(checkNewWebhookEndpoint({ url: ` ${URL} `, events: ['flight.order.issued', 'train.issuance.issued'], description: ' Ops ' })).toEqual({
      values: { url: URL, events: ['flight.order.issued', 'train.issuance.issued'], description: 'Ops' },
    });
    expect(checkNewWebhookEndpoint({ url: 'HTTPS://Hooks.Partner.Example/x', events: ['flight.order.issued'] })).toEqual({
      values: { url: 'HTTPS://Hooks.Partner.Example/x', events: ['flight.order.issued'], description: null },
    });
  });

  it('lists every problem at once, in member order', () => {
    expect(checkNewWebhookEndpoint({ url: 'http://hooks.partner.example', events: [], description: 'x'.repeat(256) })).toEqual({
      problems: [
        { field: 'url', message: 'must use https' },
        { field: 'events', message: 'must list 1 to 20 event types' },
        { field: 'description', message: 'must be at most 255 characters' },
      ],
    });
  });

  it('requires an absolute HTTPS URL of at most 2048 characters, without credentials', () => {
    const urlProblem = (url: unknown) => {
      const checked = checkNewWebhookEndpoint({ url, events: ['flight.order.issued'] });
      return 'problems' in checked ? checked.problems.map((p) => p.message) : [];
    };
    expect(urlProblem(undefined)).toEqual(['is required (an absolute HTTPS URL)']);
    expect(urlProblem('  ')).toEqual(['is required (an absolute HTTPS URL)']);
    expect(urlProblem(42)).toEqual(['is required (an absolute HTTPS URL)']);
    expect(urlProblem('/relative/path')).toEqual(['must be an absolute HTTPS URL']);
    for (const scheme of ['http', 'HTTP', 'ftp', 'file', 'ws']) expect(urlProblem(`${scheme}://hooks.partner.example/x`)).toEqual(['must use https']);
    expect(urlProblem('https://user:pass@hooks.partner.example/x')).toEqual(['must not carry credentials']);
    expect(urlProblem(`https://hooks.partner.example/${'a'.repeat(2048 - 30)}`)).toEqual([]);
    expect(urlProblem(`https://hooks.partner.example/${'a'.repeat(2048)}`)).toEqual(['must be at most 2048 characters']);
  });

  it('takes 1 to 20 known, distinct event types; webhook.ping is not subscribed to', () => {
    const problems = (events: unknown) => {
      const checked = checkNewWebhookEndpoint({ url: URL, events });
      return 'problems' in checked ? checked.problems : [];
    };
    expect(problems(['flight.order.issued', 'flight.order.issued'])).toEqual([{ field: 'events[1]', message: 'repeats flight.order.issued' }]);
    expect(problems(['flight.order.shipped'])).toEqual([
      { field: 'events[0]', message: expect.stringMatching(/^is not a known event type \(one of flight\./) },
    ]);
    expect(problems(['Flight.Order.Issued'])).toHaveLength(1);
    expect(problems(['webhook.ping'])).toEqual([
      { field: 'events[0]', message: 'webhook.ping cannot be subscribed to: every ping sends it to the endpoint pinged' },
    ]);
    expect(problems([7])).toEqual([{ field: 'events[0]', message: 'must be a string' }]);
    expect(problems('flight.order.issued')).toEqual([{ field: 'events', message: 'must list 1 to 20 event types' }]);
    expect(problems(new Array(21).fill('flight.order.issued'))[0]).toEqual({ field: 'events', message: 'must list at most 20 event types' });
  });

  it('checks only the members a change gives; null clears the description, and enabled is a boolean', () => {
    expect(checkWebhookEndpointChange({})).toEqual({ values: {} });
    expect(checkWebhookEndpointChange({ enabled: true, description: null })).toEqual({ values: { enabled: true, description: null } });
    expect(checkWebhookEndpointChange({ url: 'http://x.example', enabled: 'yes', events: [] })).toEqual({
      problems: [
        { field: 'url', message: 'must use https' },
        { field: 'events', message: 'must list 1 to 20 event types' },
        { field: 'enabled', message: 'must be true or false' },
      ],
    });
  });

  it('bounds a page from 1 to 100', () => {
    expect(checkWebhookPage(1)).toEqual([]);
    expect(checkWebhookPage(100)).toEqual([]);
    for (const first of [0, 101, 2.5, '20']) expect(checkWebhookPage(first)).toEqual([{ field: 'first', message: 'must be an integer from 1 to 100' }]);
  });
});
