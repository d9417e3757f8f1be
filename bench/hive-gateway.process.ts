import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, RequestListener } from 'node:http';
import path from 'node:path';
import { listen } from '../shared/http/listen.server';

/**
 * The comparison gateway of `npm run bench` (only with BENCH_HIVE_DIR): The Guild's Hive Gateway
 * runtime with the Rust query planner (@graphql-hive/router-runtime), serving the same committed
 * supergraph in front of the same subgraphs, in its own process as our gateway runs in its own.
 *
 * It is not a dependency of the project: its current line pulls packages that declare Node ≥ 22.15
 * (EBADENGINE on the Node 20 we run), so it is installed by hand into a folder of its own, e.g.
 * `npm install --prefix /tmp/hive @graphql-hive/gateway-runtime @graphql-hive/router-runtime @graphql-mesh/transport-http graphql@16`,
 * and loaded from there.
 */
interface HiveRuntime {
  createGatewayRuntime(options: Record<string, unknown>): RequestListener;
}
interface RouterRuntime {
  unifiedGraphHandler: unknown;
}

async function main(): Promise<void> {
  const dir = process.env.BENCH_HIVE_DIR;
  const urls = JSON.parse(process.env.BENCH_HIVE_SUBGRAPHS ?? '{}') as Record<string, string>;
  if (!dir) throw new Error('BENCH_HIVE_DIR is not set');
  const load = createRequire(path.join(path.resolve(dir), 'package.json'));
  const { createGatewayRuntime } = load('@graphql-hive/gateway-runtime') as HiveRuntime;
  const { unifiedGraphHandler } = load('@graphql-hive/router-runtime') as RouterRuntime;

  // The committed supergraph names each subgraph http://<name>.internal/graphql; the bench's run where they listen.
  let supergraph = readFileSync(path.resolve(__dirname, '..', '..', 'schema', 'supergraph.graphql'), 'utf8');
  for (const [name, url] of Object.entries(urls)) supergraph = supergraph.replace(`url: "http://${name}.internal/graphql"`, `url: "${url}"`);

  const gateway = createGatewayRuntime({
    supergraph: () => supergraph,
    unifiedGraphHandler,
    logging: false,
    landingPage: false,
    graphiql: false,
    // What our gateway forwards that the subgraphs need to answer: the caller's token and language.
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }: { request: Request }) => ({
        authorization: request.headers.get('authorization'),
        'content-language': request.headers.get('content-language'),
      }),
    },
  });
  const server = createServer(gateway);
  server.keepAliveTimeout = 65_000;
  const port = await listen(server, 0, '127.0.0.1');
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}/graphql` });
  process.on('message', (message) => {
    if (message === 'stop') server.close(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((error: Error) => {
  process.send?.({ type: 'failed', reason: error.stack ?? error.message });
  process.exit(1);
});
