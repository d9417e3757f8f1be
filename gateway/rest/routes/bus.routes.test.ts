import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { loadConfig } from '../../../shared/config/platform.config';
import { operationCost } from '../../graphql-limits.validator';
import { busRoutes } from './bus.routes';

describe('bus REST route', () => {
  // The committed supergraph (schema:check keeps it current); from dist/gateway/rest/routes.
  const schema = buildSchema(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'schema', 'federation', 'supergraph.graphql'), 'utf8'));
  const operation = busRoutes[0].operation({
    query: new URLSearchParams({ from: 'DAR_ES_SALAAM:RGN:0', to: 'ARUSHA:RGN:0', date: '2026-12-01' }),
    params: {},
    body: undefined,
    headers: {},
  });

  it('asks a valid operation of the composed graph', () => {
    expect(validate(schema, parse(operation.query))).toEqual([]);
  });

  it('costs less than the default GRAPHQL_MAX_COST, every trip field, alternatives and seat layouts included', () => {
    const cost = operationCost(schema, parse(operation.query));
    expect(cost).toBeGreaterThan(1000);
    expect(cost).toBeLessThanOrEqual(loadConfig({}).graphqlMaxCost);
  });
});
