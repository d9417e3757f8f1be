import { DocumentNode, execute, ExecutionResult, getVariableValues, GraphQLError, GraphQLSchema } from 'graphql';
import { compileQuery, CompiledQuery, isCompiledQuery } from 'graphql-jit';
import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];

/** Compiles one operation of a document (graphql-jit's compileQuery; a test counts the calls). */
export type Compile = (schema: GraphQLSchema, document: DocumentNode, operationName?: string) => CompiledQuery | ExecutionResult;

/** A document graphql-jit could not compile: graphql-js runs it, as it ran every document before. */
const INTERPRETED = Symbol('interpreted');
type Entry = CompiledQuery | typeof INTERPRETED;

/**
 * Runs a subgraph's operations with graphql-jit instead of graphql-js's interpreter.
 *
 * graphql-js walks the document for every request: argument objects, path lists and completion
 * per field, which was about a third of a flight search's CPU in the subgraph. graphql-jit compiles
 * each document once into a function and runs that. Apollo Server has no executor option; its
 * gateway interface (`load()` → `{ executor }`) is the supported way to hand execution to someone
 * else, and everything before execution (parsing, validation, the document store, plugins, error
 * formatting, HTTP) stays Apollo's.
 *
 * Compiled documents live in a WeakMap keyed by the parsed document, so they live exactly as long as
 * Apollo's bounded document store keeps that document.
 *
 * What keeps answers identical to graphql-js's:
 * - variables are coerced by graphql-js first (`getVariableValues`), so a bad variable is refused
 *   with graphql-js's own error, which Apollo turns into its 400 BAD_USER_INPUT as before;
 * - a document with no operation to run (several without a name, an unknown name), or one graphql-jit
 *   cannot compile, is executed by graphql-js;
 * - graphql-jit's errors are look-alikes of GraphQLError without `extensions`; Apollo's error
 *   normaliser reads `extensions.code` and would fail on them, so each becomes a real GraphQLError
 *   carrying the resolver's original error (which the error formatter maps to its body).
 */
export function compiledExecution(schema: GraphQLSchema, compile: Compile = compileQuery): GatewayInterface {
  const compiledByDocument = new WeakMap<DocumentNode, Map<string, Entry>>();

  function compiledFor(document: DocumentNode, operationName: string | null): Entry {
    let compiled = compiledByDocument.get(document);
    if (!compiled) {
      compiled = new Map();
      compiledByDocument.set(document, compiled);
    }
    const key = operationName ?? '';
    let entry = compiled.get(key);
    if (!entry) {
      entry = compiledOrInterpreted(compile, schema, document, operationName);
      compiled.set(key, entry);
    }
    return entry;
  }

  return {
    async load() {
      return {
        executor: async (requestContext) => {
          const { document, operation, operationName, request, context } = requestContext;
          const compiled = operation ? compiledFor(document, operationName) : INTERPRETED;
          if (compiled === INTERPRETED) {
            return execute({ schema, document, operationName: request.operationName, variableValues: request.variables, contextValue: context });
          }
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
          if (coerced.errors) return { errors: coerced.errors };
          const result = await compiled.query(undefined, context, request.variables ?? {});
          return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
        },
      };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}

function compiledOrInterpreted(compile: Compile, schema: GraphQLSchema, document: DocumentNode, operationName: string | null): Entry {
  try {
    const compiled = compile(schema, document, operationName ?? undefined);
    return isCompiledQuery(compiled) ? compiled : INTERPRETED;
  } catch {
    return INTERPRETED;
  }
}

/** A real GraphQLError (with `extensions`) for one of graphql-jit's error look-alikes. */
function asGraphQLError(error: GraphQLError): GraphQLError {
  if (error instanceof GraphQLError && error.extensions) return error;
  return new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? {},
  });
}
