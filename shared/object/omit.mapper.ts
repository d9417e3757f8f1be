/**
 * A shallow copy of `value` without `keys`: what `const { a, b, ...rest } = value` gives as `rest`,
 * for when the dropped properties are not needed under a name of their own.
 */
export function omit<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const rest: Partial<T> = { ...value };
  for (const key of keys) delete rest[key];
  return rest as Omit<T, K>;
}
