import QRCode from 'qrcode';
import type { TicketDocumentOptions } from './ticket-document.renderer';
import {
  BRAND_COLOR,
  drawBookingReference,
  drawBrandHeader,
  drawFooter,
  drawNote,
  fitWidth,
  MARGIN,
  MUTED_COLOR,
  pdfText,
  renderTicketPdf,
  RULE_COLOR,
  TEXT_COLOR,
  TICKET_FOOTER,
} from './ticket-pdf.kit';

/** One SGR ticket: one passenger on one train. */
export interface TrainTicketDocumentTicket {
  passengerName: string;
  /** The provider's full ticket number; the QR code encodes exactly this. */
  ticketNumber: string;
  /** E.g. "SGR ETR1001". */
  train: string;
  from: string;
  to: string;
  /** Already formatted in local time. */
  departure: string;
  arrival: string | null;
  /** E.g. "3". */
  car: string;
  /** E.g. "Economy". */
  carClass: string | null;
  seat: string;
  /** Display amount, e.g. "TZS 42,000". */
  price: string | null;
  /** Shown on round trips only. */
  direction?: 'OUTBOUND' | 'RETURN' | null;
}

export interface TrainTicketDocumentInput {
  bookingReference: string;
  /** Already formatted in local time. */
  issuedAt: string;
  language: 'en' | 'sw';
  tickets: TrainTicketDocumentTicket[];
  notes?: string[];
  /** The PDF's CreationDate; pass it to get byte-identical output for the same input. */
  createdAt?: Date;
}

interface Labels {
  title: string;
  bookingReference: string;
  issued: string;
  passenger: string;
  ticketNumber: string;
  train: string;
  from: string;
  to: string;
  departs: string;
  arrives: string;
  car: string;
  carClass: string;
  seat: string;
  price: string;
  outbound: string;
  return: string;
  scan: string;
  notes: string;
  footer: string;
  ticket: string;
}

const LABELS: Record<'en' | 'sw', Labels> = {
  en: {
    title: 'SGR e-ticket',
    bookingReference: 'Booking reference',
    issued: 'Issued',
    passenger: 'Passenger',
    ticketNumber: 'Ticket number',
    train: 'Train',
    from: 'From',
    to: 'To',
    departs: 'Departs',
    arrives: 'Arrives',
    car: 'Car',
    carClass: 'Class',
    seat: 'Seat',
    price: 'Price',
    outbound: 'Outbound',
    return: 'Return',
    scan: 'Scan at the gate',
    notes: 'Notes',
    footer: TICKET_FOOTER.en,
    ticket: 'Ticket',
  },
  sw: {
    title: 'Tiketi ya SGR',
    bookingReference: 'Namba ya uhifadhi',
    issued: 'Imetolewa',
    passenger: 'Abiria',
    ticketNumber: 'Namba ya tiketi',
    train: 'Treni',
    from: 'Kutoka',
    to: 'Kwenda',
    departs: 'Kuondoka',
    arrives: 'Kuwasili',
    car: 'Behewa',
    carClass: 'Daraja',
    seat: 'Kiti',
    price: 'Bei',
    outbound: 'Kwenda',
    return: 'Kurudi',
    scan: 'Skani langoni',
    notes: 'Maelezo',
    footer: TICKET_FOOTER.sw,
    ticket: 'Tiketi',
  },
};

const CARD_FILL = '#f5f7fa';
const QR_SIZE = 150;

/** The ticket number as a PNG QR code (error correction M, a quiet zone of one module). */
export function ticketQrPng(ticketNumber: string): Promise<Buffer> {
  // Grayscale without alpha (colorType 0): pdfkit embeds such a PNG synchronously, while an alpha channel is split off
  // asynchronously, which let two QR images be written in either order and made the same input render different bytes.
  return QRCode.toBuffer(ticketNumber, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 8,
    rendererOpts: { colorType: 0 },
  } as QRCode.QRCodeToBufferOptions);
}

function drawTicket(
  doc: PDFKit.PDFDocument,
  input: TrainTicketDocumentInput,
  ticket: TrainTicketDocumentTicket,
  qr: Buffer,
  index: number,
  labels: Labels,
): void {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  drawTicketTitle(doc, input, ticket, index, labels, left, width);
  const cardBottom = drawTicketCard(doc, ticket, qr, labels, left, width);
  doc.y = cardBottom + 16;
  const notes = (input.notes ?? []).filter((n) => n.trim() !== '');
  if (notes.length > 0) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(BRAND_COLOR).text(pdfText(labels.notes.toUpperCase()), left, doc.y, { width, characterSpacing: 0.5 });
    doc.moveDown(0.3);
    for (const note of notes) drawNote(doc, note, left, width);
  }
  drawFooter(doc, [labels.footer], left, width, doc.page.height - MARGIN - 32);
}

