import { buildSchema } from 'graphql';
import { breakingChanges } from './schema-breaking.cli';
import { clientSchema, readSupergraph } from './supergraph.builder';

describe('the breaking-change check of the GraphQL client schema', () => {
  const released = buildSchema(`
    type Query { trainSearch(from: String!, date: String!): [Trip!]! companies: [String!]! }
    type Trip { id: ID! name: String status: String }
  `);

  it('finds nothing when fields are only added', async () => {
    const next = buildSchema(`
      type Query { trainSearch(from: String!, date: String!, lookAheadDays: Int): [Trip!]! companies: [String!]! airports: [String!]! }
      type Trip { id: ID! name: String status: String headsign: String }
    `);
    expect(await breakingChanges(released, next)).toEqual([]);
  });

  it('names a removed field, a new required argument and a changed type', async () => {
    const next = buildSchema(`
      type Query { trainSearch(from: String!, date: String!, to: String!): [Trip!]! }
      type Trip { id: ID! name: Int status: String }
    `);
    const found = await breakingChanges(released, next);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toMatch(/companies/);
    expect(found.join('\n')).toMatch(/to/);
    expect(found.join('\n')).toMatch(/Trip\.name/);
  });

  it('reads the client schema of the committed supergraph without the federation types', () => {
    const schema = clientSchema(readSupergraph());
    expect(schema.getQueryType()?.getFields().trainSearch).toBeDefined();
    expect(Object.keys(schema.getTypeMap()).filter((name) => name.startsWith('join__'))).toEqual([]);
  });
});
