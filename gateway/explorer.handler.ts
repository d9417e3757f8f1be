import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { PreparedReply, prepareReply, sendPreparedReply } from './rest/prepared-reply.writer';

/*
 * GET /explorer: GraphiQL served by the gateway itself from npm packages (graphiql 3's browser build on
 * React 18), so the graph can be explored without reaching any CDN. Apollo Sandbox stays the landing
 * page of /graphql (withExplorerLink adds a link here for a browser that cannot load it); this page is for
 * machines without internet. Every asset comes from this origin.
 */

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Safiri GraphQL explorer</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/explorer/assets/graphiql.css">
<style>html, body, #explorer { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="explorer">Loading the explorer…</div>
<script src="/explorer/assets/react.js"></script>
<script src="/explorer/assets/react-dom.js"></script>
<script src="/explorer/assets/graphiql.js"></script>
<script src="/explorer/assets/start.js"></script>
</body>
</html>
`;

/** Starts GraphiQL against this gateway; the header editor holds the bearer token (kept in the browser only if asked). */
const START = `(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).toString() });
  var headers = JSON.stringify({ Authorization: 'Bearer <token from POST /api/logon>' }, null, 2);
  var query = '# Log in with POST /api/logon, put the token in Headers below, then run a query.\\n{\\n  trainStations {\\n    stopId\\n    stopName\\n  }\\n}\\n';
  ReactDOM.createRoot(document.getElementById('explorer')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: query, defaultHeaders: headers, isHeadersEditorEnabled: true, shouldPersistHeaders: false })
  );
})();
`;

const ASSETS: Record<string, { module: string; type: string }> = {
  'react.js': { module: 'react/umd/react.production.min.js', type: 'text/javascript; charset=utf-8' },
  'react-dom.js': { module: 'react-dom/umd/react-dom.production.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.js': { module: 'graphiql/graphiql.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { module: 'graphiql/graphiql.min.css', type: 'text/css; charset=utf-8' },
};

/** The project's node_modules (this file runs as dist/gateway/explorer.handler.js); the packages' exports maps hide these browser builds from require.resolve. */
const NODE_MODULES = path.resolve(__dirname, '..', '..', 'node_modules');

/**
 * Scripts and styles from this origin only (GraphiQL sets inline styles, its editor runs web workers from blobs,
 * and its stylesheet embeds its fonts as data: URLs).
 */
const CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

/** Answers /explorer and its assets; returns false for any other path. Files are read and prepared once. */
export function explorerHandler(): (req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>) => Promise<boolean> {
  const prepared = new Map<string, PreparedReply>();
  const reply = (name: string): PreparedReply | undefined => {
    const known = prepared.get(name);
    if (known) return known;
    let built: PreparedReply | undefined;
    if (name === 'page') {
      built = prepareReply(
        { body: Buffer.from(PAGE), headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': CSP } },
        { tagged: true },
      );
    } else if (name === 'start.js') {
      built = prepareReply(
        { body: Buffer.from(START), headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' } },
        { tagged: true },
      );
    } else if (ASSETS[name]) {
      const body = readFileSync(path.join(NODE_MODULES, ASSETS[name].module));
      built = prepareReply({ body, headers: { 'content-type': ASSETS[name].type, 'cache-control': 'public, max-age=86400' } }, { tagged: true });
    }
    if (built) prepared.set(name, built);
    return built;
  };
  return async (req, res, pathname, headers) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const name =
      pathname === '/explorer' || pathname === '/explorer/'
        ? 'page'
        : pathname.startsWith('/explorer/assets/')
          ? pathname.slice('/explorer/assets/'.length)
          : null;
    const found = name === null ? undefined : reply(name);
    if (!found) return false;
    await sendPreparedReply(req, res, found, headers);
    return true;
  };
}

/** Shown by Apollo's landing page under its own "you might be offline" line, until Sandbox fills the page. */
const OFFLINE_NOTE = '<p>Without internet, use the GraphiQL explorer this gateway serves itself: <a href="/explorer">open the explorer at /explorer</a>.</p>';

/**
 * Apollo's landing page of /graphql (Sandbox, loaded from Apollo's CDN) with a link to /explorer for a browser
 * without internet. Sandbox draws into an empty element laid over the page; while it stays empty (its script
 * did not load) that element is hidden, so the link under it can be clicked. The added style carries the page's
 * own nonce: its content security policy allows nothing else.
 */
export function withExplorerLink<TContext extends BaseContext>(landingPage: ApolloServerPlugin<TContext>): ApolloServerPlugin<TContext> {
  return {
    ...landingPage,
    async serverWillStart(service) {
      const listener = await landingPage.serverWillStart?.(service);
      const render = listener?.renderLandingPage;
      if (!listener || !render) return listener;
      return {
        ...listener,
        async renderLandingPage() {
          const page = await render();
          const html = typeof page.html === 'string' ? page.html : await page.html();
          return { html: addExplorerLink(html) };
        },
      };
    },
  };
}

/** Apollo's page with the note after its offline message (or at the end of its body if that ever moves). */
export function addExplorerLink(html: string): string {
  const nonce = /nonce="?([0-9a-zA-Z+/=_-]+)"?/.exec(html)?.[1];
  const style = nonce ? `<style nonce="${nonce}">#embeddableSandbox:empty { display: none; }</style>` : '';
  const offline = /(<div class="fallback">[\s\S]*?<\/p>)/;
  if (offline.test(html)) return html.replace(offline, (found) => `${found}\n  ${OFFLINE_NOTE}\n${style}`);
  return html.replace('</body>', `<div>${OFFLINE_NOTE}</div>${style}</body>`);
}
