import { renderTicketDocument, type TicketDocumentInput } from './ticket-document.renderer';
import { acceptsUserPassword, drawnText, encryptEntries, EncryptEntries, expectedOwnerEntry, pageCount } from './pdf-inspection.reader';

function ticket(overrides: Partial<TicketDocumentInput> = {}): TicketDocumentInput {
  return {
    title: 'SGR e-ticket',
    bookingReference: 'SGR-7K2M9Q',
    issuedAt: '20 Nov 2026, 09:12',
    language: 'en',
    passengers: [
      { name: 'Amina Juma', ticketNumber: 'TKT-000123', seat: 'C2-14', fare: 'TZS 60,000' },
      { name: 'Baraka Mwangi', ticketNumber: 'TKT-000124', seat: null, fare: null },
    ],
    journey: [{ description: 'SGR Express, Dar es Salaam → Morogoro', departure: '22 Nov 2026, 08:00', arrival: '22 Nov 2026, 09:50' }],
    notes: ['Be at the station 45 minutes before departure.'],
    createdAt: new Date('2026-11-20T06:12:00Z'),
    ...overrides,
  };
}

describe('renderTicketDocument', () => {
  it('produces a PDF', async () => {
    const pdf = await renderTicketDocument(ticket());
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
  });

  it('draws the reference, journey, passengers and notes with English labels', async () => {
    const text = drawnText(await renderTicketDocument(ticket(), { compress: false }));
    for (const expected of [
      'Safiri',
      'SGR e-ticket',
      'Issued: 20 Nov 2026, 09:12',
      'BOOKING REFERENCE',
      'SGR-7K2M9Q',
      'SGR Express, Dar es Salaam - Morogoro',
      'Departs: 22 Nov 2026, 08:00',
      'Arrives: 22 Nov 2026, 09:50',
      'Ticket number',
      'Amina Juma',
      'TKT-000123',
      'C2-14',
      'TZS 60,000',
      'Baraka Mwangi',
      'TKT-000124',
      'Be at the station 45 minutes before departure.',
      'Thank you for travelling with Safiri.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Namba ya tiketi');
  });

  it('labels the document in Swahili', async () => {
    const text = drawnText(await renderTicketDocument(ticket({ language: 'sw' }), { compress: false }));
    for (const expected of [
      'NAMBA YA UHIFADHI',
      'Imetolewa: 20 Nov 2026, 09:12',
      'ABIRIA',
      'Namba ya tiketi',
      'Kiti',
      'Kuondoka:',
      'Asante kwa kusafiri na Safiri.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Ticket number');
  });

  it('leaves out the fare column when no passenger has a fare', async () => {
    const passengers = ticket().passengers.map((p) => ({ ...p, fare: null }));
    const text = drawnText(await renderTicketDocument(ticket({ passengers }), { compress: false }));
    expect(text).not.toMatch(/^Fare$/m);
    expect(text).toMatch(/^Seat$/m);
  });

  it('fits a typical ticket on one A4 page', async () => {
    const pdf = await renderTicketDocument(ticket(), { compress: false });
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('continues a long passenger list on further pages, repeating the table header', async () => {
    const passengers = Array.from({ length: 60 }, (_, i) => ({ name: `Passenger ${i + 1}`, ticketNumber: `TKT-${1000 + i}`, seat: `A${i}` }));
    const pdf = await renderTicketDocument(ticket({ passengers }), { compress: false });
    const text = drawnText(pdf);
    expect(pageCount(pdf)).toBeGreaterThan(1);
    expect(text).toContain('Passenger 60');
    expect(text).toContain(`Page 1/${pageCount(pdf)}`);
    expect([...text.matchAll(/^Ticket number$/gm)].length).toBe(pageCount(pdf));
  });

  it('shortens a name too long for its column', async () => {
    const name = 'Bwana Mkubwa '.repeat(10).trim();
    const text = drawnText(await renderTicketDocument(ticket({ passengers: [{ name, ticketNumber: 'TKT-1' }] }), { compress: false }));
    expect(text).not.toContain(name);
    expect(text).toMatch(/^Bwana Mkubwa .*\u0085$/m);
  });

  it('sets the document info', async () => {
    const raw = (await renderTicketDocument(ticket(), { compress: false })).toString('latin1');
    expect(raw).toContain('(SGR e-ticket)');
    expect(raw).toContain('(Safiri)');
    expect(raw).toContain('(D:20261120061200Z)');
  });

  it('is byte-identical for the same input and creation date', async () => {
    const a = await renderTicketDocument(ticket());
    const b = await renderTicketDocument(ticket());
    expect(a.equals(b)).toBe(true);
    const later = await renderTicketDocument(ticket({ createdAt: new Date('2026-11-21T06:12:00Z') }));
    expect(later.equals(a)).toBe(false);
  });

  it('is not encrypted without an owner password', async () => {
    const pdf = await renderTicketDocument(ticket());
    expect(pdf.toString('latin1')).not.toContain('/Encrypt');
  });

  describe('with an owner password', () => {
    let pdf: Buffer;
    let entries: EncryptEntries;

    beforeAll(async () => {
      // Uncompressed, so any readable text left in the file would come from missing encryption.
      pdf = await renderTicketDocument(ticket(), { ownerPassword: 'owner-secret', compress: false });
      entries = encryptEntries(pdf);
    });

    it('is encrypted', () => {
      expect(pdf.toString('latin1')).toContain('/Encrypt');
      expect(entries.r).toBe(4);
      const raw = pdf.toString('latin1');
      expect(raw).not.toContain(' TJ');
      expect(raw).not.toContain('SGR-7K2M9Q');
      expect(raw).not.toContain('(SGR e-ticket)');
    });

    it('opens without a password', () => {
      expect(acceptsUserPassword(entries, '')).toBe(true);
      expect(acceptsUserPassword(entries, 'owner-secret')).toBe(false);
    });

    it('is locked with that owner password', () => {
      expect(entries.o.equals(expectedOwnerEntry('owner-secret', ''))).toBe(true);
      expect(entries.o.equals(expectedOwnerEntry('something-else', ''))).toBe(false);
    });

    it('allows high-resolution printing, copying and accessibility but not changes', () => {
      const bit = (n: number): boolean => (entries.p & (1 << (n - 1))) !== 0;
      expect(bit(3)).toBe(true); // print
      expect(bit(12)).toBe(true); // high-resolution print
      expect(bit(5)).toBe(true); // copy
      expect(bit(10)).toBe(true); // accessibility
      expect(bit(4)).toBe(false); // modify
      expect(bit(6)).toBe(false); // annotate
      expect(bit(9)).toBe(false); // fill forms
      expect(bit(11)).toBe(false); // assemble
    });
  });
});
