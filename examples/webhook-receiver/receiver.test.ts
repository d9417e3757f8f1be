import type { AddressInfo } from 'node:net';
import { signatureHeader } from '../../shared/webhooks/webhook-signature.codec';
import { createReceiver } from './receiver';

describe('the webhook receiver example', () => {
  it('takes a signed delivery once, however often it comes, and refuses a forged one', async () => {
    const events: string[] = [];
    const server = createReceiver('whsec_example', (event) => events.push(`${event.type} ${event.id}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook.ping', createdAt: '2026-11-27T10:00:00Z', apiVersion: '1', data: {} });
    const send = (signature: string) => fetch(url, { method: 'POST', headers: { 'safiri-signature': signature }, body });
    const signed = signatureHeader(['whsec_example'], Math.floor(Date.now() / 1000), body);
    try {
      expect((await send(signed)).status).toBe(204);
      expect((await send(signed)).status).toBe(204);
      const forged = await send(signatureHeader(['whsec_guess'], Math.floor(Date.now() / 1000), body));
      expect({ status: forged.status, reason: await forged.text() }).toEqual({ status: 400, reason: 'no signature matches the secret' });
      expect(events).toEqual(['webhook.ping evt_1']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
