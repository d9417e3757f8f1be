import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getIntrospectionQuery, Kind, OperationDefinitionNode, parse } from 'graphql';
import { loadConfig } from '../shared/config/platform.config';
import companies from '../shared/reference-data/companies.json';
import { AirportService } from '../subgraphs/flight/services/airport.service';
import { StationService } from '../subgraphs/train/services/station.service';
import { BusStopService } from '../subgraphs/bus/services/bus-stop.service';
import { aliased, fragmentBomb } from '../test/support/graphql-documents';
import {
  cachedOperationCost,
  documentLimitsCheck,
  LIST_SIZE_HINTS,
  MAX_CHECKED_DOCUMENTS,
  measureOperation,
  operationCost,
  structureProblem,
} from './graphql-limits.validator';
import { REST_ROUTES } from './rest/routes';

// The committed supergraph (schema:check keeps it current); from dist/gateway.
const schema = buildSchema(readFileSync(path.resolve(__dirname, '..', '..', 'schema', 'federation', 'supergraph.graphql'), 'utf8'));
const config = loadConfig({});
const limits = {
  maxDepth: config.graphqlMaxDepth,
  maxSelections: config.graphqlMaxSelections,
  maxAliases: config.graphqlMaxAliases,
  maxFragmentSpreads: config.graphqlMaxFragmentSpreads,
};
const operationOf = (document: ReturnType<typeof parse>) =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;

