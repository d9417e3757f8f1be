import { ApolloServer, BaseContext } from '@apollo/server';
import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from 'graphql';
import { compileQuery } from 'graphql-jit';
import { Compile, compiledExecution } from './compiled-execution.adapter';
import { sharedApolloOptions } from '../http/apollo.config';
import { createLogger } from '../logging/logger';
import { AppError } from '../errors/app-error.exception';

const Named = new GraphQLInterfaceType({ name: 'Named', fields: { name: { type: new GraphQLNonNull(GraphQLString) } } });
const Station = new GraphQLObjectType({
  name: 'Station',
  interfaces: [Named],
  isTypeOf: (value: { kind?: string }) => value.kind === 'station',
  fields: { name: { type: new GraphQLNonNull(GraphQLString) }, code: { type: GraphQLID } },
});
const Airport = new GraphQLObjectType({
  name: 'Airport',
  interfaces: [Named],
  isTypeOf: (value: { kind?: string }) => value.kind === 'airport',
  fields: { name: { type: new GraphQLNonNull(GraphQLString) }, iata: { type: GraphQLString } },
});
const SearchInput = new GraphQLInputObjectType({
  name: 'SearchInput',
  fields: { from: { type: new GraphQLNonNull(GraphQLString) }, adults: { type: new GraphQLNonNull(GraphQLInt) } },
});
const Query = new GraphQLObjectType({
  name: 'Query',
  fields: {
    places: {
      type: new GraphQLList(Named),
      resolve: () => [
        { kind: 'station', name: 'Dar es Salaam', code: 'DAR' },
        { kind: 'airport', name: 'Kilimanjaro', iata: 'JRO' },
      ],
    },
    search: {
      type: GraphQLString,
      args: { input: { type: new GraphQLNonNull(SearchInput) } },
      resolve: (_root, { input }: { input: { from: string; adults: number } }, context: { account: string }) => {
        if (input.adults > 9) throw new AppError('TOO_MANY_PASSENGERS', 422, 'At most 9 adults', { fields: [{ field: 'adults' }] });
        return `${input.from}×${input.adults} for ${context.account}`;
      },
    },
    broken: { type: GraphQLString, resolve: () => Promise.reject(new Error('socket hang up')) },
    required: { type: new GraphQLNonNull(GraphQLString), resolve: () => null },
    nested: {
      type: new GraphQLObjectType({
        name: 'Nested',
        fields: { failing: { type: new GraphQLNonNull(GraphQLString), resolve: () => Promise.reject(new AppError('NOT_FOUND', 404, 'No such trip')) } },
      }),
      resolve: () => ({}),
    },
  },
});
const schema = new GraphQLSchema({ query: Query, types: [Station, Airport] });

function server(mode: 'graphql-js' | 'compiled'): ApolloServer<BaseContext> {
  const options = sharedApolloOptions(createLogger('error'), { production: false });
  return mode === 'compiled' ? new ApolloServer({ gateway: compiledExecution(schema), ...options }) : new ApolloServer({ schema, ...options });
}

const CASES: Array<{ name: string; query: string; variables?: Record<string, unknown>; operationName?: string }> = [
  { name: 'an abstract list', query: '{ places { __typename name ... on Station { code } ... on Airport { iata } } }' },
  { name: 'variables and the context', query: 'query S($in: SearchInput!) { search(input: $in) }', variables: { in: { from: 'DAR', adults: 2 } } },
  { name: "a resolver's AppError", query: 'query S($in: SearchInput!) { search(input: $in) }', variables: { in: { from: 'DAR', adults: 12 } } },
  { name: 'a variable of the wrong type', query: 'query S($in: SearchInput!) { search(input: $in) }', variables: { in: { from: 'DAR', adults: 'two' } } },
  { name: 'a missing variable field', query: 'query S($in: SearchInput!) { search(input: $in) }', variables: { in: { adults: 1 } } },
  { name: 'an unexpected failure (masked)', query: '{ broken places { name } }' },
  { name: 'a null in a non-null root field', query: '{ required }' },
  { name: 'an AppError under a non-null field', query: '{ places { name } nested { failing } }' },
  { name: 'introspection', query: '{ __schema { queryType { name } types { name kind } } __type(name: "Station") { fields { name type { name } } } }' },
  { name: 'an unknown operation name', query: 'query A { places { name } }', operationName: 'B' },
  { name: 'two operations and no name', query: 'query A { places { name } } query B { required }' },
];

