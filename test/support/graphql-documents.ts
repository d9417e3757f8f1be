/** A document of under a kilobyte whose operation spreads F0 2^depth times once fragments are expanded. */
export function fragmentBomb(depth: number): string {
  let document = `{ ...F${depth} } fragment F0 on Query { __typename }`;
  for (let i = 1; i <= depth; i++) document += ` fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`;
  return document;
}

/** One operation selecting `selection` `count` times under the aliases a0, a1, … */
export function aliased(count: number, selection: string): string {
  return `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;
}
