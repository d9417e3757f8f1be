import { graphql, GraphQLObjectType, GraphQLSchema, GraphQLString, Kind, parseValue } from 'graphql';
import { IntOrString } from './int-or-string.scalar';

/** A one-field schema echoing its argument back with its JS type, through the real coercion paths. */
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      echo: {
        type: GraphQLString,
        args: { value: { type: IntOrString } },
        resolve: (_root, { value }) => `${typeof value}:${value}`,
      },
      out: {
        type: IntOrString,
        args: { value: { type: IntOrString } },
        resolve: (_root, { value }) => value,
      },
    },
  }),
});

const literal = (source: string) => graphql({ schema, source: `{ echo(value: ${source}) }` });
const variable = (value: unknown) => graphql({ schema, source: 'query ($v: IntOrString) { echo(value: $v) }', variableValues: { v: value } });

describe('IntOrString', () => {
  it.each([
    ['0', 'number:0'],
    ['1', 'number:1'],
    ['"M"', 'string:M'],
    ['"FEMALE"', 'string:FEMALE'],
  ])('accepts the literal %s', async (source, echoed) => {
    const result = await literal(source);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ echo: echoed });
  });

  it.each([
    [0, 'number:0'],
    [1, 'number:1'],
    ['M', 'string:M'],
    ['FEMALE', 'string:FEMALE'],
  ])('accepts the variable value %p', async (value, echoed) => {
    const result = await variable(value);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ echo: echoed });
  });

  it.each(['1.5', 'true', '{}', '{a: 1}', '[1]', 'MALE'])('rejects the literal %s with a clear message', async (source) => {
    const result = await literal(source);
    expect(result.data).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].message).toBe(`IntOrString cannot represent ${source}: expected an integer (e.g. 0 or 1) or a string (e.g. "M" or "ADULT")`);
  });

  it.each([
    [1.5, '1.5'],
    [true, 'true'],
    [{}, '{}'],
    [[1], '[1]'],
  ])('rejects the variable value %p with a clear message naming it', async (value, shown) => {
    const result = await variable(value);
    expect(result.data).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    // The shape shared/errors/graphql-errors.mapper.ts turns into a 400 naming the field.
    expect(result.errors![0].message).toMatch(/^Variable "\$v" got invalid value .*; IntOrString cannot represent /);
    expect(result.errors![0].message).toContain(`IntOrString cannot represent ${shown}: expected an integer (e.g. 0 or 1) or a string`);
  });

  it('keeps null for a nullable argument', async () => {
    expect((await literal('null')).data).toEqual({ echo: 'object:null' });
    expect((await variable(null)).data).toEqual({ echo: 'object:null' });
  });

  it('rejects integers outside 32 bits, as Int does', async () => {
    expect((await literal('2147483648')).errors![0].message).toMatch(/IntOrString cannot represent 2147483648: integers must fit in 32 bits/);
    expect((await variable(-2147483649)).errors![0].message).toMatch(/integers must fit in 32 bits/);
    expect((await literal('2147483647')).data).toEqual({ echo: 'number:2147483647' });
  });

  it('serializes integers and strings and refuses anything else', async () => {
    expect(IntOrString.serialize(2)).toBe(2);
    expect(IntOrString.serialize('ADULT')).toBe('ADULT');
    expect(() => IntOrString.serialize(0.5)).toThrow(/IntOrString cannot represent 0.5/);
    expect(() => IntOrString.serialize(false)).toThrow(/IntOrString cannot represent false/);
    const result = await graphql({ schema, source: '{ a: out(value: 1) b: out(value: "CHD") }' });
    expect(result).toEqual({ data: { a: 1, b: 'CHD' } });
  });

  it('parses literals directly as well', () => {
    expect(IntOrString.parseLiteral(parseValue('2'))).toBe(2);
    expect(IntOrString.parseLiteral(parseValue('"INF"'))).toBe('INF');
    expect(() => IntOrString.parseLiteral({ kind: Kind.FLOAT, value: '1.5' })).toThrow(/IntOrString cannot represent 1.5/);
  });
});
