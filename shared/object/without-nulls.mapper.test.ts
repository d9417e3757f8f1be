import { withoutNullsDeep } from './without-nulls.mapper';

describe('withoutNullsDeep', () => {
  it('drops null and undefined members at every depth, keeps list items, and writes dates as ISO text', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(withoutNullsDeep({ a: null, b: undefined, c: 1, d: { e: null, f: [null, { g: null, h: 'x' }] }, at })).toEqual({
      c: 1,
      d: { f: [null, { h: 'x' }] },
      at: '2026-01-02T03:04:05.000Z',
    });
  });
});
