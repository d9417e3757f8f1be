import 'reflect-metadata';
import { decodeCursor, encodeCursor } from './notification-log.resolver';

describe('notification log cursor', () => {
  it('reads back the entry it was written for: a delivery, or a request without deliveries', () => {
    const delivery = {
      at: new Date('2026-11-27T10:00:00.123Z'),
      notificationId: '5f90d307-3dea-4b15-9ffc-207132966413',
      deliveryId: '079ad301-d483-4694-a4bf-8a99293c776d',
    };
    expect(decodeCursor(encodeCursor(delivery))).toEqual(delivery);
    const request = { ...delivery, deliveryId: '' };
    expect(decodeCursor(encodeCursor(request))).toEqual(request);
  });

  it('still reads the offset cursors pages answered before keyset pages', () => {
    expect(decodeCursor(Buffer.from('o:150').toString('base64url'))).toBe(150);
  });

  it('refuses text it did not write', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow('after is not a cursor this query answered');
    expect(() => decodeCursor(Buffer.from('o:-1').toString('base64url'))).toThrow();
    expect(() => decodeCursor(Buffer.from("k:1:x' OR 1=1:").toString('base64url'))).toThrow();
  });
});