describe('GraphQL operation limits', () => {
  it('measures a fragment spread 2^24 times by looking at each fragment once', () => {
    const document = parse(fragmentBomb(24));
    const shape = measureOperation(schema, document, operationOf(document));
    // Selections in the text: the operation's spread, F0's __typename, two spreads in each of F1..F24.
    expect(shape.visitedSelections).toBe(1 + 1 + 2 * 24);
    expect(shape.fragmentSpreads).toBe(2 ** 25 - 1);
    expect(shape.fields).toBe(2 ** 24);
  });

  it('refuses the fragment bomb, naming the first limit it breaks', () => {
    expect(structureProblem(parse(fragmentBomb(24)), limits)).toBe(
      'The operation makes 33554431 fragment spreads once fragments are expanded; the limit is 100',
    );
    // Far past 2^53 spreads: the counts saturate instead of turning into Infinity or NaN.
    expect(structureProblem(parse(fragmentBomb(400)), limits)).toBe(
      `The operation makes ${Number.MAX_SAFE_INTEGER} fragment spreads once fragments are expanded; the limit is 100`,
    );
  });

  it('counts fields, aliases and depth through fragments, cycles cut', () => {
    const document = parse(`
      query Q { a: airports { ...Stop } b: airports { ...Stop stopCode } trainStations { partners { ...Partner } } }
      fragment Stop on Airport { stopId n: stopName }
      fragment Partner on StationPartner { name company { name } }
    `);
    expect(measureOperation(schema, document, operationOf(document))).toMatchObject({
      fields: 12,
      aliases: 4,
      fragmentSpreads: 3,
      depth: 4,
      visitedSelections: 13,
    });
    const cyclic = parse('{ ...A } fragment A on Query { ...B jwks { keys { kid } } } fragment B on Query { ...A }');
    expect(measureOperation(schema, cyclic, operationOf(cyclic))).toMatchObject({ fields: 3, fragmentSpreads: 3 });
  });

  it('refuses too many aliases, fields and depth with QUERY_TOO_COMPLEX naming the limit', () => {
    const check = (query: string) => structureProblem(parse(query), { maxDepth: 3, maxSelections: 6, maxAliases: 1, maxFragmentSpreads: 100 });
    expect(check('{ a: jwks { keys { kid } } b: jwks { keys { kid } } }')).toBe('The operation has 2 aliases; the limit is 1');
    expect(check('{ jwks { keys { kid kty alg use e n } } }')).toBe('The operation selects 8 fields once fragments are expanded; the limit is 6');
    expect(check('{ trainStations { partners { company { name } } } }')).toBe('The operation is nested 4 levels deep; the limit is 3');
    expect(check('query A { jwks { keys { kid } } } query B { a: jwks { keys { kid } } b: jwks { keys { kid } } }')).toBe(
      'The operation has 2 aliases; the limit is 1',
    );
    expect(check('{ jwks { keys { kid } } }')).toBeNull();
  });

  it('refuses a document over the token limit or a structural limit as QUERY_TOO_COMPLEX, and leaves syntax errors to Apollo', () => {
    const check = documentLimitsCheck({ ...limits, maxTokens: config.graphqlMaxTokens });
    expect(check(aliased(5000, 'jwks { keys { kid n } }'))).toMatchObject({
      errorCode: 'QUERY_TOO_COMPLEX',
      status: 400,
      errorMessage: 'The document has more than 5000 tokens; the limit is 5000',
    });
    expect(check(fragmentBomb(24))).toMatchObject({
      errorCode: 'QUERY_TOO_COMPLEX',
      status: 400,
      errorMessage: expect.stringMatching(/^The operation makes 33554431 fragment spreads/),
    });
    expect(check('{ jwks { keys { kid } }')).toBeNull();
    expect(check(aliased(30, 'jwks { keys { kid } }'))).toBeNull();
  });

  it('checks a repeated query text once, keeps a bounded number of verdicts, and still refuses a cached bad one', () => {
    const check = documentLimitsCheck({ ...limits, maxTokens: config.graphqlMaxTokens });
    for (let i = 0; i < 5; i++) expect(check('{ jwks { keys { kid } } }')).toBeNull();
    expect(check.cachedVerdicts).toBe(1);
    for (let i = 0; i < 2; i++) expect(check(fragmentBomb(24))).toMatchObject({ errorCode: 'QUERY_TOO_COMPLEX', status: 400 });
    expect(check.cachedVerdicts).toBe(2);
    for (let i = 0; i < MAX_CHECKED_DOCUMENTS + 50; i++) check(`{ jwks { keys { kid${i}: kid } } }`);
    expect(check.cachedVerdicts).toBeLessThanOrEqual(MAX_CHECKED_DOCUMENTS);
  });

  it('prices an operation of a parsed document once per schema', () => {
    const document = parse('query Jwks { jwks { keys { kid n } } }');
    const operation = operationOf(document);
    const copy = buildSchema(readFileSync(path.resolve(__dirname, '..', '..', 'schema', 'federation', 'supergraph.graphql'), 'utf8'));
    const walks = jest.spyOn(copy, 'getRootType');
    const first = cachedOperationCost(copy, document, operation);
    expect(first).toBe(operationCost(schema, document, 'Jwks'));
    expect(walks).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) expect(cachedOperationCost(copy, document, operation)).toBe(first);
    expect(walks).toHaveBeenCalledTimes(1);
    // Another document of the same text is measured on its own.
    const again = parse('query Jwks { jwks { keys { kid n } } }');
    expect(cachedOperationCost(copy, again, operationOf(again))).toBe(first);
    expect(walks).toHaveBeenCalledTimes(2);
  });

  it('prices each public list at what it really holds', () => {
    expect(LIST_SIZE_HINTS['Query.airports']).toBeGreaterThanOrEqual(new AirportService().list().length);
    expect(new AirportService().list().length).toBeGreaterThan(1000);
    expect(LIST_SIZE_HINTS['Query.trainStations']).toBeGreaterThanOrEqual(new StationService().list().length);
    expect(LIST_SIZE_HINTS['Query.busStops']).toBeGreaterThanOrEqual(new BusStopService().list().length);
    expect(LIST_SIZE_HINTS['Query.companies']).toBeGreaterThanOrEqual(companies.length);
    expect(operationCost(schema, parse('{ airports { stopId stopName } }'))).toBe(2 * LIST_SIZE_HINTS['Query.airports']);
  });

  it('lets the introspection query of the developer tools through the structural limits', () => {
    expect(structureProblem(parse(getIntrospectionQuery()), limits)).toBeNull();
  });

  it('keeps every REST operation within the default structural limits', () => {
    const sample = {
      params: { paymentReference: 'SGRP1234567890', paymentRequestId: 'x', paymentId: 'x', domain: 'a.example' },
      query: new URLSearchParams({ from: 'A', to: 'B', date: '2026-12-01', paymentReference: 'SGRP1234567890', key: 'k' }),
      body: { outbound: { trip: { timeTableTrainSetId: 1 } }, email: 'a@b.co', password: 'p', paymentReference: 'x', ticketId: 'x', domain: 'a.example' },
      headers: {},
    };
    let checked = 0;
    for (const route of REST_ROUTES) {
      let query: string;
      try {
        query = route.operation(sample).query;
      } catch {
        continue; // a route that needs other input: its operation text is of the same kind as the others
      }
      expect([route.path, structureProblem(parse(query), limits)]).toEqual([route.path, null]);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