describe('compiled (graphql-jit) execution behind Apollo', () => {
  const servers = { 'graphql-js': server('graphql-js'), compiled: server('compiled') };
  beforeAll(() => Promise.all(Object.values(servers).map((s) => s.start())));
  afterAll(() => Promise.all(Object.values(servers).map((s) => s.stop())));

  async function answer(mode: 'graphql-js' | 'compiled', query: string, variables?: Record<string, unknown>, operationName?: string) {
    const response = await servers[mode].executeOperation({ query, variables, operationName }, { contextValue: { account: 'agent-7' } });
    return { status: response.http.status ?? 200, body: response.body };
  }

  it.each(CASES)('answers $name exactly as graphql-js does', async ({ query, variables, operationName }) => {
    const [interpreted, compiled] = await Promise.all([
      answer('graphql-js', query, variables, operationName),
      answer('compiled', query, variables, operationName),
    ]);
    expect(compiled).toEqual(interpreted);
  });

  it('picks the named operation of a document with several', async () => {
    const query = 'query A { places { name } } query B { required }';
    const [interpreted, compiled] = await Promise.all([answer('graphql-js', query, undefined, 'A'), answer('compiled', query, undefined, 'A')]);
    expect(compiled).toEqual(interpreted);
    expect(JSON.stringify(compiled.body)).toContain('Kilimanjaro');
  });

  it("keeps a resolver's AppError as its error body, with the field's path", async () => {
    const { body } = await answer('compiled', 'query S($in: SearchInput!) { search(input: $in) }', { in: { from: 'DAR', adults: 12 } });
    const errors = (body as unknown as { singleResult: { errors: Array<{ path: unknown; extensions: Record<string, unknown> }> } }).singleResult.errors;
    expect(errors).toEqual([
      expect.objectContaining({
        path: ['search'],
        extensions: expect.objectContaining({
          code: 'TOO_MANY_PASSENGERS',
          errorCode: 'TOO_MANY_PASSENGERS',
          status: 422,
          data: { fields: [{ field: 'adults' }] },
        }),
      }),
    ]);
  });

  it('compiles a document once and reuses it for later requests', async () => {
    const document = parse('{ places { name } }');
    const compile = jest.fn<ReturnType<Compile>, Parameters<Compile>>((...args) => compileQuery(...args));
    const { executor } = await compiledExecution(schema, compile).load({ apollo: {} });
    const run = () =>
      executor!({ document, operation: document.definitions[0], operationName: null, request: { variables: {} }, context: {} } as unknown as Parameters<
        NonNullable<typeof executor>
      >[0]);
    expect(await run()).toEqual({ data: { places: [{ name: 'Dar es Salaam' }, { name: 'Kilimanjaro' }] } });
    await run();
    expect(compile).toHaveBeenCalledTimes(1);
  });
  it('lets graphql-js run a document graphql-jit cannot compile, and tries compiling it only once', async () => {
    const compile = jest.fn<ReturnType<Compile>, Parameters<Compile>>(() => {
      throw new Error('unsupported by the compiler');
    });
    const fallback = new ApolloServer({ gateway: compiledExecution(schema, compile), ...sharedApolloOptions(createLogger('error'), { production: false }) });
    await fallback.start();
    try {
      const query = 'query S($in: SearchInput!) { search(input: $in) places { name } }';
      const variables = { in: { from: 'DAR', adults: 12 } };
      for (let i = 0; i < 2; i++) {
        const response = await fallback.executeOperation({ query, variables }, { contextValue: { account: 'agent-7' } });
        expect({ status: response.http.status ?? 200, body: response.body }).toEqual(await answer('graphql-js', query, variables));
      }
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      await fallback.stop();
    }
  });
});
