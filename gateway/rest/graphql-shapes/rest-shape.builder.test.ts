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
  type Query { ticket: Ticket }
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

describe('the REST shapes of the route table', () => {
  it('read the committed API schema (schema/client.graphql)', () => {
    expect(restShape('TrainSeatHoldPayload').selection).toBe('hold { key status expiresAt }');
  });
});
