import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, chromiumAvailable } from '../support/chromium';
import { startTestStack } from '../support/test-platform';
import { adult, daysAhead, FlightClient } from '../support/flight-client';
import { nextMonthDay, reserveSeat, selectExpressTrain } from '../support/train-trip';
import type { RestAgentReservationAnswer } from '../support/rest-bodies';

const EXAMPLE = path.resolve(__dirname, '..', '..', '..', 'examples', 'web-client');

const available = chromiumAvailable('web client browser check');

/** The example page and its bundle, from an origin of their own (another loopback port than the gateway's). */
async function serveExample(dir: string): Promise<{ server: Server; url: string }> {
  const files: Record<string, { type: string; body: Buffer }> = {
    '/index.html': { type: 'text/html; charset=utf-8', body: readFileSync(path.join(EXAMPLE, 'web', 'index.html')) },
    '/app.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(dir, 'app.js')) },
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' }).end(file?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * examples/web-client's browser page in headless Chromium (issue 26): an agent logs in, pages through its trips, reads
 * its wallet statement and watches a train issuance reach ISSUED over the gateway's SSE stream, without polling; the
 * page is served from another origin, so CORS is real, and the console stays free of errors.
 */
(available ? describe : describe.skip)('the web client example in headless Chromium', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let bundleDir: string;
  let profile: string;
  let site: { server: Server; url: string };
  let context: BrowserContext;
  let page: Page;
  let trainPaymentReference: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    env = await startTestStack();
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'web@browser.test', 'SERVICE_AGENT', { currency: 'TZS', openingBalance: '20000000' });
    const offer = await agent.firstOffer({ originLocationCode: 'DAR', destinationLocationCode: 'ZNZ', departureDate: daysAhead(25) });
    const flight = await agent.call<RestAgentReservationAnswer>('POST', '/api/flight/reserve/agent', {
      offerReference: offer.offerReference,
      passengers: [adult()],
    });
    expect(flight.status).toBe(201);
    expect((await agent.call('POST', '/api/flight/purchase/agent', { ticketId: flight.body.reservation.ticketIds[0] })).status).toBe(200);
    const train = await selectExpressTrain(agent, nextMonthDay(7));
    trainPaymentReference = (await reserveSeat(agent, train, train.seats[0])).paymentReference;

    bundleDir = mkdtempSync(path.join(os.tmpdir(), 'safiri-web-'));
    await build({
      entryPoints: [path.join(EXAMPLE, 'src', 'browser', 'app.ts')],
      bundle: true,
      format: 'esm',
      outfile: path.join(bundleDir, 'app.js'),
      logLevel: 'error',
    });
    site = await serveExample(bundleDir);
    profile = mkdtempSync(path.join(os.tmpdir(), 'safiri-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    site?.server.close();
    for (const dir of [profile, bundleDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    await env?.close();
  });

  it('logs in, pages through the trips, shows the statement and watches the train issuance reach ISSUED', async () => {
    // One trip per page, so the next-page button is exercised.
    await page.goto(`${site.url}/index.html?api=${encodeURIComponent(env.baseUrl)}&pageSize=1`);
    await page.fill('input[name=email]', 'web@browser.test');
    await page.fill('input[name=password]', 'flight password 1');
    await page.click('button[type=submit]');

    const trips = page.locator('#trips-body tr.trip');
    await trips.first().waitFor();
    // Live: the newest trip, the train, is watched; the stream's first message is its current state.
    await page.locator('#trips-body tr.trip', { hasText: 'TRAIN' }).getByRole('button', { name: 'Watch' }).click();
    await page.locator('#live-log li.live-status', { hasText: 'RESERVED' }).waitFor();
    const seen = [await trips.first().locator('td').first().textContent()];
    await page.click('#trips-next');
    await page.waitForFunction(`document.querySelector('#trips-body tr.trip td')?.textContent !== ${JSON.stringify(seen[0])}`);
    seen.push(await trips.first().locator('td').first().textContent());
    expect(seen.sort()).toEqual(['FLIGHT', 'TRAIN']);
    await expect(page.locator('#trips-next').isHidden()).resolves.toBe(true);

    // The statement: the newest entry's balance after is the wallet's balance; the purchase's debit is among the entries.
    const entries = page.locator('#entries-body tr.entry');
    await entries.first().waitFor();
    expect(await entries.first().locator('.balance-after').textContent()).toBe(await page.locator('#wallet-balance').textContent());
    while (await page.locator('#entries-next').isVisible()) {
      const count = await entries.count();
      await page.click('#entries-next');
      await page.waitForFunction(`document.querySelectorAll('#entries-body tr.entry').length > ${count}`);
    }
    const types = await entries.locator('td:nth-child(2)').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['OPENING_BALANCE']));

    // The issuance, driven over REST meanwhile, reaches the page through the stream without polling.
    const issued = await agent.call('POST', `/api/trip/train/ticket/${trainPaymentReference}/issue`, {});
    expect(issued.status).toBe(202);
    await page.locator('#live-log li.live-status', { hasText: 'ISSUED' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#error').textContent()).toBe('');
    expect(consoleErrors).toEqual([]);
  });
});
