import { buildSchema } from 'graphql';
import { z } from 'zod';
import { restShape } from './rest-shape.builder';

const SDL = buildSchema(`
  """A ticket"""
  type Ticket {
    """Our id"""
    id: String!
    price: String!
    state: State!
    note: String
    legs: [Leg!]!
    internal: Int!
  }
  type Leg { from: String! to: String! at: DateTime }
  enum State { OPEN CLOSED }
  scalar DateTime
  type Fare {
    id: String!
    """By currency"""
    prices: [Price!]!
    byState: [StatePrice!]
    agency: Agency!
    maybeAgency: Agency
  }
  type Price {
    """The key"""
    code: String!
    amount: String!
    note: String
  }
  type StatePrice { state: State! amount: String! }
  type Agency { name: String! phone: String }
  """Any ticket"""
  interface Item { id: String! state: State! }
  type Booking implements Item { id: String! state: State! cursor: String }
  union Anything = Ticket | Leg
  type Holder { item: Item! any: Anything }
  type Query { ticket: Ticket holder: Holder }
`);

describe('restShape', () => {
  it('selects every field in the type order and documents it with its GraphQL description', () => {
    const shape = restShape('Ticket', {}, SDL);
    expect(shape.selection).toBe('id price state note legs { from to at } internal');
    const json = z.toJSONSchema(shape.schema, { unrepresentable: 'any' }) as { description: string; properties: Record<string, { description?: string }> };
    expect(json.description).toBe('A ticket');
    expect(json.properties.id.description).toBe('Our id');
    expect(shape.schema.safeParse({ id: 'a', price: '1', state: 'OPEN', note: null, legs: [], internal: 1 }).success).toBe(true);
    expect(shape.schema.safeParse({ id: 'a', price: '1', state: 'LOST', note: null, legs: [], internal: 1 }).success).toBe(false);
  });

  it('renames through an alias, leaves fields out, refines a leaf and keeps the list wrapping', () => {
    const shape = restShape(
      'Ticket',
      {
        fields: {
          id: { as: 'ticketId' },
          internal: { omit: true },
          price: { schema: z.string().regex(/^\d+$/) },
          legs: { shape: { fields: { at: { omit: true } } } },
        },
      },
      SDL,
    );
    expect(shape.selection).toBe('ticketId: id price state note legs { from to }');
    expect(shape.schema.safeParse({ ticketId: 'a', price: '12', state: 'OPEN', note: null, legs: [{ from: 'A', to: 'B' }] }).success).toBe(true);
    expect(shape.schema.safeParse({ ticketId: 'a', price: 'x', state: 'OPEN', note: null, legs: [] }).success).toBe(false);
  });

  it('documents a null the route drops as absent, and a field REST always sets as required', () => {
    const absent = restShape('Ticket', { nullsAbsent: true, fields: { internal: { omit: true } } }, SDL);
    expect(absent.schema.safeParse({ id: 'a', price: '1', state: 'OPEN', legs: [] }).success).toBe(true);
    expect(absent.schema.safeParse({ id: 'a', price: '1', state: 'OPEN', note: null, legs: [] }).success).toBe(false);
    const set = restShape('Ticket', { fields: { note: { nonNull: true }, internal: { omit: true } } }, SDL);
    expect(set.schema.safeParse({ id: 'a', price: '1', state: 'OPEN', note: null, legs: [] }).success).toBe(false);
  });

  it('documents nulls as absent in the objects below too, unless their overlay says otherwise', () => {
    const absent = restShape('Ticket', { nullsAbsent: true, only: ['id', 'legs'] }, SDL);
    expect(absent.schema.safeParse({ id: 'a', legs: [{ from: 'A', to: 'B' }] }).success).toBe(true);
    expect(absent.schema.safeParse({ id: 'a', legs: [{ from: 'A', to: 'B', at: null }] }).success).toBe(false);
    const nullable = restShape('Ticket', { nullsAbsent: true, only: ['id', 'legs'], fields: { legs: { shape: { nullsAbsent: false } } } }, SDL);
    expect(nullable.schema.safeParse({ id: 'a', legs: [{ from: 'A', to: 'B', at: null }] }).success).toBe(true);
    expect(nullable.schema.safeParse({ id: 'a', legs: [{ from: 'A', to: 'B' }] }).success).toBe(false);
  });

  it('keeps a null member where every other null is absent, and names it for the route', () => {
    const shape = restShape('Ticket', { nullsAbsent: true, only: ['id', 'note', 'legs'], fields: { note: { keepNull: true } } }, SDL);
    expect(shape.nullsKept).toEqual(['note']);
    expect(shape.schema.safeParse({ id: 'a', note: null, legs: [{ from: 'A', to: 'B' }] }).success).toBe(true);
    expect(shape.schema.safeParse({ id: 'a', legs: [] }).success).toBe(false);
    expect(restShape('Ticket', { nullsAbsent: true }, SDL).nullsKept).toEqual([]);
    expect(() => restShape('Ticket', { fields: { note: { keepNull: true } } }, SDL)).toThrow('keepNull is for a nullable field');
    expect(() => restShape('Ticket', { nullsAbsent: true, fields: { id: { keepNull: true } } }, SDL)).toThrow('keepNull is for a nullable field');
  });

  it('answers the members in the REST order, selection and document alike, the others after them in the type order', () => {
    const shape = restShape('Ticket', { order: ['state', 'ticketId'], fields: { id: { as: 'ticketId' }, legs: { shape: { order: ['to'] } } } }, SDL);
    expect(shape.selection).toBe('state ticketId: id price note legs { to from at } internal');
    expect(Object.keys(shape.schema.shape)).toEqual(['state', 'ticketId', 'price', 'note', 'legs', 'internal']);
    expect(() => restShape('Ticket', { order: ['id'], fields: { id: { as: 'ticketId' } } }, SDL)).toThrow('order names a member that is not answered');
  });

  it('refuses an overlay naming a field the type does not have, so a removed field cannot linger', () => {
    expect(() => restShape('Ticket', { fields: { gone: { omit: true } } }, SDL)).toThrow('Ticket has no field gone');
    expect(() => restShape('Nope', {}, SDL)).toThrow('not an object type');
  });
});

