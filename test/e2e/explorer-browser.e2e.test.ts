import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signedInCustomer, startTestStack } from '../support/test-platform';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). Playwright never downloads a browser here. */
const CHROMIUM = '/usr/bin/chromium';
/** Where the screenshot is kept for a person to look at (repository root's test-output/, ignored by git). */
const OUTPUT_DIR = path.resolve(__dirname, '..', '..', '..', 'test-output');

// Quiet, offline Chromium: no sandbox (CI runs as root), and none of its own calls home.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const available = existsSync(CHROMIUM);
if (!available) console.warn(`explorer browser check skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

/** /explorer in a real browser: GraphiQL loads the schema and runs a query with no request leaving the gateway's origin. */
(available ? describe : describe.skip)('GET /explorer in headless Chromium', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const requested: string[] = [];
  const pageErrors: string[] = [];

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
    // Every request the page made (scripts, styles, workers, introspection, the query) went to the gateway.
    const origins = new Set(requested.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).origin));
    expect([...origins]).toEqual([new URL(env.baseUrl).origin]);
    expect(requested.length).toBeGreaterThan(5);
  });
});
