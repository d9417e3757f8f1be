import { GraphQLError, GraphQLScalarType, Kind, print, ValueNode } from 'graphql';

/** GraphQL's Int is a signed 32-bit integer; this scalar keeps the same range for its integers. */
const MIN_INT = -2147483648;
const MAX_INT = 2147483647;

const EXPECTED = 'expected an integer (e.g. 0 or 1) or a string (e.g. "M" or "ADULT")';

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function coerce(value: unknown): number | string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (value < MIN_INT || value > MAX_INT) {
      throw new GraphQLError(`IntOrString cannot represent ${value}: integers must fit in 32 bits`);
    }
    return value;
  }
  throw new GraphQLError(`IntOrString cannot represent ${describe(value)}: ${EXPECTED}`);
}

/**
 * An Int or a String, as the spec's "integer or string" fields (passenger `gender` 0/1 or
 * "M"/"FEMALE", `ageCategory` 0/1/2 or "ADT"/"CHILD") take them. Only the type is checked here;
 * which values mean something is the service's business (it answers the spec's 422 body).
 * Floats, booleans, lists, objects and enum literals are rejected with a message naming the value.
 */
export const IntOrString = new GraphQLScalarType<number | string, number | string>({
  name: 'IntOrString',
  description: 'An integer (32-bit) or a string, e.g. 0 or "FEMALE"',
  serialize: coerce,
  parseValue: coerce,
  parseLiteral(ast: ValueNode): number | string {
    if (ast.kind === Kind.STRING) return ast.value;
    if (ast.kind === Kind.INT) {
      const value = Number(ast.value);
      if (value < MIN_INT || value > MAX_INT) {
        throw new GraphQLError(`IntOrString cannot represent ${ast.value}: integers must fit in 32 bits`, { nodes: ast });
      }
      return value;
    }
    throw new GraphQLError(`IntOrString cannot represent ${print(ast)}: ${EXPECTED}`, { nodes: ast });
  },
});
