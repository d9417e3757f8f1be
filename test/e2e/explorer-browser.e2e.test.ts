import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, chromiumAvailable } from '../support/chromium';
import { signedInCustomer, startTestStack } from '../support/test-platform';

/** Where the screenshot is kept for a person to look at (repository root's test-output/, ignored by git). */
const OUTPUT_DIR = path.resolve(__dirname, '..', '..', '..', 'test-output');

const available = chromiumAvailable('explorer browser check');

/** /explorer in a real browser: GraphiQL loads the schema and runs a query with no request leaving the gateway's origin. */
(available ? describe : describe.skip)('GET /explorer in headless Chromium', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const requested: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    env = await startTestStack();
    token = await signedInCustomer(env, 'explorer@example.test', 'explorer password');
    profile = mkdtempSync(path.join(os.tmpdir(), 'safiri-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 900 },
    });
    context.on('request', (request) => requested.push(request.url()));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await env?.close();
  });

  it('loads the schema by introspection, shows the Query type in the docs and runs a query with a bearer token', async () => {
    const introspection = page.waitForResponse(
      (res) => res.url() === `${env.baseUrl}/graphql` && res.request().method() === 'POST' && (res.request().postData() ?? '').includes('__schema'),
    );
    await page.goto(`${env.baseUrl}/explorer`);
    const answered = await introspection;
    expect(answered.status()).toBe(200);
    expect(JSON.stringify(await answered.json())).toContain('"name":"Query"');

    // The docs explorer lists the root types once the schema is in.
    await page.getByRole('button', { name: /Documentation Explorer/ }).click();
    const docs = page.locator('.graphiql-doc-explorer');
    await docs.getByText('Root Types').waitFor();
    await docs.getByRole('link', { name: 'Query' }).first().click();
    await docs.getByText('trainStations').first().waitFor();

    // The Headers tab takes the token; then run the default query (trainStations) from the editor.
    await page.getByRole('button', { name: 'Headers' }).click();
    const headersEditor = page.locator('.graphiql-editor-tool .graphiql-editor:visible .CodeMirror');
    await headersEditor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // insertText bypasses key events, so CodeMirror's bracket closing adds nothing.
    await page.keyboard.insertText(JSON.stringify({ Authorization: `Bearer ${token}` }));
    const run = page.waitForResponse((res) => res.url() === `${env.baseUrl}/graphql` && (res.request().postData() ?? '').includes('trainStations'));
    await page.locator('.graphiql-execute-button').click();
    const ran = await run;
    expect(ran.status()).toBe(200);
    expect(ran.request().headers().authorization).toBe(`Bearer ${token}`);
    await page.locator('.graphiql-response').getByText('DAR:SGR:0').first().waitFor();

    mkdirSync(OUTPUT_DIR, { recursive: true });
    const screenshot = path.join(OUTPUT_DIR, 'explorer-chromium.png');
    await page.screenshot({ path: screenshot });
    console.log(`explorer screenshot: ${screenshot}`);

    expect(pageErrors).toEqual([]);
    // Not one console error either (a content security policy refusing GraphiQL's data: fonts logged 35).
    expect(consoleErrors).toEqual([]);
    // Every request the page made (scripts, styles, workers, introspection, the query) went to the gateway.
    const origins = new Set(requested.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin));
    expect([...origins]).toEqual([new URL(env.baseUrl).origin]);
    expect(requested.length).toBeGreaterThan(5);
  });

  it('GET /graphql without internet points to /explorer, which then works', async () => {
    const offline = await context.newPage();
    const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);
    // Apollo Sandbox comes from Apollo's CDN: every request leaving this host fails as it would offline.
    await offline.route('**/*', (route) => (loopback.has(new URL(route.request().url()).hostname) ? route.continue() : route.abort('internetdisconnected')));
    await offline.goto(`${env.baseUrl}/graphql`);
    const link = offline.getByRole('link', { name: /explorer/i });
    await link.waitFor({ state: 'visible' });
    expect(await link.getAttribute('href')).toBe('/explorer');
    await link.click();
    await offline.waitForURL(`${env.baseUrl}/explorer`);
    await offline.locator('.graphiql-container').waitFor();
    await offline.close();
  });

  it("lets a page of another origin send Apollo Client's own headers (client name, version, operation name) with its token", async () => {
    // The app: a page on another origin (another port is another origin to the browser).
    const app: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const other = await context.newPage();
    try {
      await other.goto(appOrigin);
      const answer = await other.evaluate(
        async ({ url, bearer }) => {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/graphql-response+json, application/json',
              authorization: `Bearer ${bearer}`,
              'apollographql-client-name': 'agent-portal',
              'apollographql-client-version': '1.4.0',
              'x-apollo-operation-name': 'Me',
            },
            body: JSON.stringify({ operationName: 'Me', query: 'query Me { me { email } }' }),
          });
          return { status: res.status, body: await res.json() };
        },
        { url: `${env.baseUrl}/graphql`, bearer: token },
      );
      expect(answer).toEqual({ status: 200, body: { data: { me: { email: 'explorer@example.test' } } } });
    } finally {
      await other.close();
      // Chromium keeps its connection alive: close it, or close() waits for it.
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    }
  });
});
