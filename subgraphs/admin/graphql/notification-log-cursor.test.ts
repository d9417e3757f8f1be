import 'reflect-metadata';
import { decodeCursor, encodeCursor } from './notification-log.resolver';

describe('notification log cursor', () => {
  it('reads back the position it was written for', () => {
    expect(decodeCursor(encodeCursor(0))).toBe(0);
    expect(decodeCursor(encodeCursor(150))).toBe(150);
  });

  it('refuses text it did not write', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow('after is not a cursor this query answered');
    expect(() => decodeCursor(Buffer.from('o:-1').toString('base64url'))).toThrow();
  });
});
