import QRCode from 'qrcode';
import { omit } from '../object/omit.mapper';
import { renderTrainTicketDocument, ticketQrPng, type TrainTicketDocumentInput } from './train-ticket-document.renderer';
import { acceptsUserPassword, drawnText, encryptEntries, expectedOwnerEntry, imageCount, pageCount, permissions } from './pdf-inspection.reader';

function input(overrides: Partial<TrainTicketDocumentInput> = {}): TrainTicketDocumentInput {
  const base = {
    train: 'SGR ETR1001',
    from: 'Dar es Salaam',
    to: 'Dodoma',
    departure: '06 Dec 2026, 06:00',
    arrival: '06 Dec 2026, 09:30',
    carClass: 'Economy',
    price: 'TZS 42,000',
  };
  return {
    bookingReference: 'SGRP7K2M9Q',
    issuedAt: '20 Nov 2026, 09:12',
    language: 'en',
    tickets: [
      { ...base, passengerName: 'Asha Mwinyi', ticketNumber: 'TRC-2026-000123', car: '3', seat: '14A' },
      { ...base, passengerName: 'Baraka Juma', ticketNumber: 'TRC-2026-000124', car: '3', seat: '14B', price: null },
    ],
    createdAt: new Date('2026-11-20T06:12:00Z'),
    ...overrides,
  };
}

describe('renderTrainTicketDocument', () => {
  it('draws one page per ticket with passenger, train, car, seat, times and price', async () => {
    const pdf = await renderTrainTicketDocument(input(), { compress: false });
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(pageCount(pdf)).toBe(2);
    const text = drawnText(pdf);
    for (const expected of [
      'Safiri',
      'Issued: 20 Nov 2026, 09:12',
      'SGR e-ticket  (Ticket 1/2)',
      'SGRP7K2M9Q',
      'PASSENGER',
      'Asha Mwinyi',
      'TRC-2026-000123',
      'SGR ETR1001',
      'Dar es Salaam',
      'Dodoma',
      '06 Dec 2026, 06:00',
      '06 Dec 2026, 09:30',
      'CAR',
      '14A',
      'Economy',
      'TZS 42,000',
      'Baraka Juma',
      'TRC-2026-000124',
      '14B',
      'Scan at the gate',
    ]) {
      expect(text).toContain(expected);
    }
    // The second ticket has no price: the label appears once.
    expect([...text.matchAll(/^PRICE$/gm)]).toHaveLength(1);
  });

  it('embeds one QR image per ticket, encoding the ticket number', async () => {
    const pdf = await renderTrainTicketDocument(input(), { compress: false });
    expect(imageCount(pdf)).toBe(2);
    const png = await ticketQrPng('TRC-2026-000123');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The QR code of exactly the ticket number: its modules plus a one-module quiet zone, 8 pixels each.
    const code = QRCode.create('TRC-2026-000123', { errorCorrectionLevel: 'M' });
    expect(code.segments.map((s) => (s as unknown as { data: string }).data).join('')).toBe('TRC-2026-000123');
    expect(png.readUInt32BE(16)).toBe((code.modules.size + 2) * 8);
    expect(pdf.toString('latin1')).toContain(`/Width ${(code.modules.size + 2) * 8}`);
  });

  it('labels the document in Swahili', async () => {
    const text = drawnText(await renderTrainTicketDocument(input({ language: 'sw' }), { compress: false }));
    for (const expected of ['Tiketi ya SGR', 'NAMBA YA UHIFADHI', 'ABIRIA', 'BEHEWA', 'KITI', 'Imetolewa: 20 Nov 2026, 09:12'])
      expect(text).toContain(expected);
    expect(text).not.toContain('PASSENGER');
  });

  it('is byte-identical for a fixed creation date and new on every render without one', async () => {
    const fixed = input();
    expect((await renderTrainTicketDocument(fixed)).equals(await renderTrainTicketDocument(fixed))).toBe(true);
    // Also when renders overlap, as under load: the QR images must not be written in a timing-dependent order.
    const overlapping = await Promise.all(Array.from({ length: 6 }, () => renderTrainTicketDocument(fixed)));
    for (const other of overlapping) expect(other.equals(overlapping[0])).toBe(true);
    const fresh = omit(fixed, 'createdAt');
    const a = await renderTrainTicketDocument(fresh, { ownerPassword: 'owner' });
    await new Promise((r) => setTimeout(r, 5));
    const b = await renderTrainTicketDocument(fresh, { ownerPassword: 'owner' });
    expect(encryptEntries(a).id.equals(encryptEntries(b).id)).toBe(false);
  });

  it('refuses an empty ticket list', async () => {
    await expect(renderTrainTicketDocument(input({ tickets: [] }))).rejects.toThrow(/at least one ticket/);
  });

  describe('with an owner password', () => {
    let pdf: Buffer;
    beforeAll(async () => {
      pdf = await renderTrainTicketDocument(input(), { ownerPassword: 'owner-secret', compress: false });
    });

    it('is encrypted, opens without a password and is locked with the owner password', () => {
      const raw = pdf.toString('latin1');
      expect(raw).toContain('/Encrypt');
      expect(raw).not.toContain(' TJ');
      expect(raw).not.toContain('Asha Mwinyi');
      const e = encryptEntries(pdf);
      expect(acceptsUserPassword(e, '')).toBe(true);
      expect(e.o.equals(expectedOwnerEntry('owner-secret', ''))).toBe(true);
      expect(imageCount(pdf)).toBe(2);
    });

    it('allows printing and copying but not editing, annotating, forms or assembly', () => {
      expect(permissions(encryptEntries(pdf))).toEqual({
        print: true,
        highResPrint: true,
        copy: true,
        accessibility: true,
        modify: false,
        annotate: false,
        fillForms: false,
        assemble: false,
      });
    });
  });
});
