import PDFDocument from 'pdfkit';
import type { JourneyLine } from '../notifications/notification.types';

export interface TicketDocumentPassenger {
  name: string;
  ticketNumber: string;
  seat?: string | null;
  /** Display amount, e.g. "TZS 120,000". */
  fare?: string | null;
}

export interface TicketDocumentInput {
  /** E.g. "SGR e-ticket", "Flight e-ticket". */
  title: string;
  bookingReference: string;
  /** Already formatted in local time. */
  issuedAt: string;
  language: 'en' | 'sw';
  passengers: TicketDocumentPassenger[];
  journey: JourneyLine[];
  notes?: string[];
  /** The PDF's CreationDate; pass it to get byte-identical output for the same input. */
  createdAt?: Date;
}

export interface TicketDocumentOptions {
  /**
   * Encrypts the PDF with this owner password and no user password: anyone can open and print
   * it, but editing it needs the owner password.
   */
  ownerPassword?: string;
  /** False leaves content streams readable, for tests and debugging. Defaults to true. */
  compress?: boolean;
}

interface Labels {
  bookingReference: string;
  issued: string;
  journey: string;
  departs: string;
  arrives: string;
  passengers: string;
  name: string;
  ticketNumber: string;
  seat: string;
  fare: string;
  notes: string;
  footer: string;
  page: string;
}

const LABELS: Record<'en' | 'sw', Labels> = {
  en: {
    bookingReference: 'Booking reference',
    issued: 'Issued',
    journey: 'Journey',
    departs: 'Departs',
    arrives: 'Arrives',
    passengers: 'Passengers',
    name: 'Name',
    ticketNumber: 'Ticket number',
    seat: 'Seat',
    fare: 'Fare',
    notes: 'Notes',
    footer: 'Thank you for travelling with Safiri. Please show this ticket, on your phone or printed, with a valid ID when you board.',
    page: 'Page',
  },
  sw: {
    bookingReference: 'Namba ya uhifadhi',
    issued: 'Imetolewa',
    journey: 'Safari',
    departs: 'Kuondoka',
    arrives: 'Kuwasili',
    passengers: 'Abiria',
    name: 'Jina',
    ticketNumber: 'Namba ya tiketi',
    seat: 'Kiti',
    fare: 'Nauli',
    notes: 'Maelezo',
    footer: 'Asante kwa kusafiri na Safiri. Tafadhali onyesha tiketi hii, kwenye simu au ikiwa imechapishwa, pamoja na kitambulisho halali wakati wa kupanda.',
    page: 'Ukurasa',
  },
};

const BRAND = 'Safiri';
const BRAND_COLOR = '#0b6e4f';
const TEXT_COLOR = '#1f2933';
const MUTED_COLOR = '#7b8794';
const RULE_COLOR = '#d9e2ec';
const HEADER_FILL = '#e6f2ee';
const STRIPE_FILL = '#f5f7fa';
const MARGIN = 50;
const FOOTER_HEIGHT = 40;

/** Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has. */
const WIN_ANSI_EXTRAS = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
    0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
  ].map((c) => String.fromCodePoint(c)),
);

/**
 * The built-in PDF fonts only encode WinAnsi; anything else would print as a wrong glyph, so
 * it is transliterated where that is obvious and replaced by "?" otherwise.
 */
export function pdfText(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFC').replace(/→/g, '-').replace(/←/g, '-')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch)) {
      out += ch;
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else {
      out += '?';
    }
  }
  return out;
}

