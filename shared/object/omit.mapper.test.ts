import { omit } from './omit.mapper';

describe('omit', () => {
  it('copies every other own property and leaves the original alone', () => {
    const value = { a: 1, b: 'two', c: null, d: undefined };
    const rest = omit(value, 'a', 'c');
    expect(rest).toEqual({ b: 'two', d: undefined });
    expect(Object.keys(rest)).toEqual(['b', 'd']);
    expect(value).toEqual({ a: 1, b: 'two', c: null, d: undefined });
  });

  it('is the rest of a destructuring', () => {
    const value = { x: 1, y: 2, z: 3 };
    const { x, ...rest } = value;
    expect(x).toBe(1);
    expect(omit(value, 'x')).toEqual(rest);
  });
});