describe('restShape: REST forms of the answer', () => {
  type JsonSchema = { properties: Record<string, JsonSchema>; propertyNames?: unknown; additionalProperties?: unknown; required?: string[] };
  const json = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' }) as unknown as JsonSchema;

  it('keyedBy answers a list of objects as an object keyed by a member, which each entry leaves out', () => {
    const shape = restShape('Fare', { fields: { prices: { keyedBy: 'code', shape: { nullsAbsent: true } }, byState: { omit: true } } }, SDL);
    expect(shape.selection).toBe('id prices { code amount note } agency { name phone } maybeAgency { name phone }');
    const agency = { name: 'A', phone: null };
    expect(shape.schema.safeParse({ id: 'f', prices: { USD: { amount: '1' }, EUR: { amount: '2', note: 'x' } }, agency, maybeAgency: null }).success).toBe(
      true,
    );
    expect(shape.schema.safeParse({ id: 'f', prices: [{ code: 'USD', amount: '1' }], agency, maybeAgency: null }).success).toBe(false);
    const prices = json(shape.schema).properties.prices;
    expect(prices.propertyNames).toEqual({ type: 'string' });
    expect(prices.additionalProperties).toMatchObject({ properties: { amount: { type: 'string' }, note: { type: 'string' } }, required: ['amount'] });
    expect(prices).toMatchObject({ type: 'object', description: 'By currency' });
  });

  it('keyedBy keeps the list field nullable, names some values of an enum key, and takes an entry schema of its own', () => {
    const entry = z.object({ amount: z.string().regex(/^\d+$/) });
    const shape = restShape(
      'Fare',
      { only: ['byState', 'prices'], fields: { byState: { keyedBy: 'state' }, prices: { keyedBy: 'code', schema: entry } } },
      SDL,
    );
    expect(shape.selection).toBe('prices { code amount note } byState { state amount }');
    expect(shape.schema.safeParse({ prices: { USD: { amount: '12' } }, byState: { OPEN: { amount: '1' } } }).success).toBe(true);
    expect(shape.schema.safeParse({ prices: {}, byState: null }).success).toBe(true);
    expect(shape.schema.safeParse({ prices: { USD: { amount: 'x' } }, byState: null }).success).toBe(false);
    expect(shape.schema.safeParse({ prices: {}, byState: { LOST: { amount: '1' } } }).success).toBe(false);
  });

  it('keyedBy refuses a member that is not answered, not a non-null text, or a field that is no list of objects', () => {
    expect(() => restShape('Fare', { fields: { prices: { keyedBy: 'code', shape: { fields: { code: { omit: true } } } } } }, SDL)).toThrow('leaves out');
    expect(() => restShape('Fare', { fields: { prices: { keyedBy: 'note' } } }, SDL)).toThrow('non-null String, ID or enum');
    expect(() => restShape('Fare', { fields: { prices: { keyedBy: 'gone' } } }, SDL)).toThrow('Price does not have');
    expect(() => restShape('Fare', { fields: { agency: { keyedBy: 'name' } } }, SDL)).toThrow('list of objects');
  });

  it("flatten answers an object's members as the owner's own, in place of the field", () => {
    const shape = restShape('Fare', { only: ['id', 'agency'], fields: { agency: { flatten: true, shape: { nullsAbsent: true } } } }, SDL);
    expect(shape.selection).toBe('id agency { name phone }');
    expect(Object.keys(shape.schema.shape)).toEqual(['id', 'name', 'phone']);
    expect(shape.schema.safeParse({ id: 'f', name: 'A' }).success).toBe(true);
    expect(shape.schema.safeParse({ id: 'f', agency: { name: 'A' } }).success).toBe(false);
    expect(() => restShape('Fare', { only: ['id', 'agency'], fields: { id: { as: 'name' }, agency: { flatten: true } } }, SDL)).toThrow(
      'two fields are answered as name',
    );
    expect(() => restShape('Fare', { only: ['maybeAgency'], fields: { maybeAgency: { flatten: true } } }, SDL)).toThrow('non-null object');
  });

  it("order places the lifted members by the flattened field's name", () => {
    const shape = restShape('Fare', { only: ['id', 'agency'], order: ['agency'], fields: { agency: { flatten: true } } }, SDL);
    expect(shape.selection).toBe('agency { name phone } id');
    expect(Object.keys(shape.schema.shape)).toEqual(['name', 'phone', 'id']);
  });
});