/** Cuts text to fit a table cell, ending with an ellipsis when it had to cut. */
export function fitWidth(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

interface Column {
  label: string;
  width: number;
  value: (p: TicketDocumentPassenger, index: number) => string;
}

function draw(doc: PDFKit.PDFDocument, input: TicketDocumentInput, labels: Labels): void {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = (): number => doc.page.height - MARGIN - FOOTER_HEIGHT;
  const ensureSpace = (height: number): void => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
    }
  };
  const sectionHeading = (text: string): void => {
    ensureSpace(40);
    doc.moveDown(1.2);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND_COLOR).text(pdfText(text.toUpperCase()), left, doc.y, { width, characterSpacing: 0.5 });
    const y = doc.y + 3;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor(RULE_COLOR).stroke();
    doc.y = y + 8;
  };

  // Brand header, with the issue time on the right.
  doc.font('Helvetica-Bold').fontSize(26).fillColor(BRAND_COLOR).text(BRAND, left, MARGIN, { width, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED_COLOR)
    .text(pdfText(`${labels.issued}: ${input.issuedAt}`), left, MARGIN + 12, { width, align: 'right', lineBreak: false });
  const headerRule = MARGIN + 38;
  doc.moveTo(left, headerRule).lineTo(left + width, headerRule).lineWidth(2).strokeColor(BRAND_COLOR).stroke();

  doc.font('Helvetica-Bold').fontSize(18).fillColor(TEXT_COLOR).text(pdfText(input.title), left, headerRule + 18, { width });

  // The booking reference is what staff ask for, so it is the largest text on the page.
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED_COLOR).text(pdfText(labels.bookingReference.toUpperCase()), left, doc.y, {
    width,
    characterSpacing: 0.5,
  });
  doc.font('Helvetica-Bold').fontSize(30).fillColor(TEXT_COLOR).text(pdfText(input.bookingReference), left, doc.y + 2, {
    width,
    characterSpacing: 1.5,
  });

  if (input.journey.length > 0) {
    sectionHeading(labels.journey);
    for (const line of input.journey) {
      ensureSpace(36);
      doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXT_COLOR).text(pdfText(line.description), left, doc.y, { width });
      const times = [`${labels.departs}: ${line.departure}`];
      if (line.arrival) times.push(`${labels.arrives}: ${line.arrival}`);
      doc.font('Helvetica').fontSize(10).fillColor(TEXT_COLOR).text(pdfText(times.join('     ')), left, doc.y + 2, { width });
      doc.moveDown(0.6);
    }
  }

  sectionHeading(labels.passengers);
  const anyFare = input.passengers.some((p) => p.fare);
  const fixed: Column[] = [
    { label: labels.ticketNumber, width: 130, value: (p) => p.ticketNumber },
    { label: labels.seat, width: 60, value: (p) => p.seat || '—' },
    ...(anyFare ? [{ label: labels.fare, width: 90, value: (p: TicketDocumentPassenger) => p.fare || '—' }] : []),
  ];
  const numberWidth = 24;
  const nameWidth = width - numberWidth - fixed.reduce((sum, c) => sum + c.width, 0);
  const columns: Column[] = [
    { label: '#', width: numberWidth, value: (_, i) => String(i + 1) },
    { label: labels.name, width: nameWidth, value: (p) => p.name },
    ...fixed,
  ];
  const rowHeight = 22;
  const padding = 6;
  const drawRow = (cells: string[], bold: boolean, fill: string | null): void => {
    const y = doc.y;
    if (fill) doc.rect(left, y, width, rowHeight).fillColor(fill).fill();
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 9 : 10).fillColor(TEXT_COLOR);
    let x = left;
    columns.forEach((column, i) => {
      const text = fitWidth(doc, pdfText(cells[i]), column.width - 2 * padding);
      doc.text(text, x + padding, y + (rowHeight - doc.currentLineHeight()) / 2, { width: column.width - 2 * padding, lineBreak: false });
      x += column.width;
    });
    doc.y = y + rowHeight;
  };
  const drawHeaderRow = (): void => drawRow(columns.map((c) => c.label), true, HEADER_FILL);

  ensureSpace(rowHeight * 2);
  drawHeaderRow();
  input.passengers.forEach((passenger, index) => {
    if (doc.y + rowHeight > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      drawHeaderRow();
    }
    drawRow(
      columns.map((c) => c.value(passenger, index)),
      false,
      index % 2 === 1 ? STRIPE_FILL : null,
    );
  });
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.75).strokeColor(RULE_COLOR).stroke();

  const notes = (input.notes ?? []).filter((n) => n.trim() !== '');
  if (notes.length > 0) {
    sectionHeading(labels.notes);
    for (const note of notes) {
      ensureSpace(16);
      doc.font('Helvetica').fontSize(10).fillColor(TEXT_COLOR).text(pdfText(`•  ${note}`), left, doc.y, { width, paragraphGap: 4 });
    }
  }
}

/** Footers go on last, once the page count is known. */
function drawFooters(doc: PDFKit.PDFDocument, labels: Labels): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const left = MARGIN;
    const width = doc.page.width - 2 * MARGIN;
    const top = doc.page.height - MARGIN - FOOTER_HEIGHT + 8;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.moveTo(left, top).lineTo(left + width, top).lineWidth(0.75).strokeColor(RULE_COLOR).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED_COLOR).text(pdfText(labels.footer), left, top + 8, { width, align: 'center' });
    if (range.count > 1) {
      doc.text(pdfText(`${labels.page} ${i - range.start + 1}/${range.count}`), left, doc.y + 2, { width, align: 'center' });
    }
    doc.page.margins.bottom = savedBottom;
  }
}

/**
 * pdfkit options for a ticket: no user password (opens for anyone), printing and copying allowed,
 * editing, annotating, form filling and page assembly locked behind the owner password.
 */
export function ticketProtection(ownerPassword: string | undefined): Pick<PDFKit.PDFDocumentOptions, 'ownerPassword' | 'permissions'> {
  if (!ownerPassword) return {};
  return {
    ownerPassword,
    permissions: {
      printing: 'highResolution',
      copying: true,
      contentAccessibility: true,
      modifying: false,
      annotating: false,
      fillingForms: false,
      documentAssembly: false,
    },
  };
}

/** Renders a ticket as an A4 PDF in the ticket's language. */
export function renderTicketDocument(input: TicketDocumentInput, options: TicketDocumentOptions = {}): Promise<Buffer> {
  const labels = LABELS[input.language] ?? LABELS.en;
  return new Promise<Buffer>((resolve, reject) => {
    let doc: PDFKit.PDFDocument;
    try {
      doc = new PDFDocument({
        size: 'A4',
        margin: MARGIN,
        bufferPages: true,
        compress: options.compress ?? true,
        lang: input.language,
        displayTitle: true,
        pdfVersion: '1.7',
        info: {
          Title: input.title,
          Author: BRAND,
          Creator: BRAND,
          Subject: `${input.title} ${input.bookingReference}`,
          ...(input.createdAt ? { CreationDate: input.createdAt } : {}),
        },
        ...ticketProtection(options.ownerPassword),
      });
    } catch (err) {
      reject(err);
      return;
    }
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, input, labels);
      drawFooters(doc, labels);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
