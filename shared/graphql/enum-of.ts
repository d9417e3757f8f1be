/** A GraphQL enum object from a const list, so the list stays the one source of its values. */
export function enumOf<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}