describe('restShape: what the route reads, groups, adds or lowers', () => {
  it('selects a field the route reads without answering or documenting it', () => {
    const shape = restShape('Booking', { fields: { cursor: { routeOnly: true } } }, SDL);
    expect(shape.selection).toBe('id state cursor');
    expect(Object.keys(shape.schema.shape)).toEqual(['id', 'state']);
  });

  it('documents one null the route drops as absent while the others stay null', () => {
    const shape = restShape('Leg', { fields: { at: { absentWhenNull: true } } }, SDL);
    expect(shape.schema.safeParse({ from: 'A', to: 'B' }).success).toBe(true);
    expect(shape.schema.safeParse({ from: 'A', to: 'B', at: null }).success).toBe(false);
    expect(() => restShape('Leg', { fields: { from: { absentWhenNull: true } } }, SDL)).toThrow('never null');
  });

  it('documents an enum the route answers in lower case', () => {
    const shape = restShape('Ticket', { only: ['state'], fields: { state: { lowerCase: true } } }, SDL);
    expect(shape.selection).toBe('state');
    expect(shape.schema.safeParse({ state: 'open' }).success).toBe(true);
    expect(shape.schema.safeParse({ state: 'OPEN' }).success).toBe(false);
    expect(() => restShape('Ticket', { fields: { id: { lowerCase: true } } }, SDL)).toThrow('lowerCase is for an enum');
  });

  it('documents fields the route groups into one member after the others, and members it computes', () => {
    const shape = restShape(
      'Ticket',
      {
        fields: { price: { as: 'amount' }, note: { nonNull: true } },
        groups: { money: { fields: ['price', 'note'], description: 'What it costs' } },
        adds: { seen: z.boolean() },
      },
      SDL,
    );
    expect(shape.selection).toBe('id amount: price state note legs { from to at } internal');
    expect(Object.keys(shape.schema.shape)).toEqual(['id', 'state', 'legs', 'internal', 'money', 'seen']);
    const json = z.toJSONSchema(shape.schema, { unrepresentable: 'any' }) as { properties: Record<string, { description?: string; properties?: object }> };
    expect(json.properties.money.description).toBe('What it costs');
    expect(Object.keys(json.properties.money.properties ?? {})).toEqual(['amount', 'note']);
    expect(() => restShape('Ticket', { groups: { money: { fields: ['cost'] } } }, SDL)).toThrow('groups a field the type does not have: cost');
    expect(() => restShape('Ticket', { adds: { id: z.string() } }, SDL)).toThrow('two fields are answered as id');
  });

  it("walks an interface by its own fields, at the root or below; a union only by the overlay's selection and schema", () => {
    expect(restShape('Item', {}, SDL).selection).toBe('id state');
    const holder = restShape('Holder', { fields: { any: { selection: '__typename', schema: z.object({ __typename: z.string() }) } } }, SDL);
    expect(holder.selection).toBe('item { id state } any { __typename }');
    expect(() => restShape('Holder', {}, SDL)).toThrow('Anything is a union');
  });
});

describe('the REST shapes of the route table', () => {
  it('read the committed API schema (schema/client.graphql)', () => {
    expect(restShape('TrainSeatHoldPayload').selection).toBe('hold { key status expiresAt }');
  });
});
