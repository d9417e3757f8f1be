import { buildSchema } from 'graphql';
import { z } from 'zod';
import { inputProblems } from '../rest.contract';
import { restInput } from './rest-input.builder';

const SDL = buildSchema(`
  scalar LocalDate
  enum Cabin { ECONOMY BUSINESS }
  """A traveller"""
  input TravellerInput {
    """Given name"""
    firstName: String!
    born: LocalDate
    cabin: Cabin
  }
  input BookingInput { reference: String! travellers: [TravellerInput!]! note: String }
  type Query { ping: String }
  type Mutation {
    pay(
      """The reference"""
      reference: String!
      amount: String
      seats: Int
    ): String
    book(input: BookingInput!, dryRun: Boolean): String
  }
`);

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : inputProblems(result.error, value);
};

describe('restInput', () => {
  it('checks JSON types and presence as GraphQL coerces arguments, and documents them with their descriptions', () => {
    const input = restInput('Mutation.pay', {}, SDL);
    expect(input.variableDefinitions).toBe('$reference: String!, $amount: String, $seats: Int');
    expect(input.arguments).toBe('reference: $reference, amount: $amount, seats: $seats');
    expect(problems(input.schema, { reference: 'R1' })).toEqual([]);
    expect(problems(input.schema, { amount: 5, seats: 1.5, extra: 1 })).toEqual([
      { field: 'reference', message: 'is required (string)' },
      { field: 'amount', message: 'must be a string' },
      { field: 'seats', message: 'must be an int' },
      { field: 'extra', message: 'Unrecognized key: "extra"' },
    ]);
    const json = z.toJSONSchema(input.schema) as { properties: Record<string, { description?: string }> };
    expect(json.properties.reference.description).toBe('The reference');
    expect(input.variables({ reference: 'R1' })).toEqual({ reference: 'R1', amount: null, seats: null });
  });

  it('leaves value rules to the subgraph: a long or odd string passes, and documents the rule the subgraph checks', () => {
    const input = restInput('Mutation.pay', { members: { reference: { documents: { maxLength: 4 } } } }, SDL);
    expect(problems(input.schema, { reference: 'far longer than four' })).toEqual([]);
    expect((z.toJSONSchema(input.schema) as { properties: Record<string, { maxLength?: number }> }).properties.reference.maxLength).toBe(4);
  });

  it('renames, omits, orders, and converts a REST-only JSON form into the GraphQL value', () => {
    const input = restInput(
      'Mutation.pay',
      {
        order: ['total', 'ref'],
        members: {
          reference: { as: 'ref' },
          seats: { omit: true },
          amount: { as: 'total', accepts: { schema: z.number(), toGraphQL: (v) => String(v) } },
        },
      },
      SDL,
    );
    expect(Object.keys(input.schema.shape)).toEqual(['total', 'ref']);
    expect(input.variableDefinitions).toBe('$amount: String, $reference: String!');
    expect(problems(input.schema, { ref: 'R1', total: 57.4 })).toEqual([]);
    expect(input.variables({ ref: 'R1', total: 57.4 })).toEqual({ amount: '57.4', reference: 'R1' });
  });

  it('takes a whole body as one input object: nested objects, lists, enums and scalars parsed by their own parser', () => {
    const input = restInput('Mutation.book', { body: 'input', unknownMembers: 'ignore' }, SDL);
    expect(input.variableDefinitions).toBe('$input: BookingInput!');
    const body = { reference: 'R', travellers: [{ firstName: 'Asha', born: '2001-02-30', cabin: 'FIRST', x: 1 }], y: 2 };
    expect(problems(input.schema, body)).toEqual([
      { field: 'travellers[0].born', message: 'LocalDate cannot represent "2001-02-30": expected a calendar date YYYY-MM-DD, e.g. 2026-12-24' },
      { field: 'travellers[0].cabin', message: expect.stringContaining('Invalid option') },
      { field: 'travellers[0].x', message: 'Unrecognized key: "x"' },
    ]);
    expect(input.variables({ reference: 'R', travellers: [{ firstName: 'Asha' }], y: 2 })).toEqual({
      input: { reference: 'R', travellers: [{ firstName: 'Asha' }] },
    });
  });

  it('takes a REST-only JSON form instead of the GraphQL type, and lets REST leave out a non-null member sent as a stand-in', () => {
    const input = restInput(
      'Mutation.book',
      {
        body: 'input',
        members: {
          reference: { as: 'booking', instead: { schema: z.object({ reference: z.string() }), toGraphQL: (v) => (v as { reference: string }).reference } },
          travellers: { shape: { members: { firstName: { whenAbsent: '' } } } },
        },
      },
      SDL,
    );
    expect(problems(input.schema, { booking: { reference: 'R' }, travellers: [{}, { firstName: null }] })).toEqual([]);
    expect(problems(input.schema, { booking: 'R', travellers: [] })).toEqual([{ field: 'booking', message: 'must be an object' }]);
    expect(input.variables({ booking: { reference: 'R' }, travellers: [{ born: '2001-02-03' }, { firstName: null }] })).toEqual({
      input: { reference: 'R', travellers: [{ firstName: '', born: '2001-02-03' }, { firstName: '' }] },
    });
    const json = z.toJSONSchema(input.schema) as unknown as { required: string[]; properties: { travellers: { items: { required?: string[] } } } };
    expect(json.required).toEqual(['booking', 'travellers']);
    expect(json.properties.travellers.items.required ?? []).toEqual([]);
  });

  it('refuses an overlay naming what GraphQL does not have, so a removed argument cannot linger', () => {
    expect(() => restInput('Mutation.pay', { members: { gone: { omit: true } } }, SDL)).toThrow('no argument or field gone');
    expect(() => restInput('Mutation.nope', {}, SDL)).toThrow('has no Mutation.nope');
    expect(() => restInput('Mutation.book', {}, SDL)).not.toThrow();
  });

  it('takes a body beside a required argument the route passes itself (alongside), only when named', () => {
    const schema = buildSchema(`
      input ChangeInput { note: String }
      type Query { ping: String }
      type Mutation { change(domain: String!, input: ChangeInput!, ifMatch: String): String }
    `);
    expect(() => restInput('Mutation.change', { body: 'input' }, schema)).toThrow('argument domain is required too');
    expect(() => restInput('Mutation.change', { body: 'input', alongside: ['domian'] }, schema)).toThrow('has no argument domian');
    const input = restInput('Mutation.change', { body: 'input', alongside: ['domain'] }, schema);
    expect([input.variableDefinitions, input.arguments]).toEqual(['$input: ChangeInput!', 'input: $input']);
    expect(input.variables({ note: 'n' })).toEqual({ input: { note: 'n' } });
  });

  it('documents a nullable argument carried as text (query, path, header) as optional, never null', () => {
    const json = (overlay: Parameters<typeof restInput>[1]) =>
      z.toJSONSchema(restInput('Mutation.pay', overlay, SDL).schema) as { properties: Record<string, unknown>; required: string[] };
    expect(json({ in: 'query' }).properties.amount).toEqual({ type: 'string' });
    expect(json({ in: 'query' }).required).toEqual(['reference']);
    expect(json({}).properties.amount).toEqual({ type: ['string', 'null'] });
  });
});
