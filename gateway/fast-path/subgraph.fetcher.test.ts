import { createServer } from 'node:http';
import { RemoteGraphQLDataSource } from '@apollo/gateway';
import type { GraphQLError } from 'graphql';
import { closeServer, listen } from '../../shared/http/listen.server';
import { ANSWER_BYTES, subgraphFetcher, UNPARSED_ANSWER_HEADER } from './subgraph.fetcher';

const HEALTH_CHECK = 'health check' as never;

describe('the gateway subgraph fetcher', () => {
  it('keeps one connection alive across sequential subgraph calls, and passes a 4xx answer on whole', async () => {
    let connections = 0;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
        const bad = query.includes('bad');
        res.writeHead(bad ? 400 : 200, { 'content-type': 'application/json', 'x-seen-type': String(req.headers['content-type']) });
        res.end(JSON.stringify(bad ? { errors: [{ message: 'no' }] } : { data: { ok: true, query } }));
      });
    });
    server.on('connection', () => connections++);
    server.keepAliveTimeout = 10_000;
    const port = await listen(server, 0, '127.0.0.1');
    try {
      const source = new RemoteGraphQLDataSource({ url: `http://127.0.0.1:${port}/graphql`, fetcher: subgraphFetcher });
      for (let i = 0; i < 10; i++) {
        const answer = await source.process({ kind: HEALTH_CHECK, request: { query: `{ ok${i} }` }, context: {} });
        expect(answer.data).toEqual({ ok: true, query: `{ ok${i} }` });
        expect(answer.http?.headers.get('x-seen-type')).toBe('application/json');
      }
      expect(connections).toBe(1);
      const failed = (await source.process({ kind: HEALTH_CHECK, request: { query: '{ bad }' }, context: {} }).catch((e: unknown) => e)) as GraphQLError;
      expect(failed.extensions).toMatchObject({ response: { status: 400, body: { errors: [{ message: 'no' }] } } });
    } finally {
      server.closeAllConnections();
      await closeServer(server);
    }
  });

  it('asked by a header (not sent on), hands back a successful answer with data as its bytes; errors and 4xx are parsed as always', async () => {
    const answers: Record<string, [number, string]> = {
      data: [200, '{"data":{"ok":true}}\n'],
      errors: [200, '{"errors":[{"message":"no"}],"data":null}\n'],
      bad: [400, '{"data":null,"errors":[{"message":"bad"}]}'],
    };
    const seenHeaders: string[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const [status, body] = answers[(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string }).query];
        seenHeaders.push(...Object.keys(req.headers));
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      });
    });
    const port = await listen(server, 0, '127.0.0.1');
    try {
      const source = new RemoteGraphQLDataSource({ url: `http://127.0.0.1:${port}/graphql`, fetcher: subgraphFetcher });
      const call = (query: string, unparsed = false) =>
        source.process({
          kind: HEALTH_CHECK,
          request: { query, ...(unparsed && { http: { method: 'POST', url: '', headers: new Headers([[UNPARSED_ANSWER_HEADER, '1']]) } }) },
          context: {},
        });
      const unparsed = await call('data', true);
      expect(unparsed.data).toBeUndefined();
      expect((unparsed as { [ANSWER_BYTES]?: Buffer })[ANSWER_BYTES]?.toString('utf8')).toBe(answers.data[1]);
      const parsed = await call('data');
      expect(parsed.data).toEqual({ ok: true });
      expect((parsed as { [ANSWER_BYTES]?: Buffer })[ANSWER_BYTES]).toBeUndefined();
      const errors = await call('errors', true);
      expect(errors.errors).toEqual([{ message: 'no' }]);
      expect((errors as { [ANSWER_BYTES]?: Buffer })[ANSWER_BYTES]).toBeUndefined();
      const failed = (await call('bad', true).catch((e: unknown) => e)) as GraphQLError;
      expect(failed.extensions).toMatchObject({ response: { status: 400, body: { errors: [{ message: 'bad' }] } } });
      expect(seenHeaders).toContain('content-type');
      expect(seenHeaders).not.toContain(UNPARSED_ANSWER_HEADER);
    } finally {
      server.closeAllConnections();
      await closeServer(server);
    }
  });
});
