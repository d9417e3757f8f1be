import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PreparedReply, prepareReply, sendPreparedReply } from './rest/prepared-reply.writer';

/*
 * GET /explorer: GraphiQL served by the gateway itself from npm packages (graphiql 3's browser build on
 * React 18), so the graph can be explored without reaching any CDN. Apollo Sandbox stays the landing
 * page of /graphql; this page is for machines without internet. Every asset comes from this origin.
 */

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Safiri GraphQL explorer</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
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

/** Scripts and styles from this origin only (GraphiQL sets inline styles, and its editor runs web workers from blobs). */
const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

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