/** The brand header with the issue time, the title (direction, n/m when several tickets) and the booking reference. */
function drawTicketTitle(
  doc: PDFKit.PDFDocument,
  input: TrainTicketDocumentInput,
  ticket: TrainTicketDocumentTicket,
  index: number,
  labels: Labels,
  left: number,
  width: number,
): void {
  const headerRule = drawBrandHeader(doc, `${labels.issued}: ${input.issuedAt}`, left, width);

  const count = input.tickets.length > 1 ? `  (${labels.ticket} ${index + 1}/${input.tickets.length})` : '';
  const direction = ticket.direction === 'RETURN' ? ` - ${labels.return}` : ticket.direction === 'OUTBOUND' ? ` - ${labels.outbound}` : '';
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(TEXT_COLOR)
    .text(pdfText(`${labels.title}${direction}${count}`), left, headerRule + 18, { width });

  doc.moveDown(0.6);
  drawBookingReference(doc, labels.bookingReference, input.bookingReference, left, width, 24);
}

/** The ticket card: details on the left, the QR code on the right. Returns the card's bottom. */
function drawTicketCard(doc: PDFKit.PDFDocument, ticket: TrainTicketDocumentTicket, qr: Buffer, labels: Labels, left: number, width: number): number {
  const cardTop = doc.y + 16;
  const padding = 16;
  const cardHeight = 330;
  doc.roundedRect(left, cardTop, width, cardHeight, 8).fillColor(CARD_FILL).fill();
  doc.roundedRect(left, cardTop, width, cardHeight, 8).lineWidth(0.75).strokeColor(RULE_COLOR).stroke();
  const qrX = left + width - padding - QR_SIZE;
  const textWidth = qrX - left - 2 * padding;
  const x = left + padding;
  let y = cardTop + padding;

  const field = (label: string, value: string, atX: number, atY: number, w: number, size = 12): number => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED_COLOR)
      .text(pdfText(label.toUpperCase()), atX, atY, { width: w, characterSpacing: 0.5, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(size).fillColor(TEXT_COLOR);
    doc.text(fitWidth(doc, pdfText(value), w), atX, atY + 11, { width: w, lineBreak: false });
    return atY + 11 + doc.currentLineHeight() + 12;
  };

  y = field(labels.passenger, ticket.passengerName, x, y, textWidth, 16);
  y = field(labels.ticketNumber, ticket.ticketNumber, x, y, textWidth, 13);
  y = field(labels.train, ticket.train, x, y, textWidth);
  const half = (textWidth - padding) / 2;
  field(labels.from, ticket.from, x, y, half);
  y = field(labels.to, ticket.to, x + half + padding, y, half);
  field(labels.departs, ticket.departure, x, y, half);
  y = field(labels.arrives, ticket.arrival ?? '-', x + half + padding, y, half);
  const third = (textWidth - 2 * padding) / 3;
  field(labels.car, ticket.car, x, y, third);
  field(labels.carClass, ticket.carClass ?? '-', x + third + padding, y, third);
  y = field(labels.seat, ticket.seat, x + 2 * (third + padding), y, third);
  if (ticket.price) field(labels.price, ticket.price, x, y, textWidth);

  doc.image(qr, qrX, cardTop + padding, { width: QR_SIZE, height: QR_SIZE });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED_COLOR)
    .text(pdfText(labels.scan), qrX, cardTop + padding + QR_SIZE + 4, { width: QR_SIZE, align: 'center', lineBreak: false });
  return cardTop + cardHeight;
}

/**
 * Renders SGR tickets as an A4 PDF, one page per ticket (passenger and train), each with a QR code of its
 * ticket number. Without createdAt every call gives a new rendering (new creation date and file ID).
 */
export async function renderTrainTicketDocument(input: TrainTicketDocumentInput, options: TicketDocumentOptions = {}): Promise<Buffer> {
  if (input.tickets.length === 0) throw new Error('a train ticket document needs at least one ticket');
  const labels = LABELS[input.language] ?? LABELS.en;
  const codes = await Promise.all(input.tickets.map((t) => ticketQrPng(t.ticketNumber)));
  return renderTicketPdf(
    {
      ...options,
      language: input.language,
      title: labels.title,
      subject: `${labels.title} ${input.bookingReference}`,
      createdAt: input.createdAt ?? new Date(),
      extra: { autoFirstPage: false },
    },
    (doc) =>
      input.tickets.forEach((ticket, i) => {
        doc.addPage();
        drawTicket(doc, input, ticket, codes[i], i, labels);
      }),
  );
}
