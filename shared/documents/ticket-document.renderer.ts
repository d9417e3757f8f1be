import {
  BRAND_COLOR,
  drawBookingReference,
  drawBrandHeader,
  drawFooter,
  drawNote,
  drawRule,
  fitWidth,
  MARGIN,
  pdfText,
  renderTicketPdf,
  STRIPE_FILL,
  TEXT_COLOR,
  TICKET_FOOTER,
} from './ticket-pdf.kit';

export { fitWidth, pdfText, ticketProtection } from './ticket-pdf.kit';
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
    footer: TICKET_FOOTER.en,
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
    footer: TICKET_FOOTER.sw,
    page: 'Ukurasa',
  },
};

const HEADER_FILL = '#e6f2ee';
const FOOTER_HEIGHT = 40;

interface Column {
  label: string;
  width: number;
  value: (p: TicketDocumentPassenger, index: number) => string;
}

function draw(doc: PDFKit.PDFDocument, input: TicketDocumentInput, labels: Labels): void {
  const page = pageLayout(doc);
  drawTitle(doc, page, input, labels);
  if (input.journey.length > 0) drawJourney(doc, page, input.journey, labels);
  drawPassengers(doc, page, input.passengers, labels);
  const notes = (input.notes ?? []).filter((n) => n.trim() !== '');
  if (notes.length > 0) drawNotes(doc, page, notes, labels);
}

interface PageLayout {
  left: number;
  width: number;
  /** The lowest y the body may reach: the footer is below it. */
  bottom(): number;
  /** A new page when `height` no longer fits on this one. */
  ensureSpace(height: number): void;
  sectionHeading(text: string): void;
}

function pageLayout(doc: PDFKit.PDFDocument): PageLayout {
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
    drawRule(doc, left, width, y);
    doc.y = y + 8;
  };
  return { left, width, bottom, ensureSpace, sectionHeading };
}

/** The brand header with the issue time, the title and the booking reference. */
function drawTitle(doc: PDFKit.PDFDocument, { left, width }: PageLayout, input: TicketDocumentInput, labels: Labels): void {
  const headerRule = drawBrandHeader(doc, `${labels.issued}: ${input.issuedAt}`, left, width);

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(TEXT_COLOR)
    .text(pdfText(input.title), left, headerRule + 18, { width });

  // The booking reference is what staff ask for, so it is the largest text on the page.
  doc.moveDown(0.8);
  drawBookingReference(doc, labels.bookingReference, input.bookingReference, left, width, 30);
}

function drawJourney(doc: PDFKit.PDFDocument, page: PageLayout, journey: TicketDocumentInput['journey'], labels: Labels): void {
  const { left, width } = page;
  page.sectionHeading(labels.journey);
  for (const line of journey) {
    page.ensureSpace(36);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXT_COLOR).text(pdfText(line.description), left, doc.y, { width });
    const times = [`${labels.departs}: ${line.departure}`];
    if (line.arrival) times.push(`${labels.arrives}: ${line.arrival}`);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(TEXT_COLOR)
      .text(pdfText(times.join('     ')), left, doc.y + 2, { width });
    doc.moveDown(0.6);
  }
}

/** The passengers as a table: number, name, ticket number, seat and, when any passenger has one, fare. */
function passengerColumns(passengers: TicketDocumentPassenger[], width: number, labels: Labels): Column[] {
  const anyFare = passengers.some((p) => p.fare);
  const fixed: Column[] = [
    { label: labels.ticketNumber, width: 130, value: (p) => p.ticketNumber },
    { label: labels.seat, width: 60, value: (p) => p.seat || '—' },
    ...(anyFare ? [{ label: labels.fare, width: 90, value: (p: TicketDocumentPassenger) => p.fare || '—' }] : []),
  ];
  const numberWidth = 24;
  const nameWidth = width - numberWidth - fixed.reduce((sum, c) => sum + c.width, 0);
  return [{ label: '#', width: numberWidth, value: (_, i) => String(i + 1) }, { label: labels.name, width: nameWidth, value: (p) => p.name }, ...fixed];
}

function drawPassengers(doc: PDFKit.PDFDocument, page: PageLayout, passengers: TicketDocumentPassenger[], labels: Labels): void {
  const { left, width } = page;
  page.sectionHeading(labels.passengers);
  const columns = passengerColumns(passengers, width, labels);
  const rowHeight = 22;
  const padding = 6;
  const drawRow = (cells: string[], bold: boolean, fill: string | null): void => {
    const y = doc.y;
    if (fill) doc.rect(left, y, width, rowHeight).fillColor(fill).fill();
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 9 : 10)
      .fillColor(TEXT_COLOR);
    let x = left;
    columns.forEach((column, i) => {
      const text = fitWidth(doc, pdfText(cells[i]), column.width - 2 * padding);
      doc.text(text, x + padding, y + (rowHeight - doc.currentLineHeight()) / 2, { width: column.width - 2 * padding, lineBreak: false });
      x += column.width;
    });
    doc.y = y + rowHeight;
  };
  const drawHeaderRow = (): void =>
    drawRow(
      columns.map((c) => c.label),
      true,
      HEADER_FILL,
    );

  page.ensureSpace(rowHeight * 2);
  drawHeaderRow();
  passengers.forEach((passenger, index) => {
    if (doc.y + rowHeight > page.bottom()) {
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
  drawRule(doc, left, width, doc.y);
}

function drawNotes(doc: PDFKit.PDFDocument, page: PageLayout, notes: string[], labels: Labels): void {
  page.sectionHeading(labels.notes);
  for (const note of notes) {
    page.ensureSpace(16);
    drawNote(doc, note, page.left, page.width);
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
    const pageNumber = range.count > 1 ? [`${labels.page} ${i - range.start + 1}/${range.count}`] : [];
    drawFooter(doc, [labels.footer, ...pageNumber], left, width, top);
  }
}

/** Renders a ticket as an A4 PDF in the ticket's language. */
export function renderTicketDocument(input: TicketDocumentInput, options: TicketDocumentOptions = {}): Promise<Buffer> {
  const labels = LABELS[input.language] ?? LABELS.en;
  return renderTicketPdf(
    {
      ...options,
      language: input.language,
      title: input.title,
      subject: `${input.title} ${input.bookingReference}`,
      createdAt: input.createdAt,
      extra: { bufferPages: true },
    },
    (doc) => {
      draw(doc, input, labels);
      drawFooters(doc, labels);
    },
  );
}
