import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { API_SCHEMA_FILE, apiSchema } from './api-schema.reader';

/**
 * Run in a process of its own, as the gateway starts: V8 keeps one copy of each name per process, and a test file run
 * earlier in this jest worker may already have left one. Prints the schema's names V8 stores two bytes per character
 * (its serializer tags a string '"' for one byte per character, 'c' for two) and how many names it looked at.
 */
const WIDE_NAMES = `
  const { serialize } = require('node:v8');
  const { apiSchema } = require(${JSON.stringify(require.resolve('./api-schema.reader'))});
  const names = [];
  for (const type of Object.values(apiSchema().getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    names.push(type.name);
    for (const field of type.getFields ? Object.values(type.getFields()) : []) names.push(field.name, ...(field.args ?? []).map((arg) => arg.name));
    if (type.getValues) names.push(...type.getValues().map((value) => value.name));
  }
  const wide = names.filter((name) => serialize(name)[2] !== '"'.charCodeAt(0));
  process.stdout.write(JSON.stringify({ count: names.length, wide }));
`;

describe('apiSchema', () => {
  it('reads the committed client schema once', () => {
    expect(apiSchema().getMutationType()?.getFields().searchFlights).toBeDefined();
    expect(apiSchema()).toBe(apiSchema());
  });

  it('stores every name one byte per character, though the descriptions hold wider characters', () => {
    // Without a wider character in the file the text would be one byte per character anyway and this would prove nothing.
    expect(readFileSync(API_SCHEMA_FILE, 'utf8')).toMatch(/[\u0100-\uffff]/);
    const { count, wide } = JSON.parse(execFileSync(process.execPath, ['-e', WIDE_NAMES], { encoding: 'utf8' })) as { count: number; wide: string[] };
    expect(count).toBeGreaterThan(100);
    expect(wide).toEqual([]);
  });
});
