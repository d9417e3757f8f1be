import { registerEnumType } from 'type-graphql';

/** A GraphQL enum object from a const list, so the list stays the one source of its values. */
export function enumOf<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}

/**
 * A GraphQL enum whose every value is described: registers it under `name` and returns the enum object. The value
 * names are the strings the REST answers carry, so a value is its own name.
 */
export function describedEnum<T extends string>(name: string, description: string, values: Record<T, string>): { [K in T]: K } {
  const e = enumOf(Object.keys(values) as T[]);
  const valuesConfig = Object.fromEntries(Object.entries<string>(values).map(([value, text]) => [value, { description: text }]));
  registerEnumType(e, { name, description, valuesConfig: valuesConfig as never });
  return e;
}
