import { acceptCallbackUrl } from './callback-url.policy';

/** A resolver that never answers, as a hung DNS server looks to the request: it is never settled. */
const hung = () => new Promise<never>(() => undefined);

describe('acceptCallbackUrl', () => {
  it('refuses a host whose resolution never finishes with 400 SGR_CALLBACK_URL_INVALID instead of waiting for it', async () => {
    await expect(acceptCallbackUrl('https://hooks.agent.example/cb', { allowPrivate: false, lookup: hung, timeoutMs: 20 })).rejects.toMatchObject({
      errorCode: 'SGR_CALLBACK_URL_INVALID',
      status: 400,
      message: expect.stringContaining('could not be resolved in time'),
    });
  });

  it('accepts a host that resolves to a public address within the bound, and keeps the refusals of the outbound policy', async () => {
    const lookup = async () => [{ address: '93.184.215.14', family: 4 }];
    expect(await acceptCallbackUrl('https://hooks.agent.example/cb', { allowPrivate: false, lookup, timeoutMs: 1_000 })).toBe('https://hooks.agent.example/cb');
    const internal = async () => [{ address: '10.0.0.7', family: 4 }];
    await expect(acceptCallbackUrl('https://hooks.agent.example/cb', { allowPrivate: false, lookup: internal })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('private'),
    });
    const none = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(acceptCallbackUrl('https://hooks.agent.example/cb', { allowPrivate: false, lookup: none })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('does not resolve'),
    });
  });

  it('answers null when no callbackUrl is given and refuses a non-text one without resolving', async () => {
    expect(await acceptCallbackUrl('', { allowPrivate: false, lookup: hung })).toBeNull();
    expect(await acceptCallbackUrl(null, { allowPrivate: false, lookup: hung })).toBeNull();
    await expect(acceptCallbackUrl(42, { allowPrivate: false, lookup: hung })).rejects.toMatchObject({ status: 400 });
  });
});
