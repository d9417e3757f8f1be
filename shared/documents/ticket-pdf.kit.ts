import PDFDocument from 'pdfkit';

/** What every ticket document shares: the house style, safe text, the brand header, protection and rendering to a buffer. */

export const BRAND = 'Safiri';
export const BRAND_COLOR = '#0b6e4f';
export const TEXT_COLOR = '#1f2933';
export const MUTED_COLOR = '#7b8794';
export const RULE_COLOR = '#d9e2ec';
export const STRIPE_FILL = '#f5f7fa';
export const MARGIN = 50;

/** The closing line every ticket document prints, in each ticket language. */
export const TICKET_FOOTER = {
  en: 'Thank you for travelling with Safiri. Please show this ticket, on your phone or printed, with a valid ID when you board.',
  sw: 'Asante kwa kusafiri na Safiri. Tafadhali onyesha tiketi hii, kwenye simu au ikiwa imechapishwa, pamoja na kitambulisho halali wakati wa kupanda.',
};

/** Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still has. */
const WIN_ANSI_EXTRAS = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
    0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
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

/** The brand name on the left, the issue line on the right and a rule under both; answers the rule's y. */
export function drawBrandHeader(doc: PDFKit.PDFDocument, issuedLine: string, left: number, width: number): number {
  doc.font('Helvetica-Bold').fontSize(26).fillColor(BRAND_COLOR).text(BRAND, left, MARGIN, { width, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED_COLOR)
    .text(pdfText(issuedLine), left, MARGIN + 12, { width, align: 'right', lineBreak: false });
  const headerRule = MARGIN + 38;
  doc
    .moveTo(left, headerRule)
    .lineTo(left + width, headerRule)
    .lineWidth(2)
    .strokeColor(BRAND_COLOR)
    .stroke();
  return headerRule;
}

/** A thin full-width rule at `y`, as sections, tables and footers end. */
export function drawRule(doc: PDFKit.PDFDocument, left: number, width: number, y: number): void {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE_COLOR)
    .stroke();
}

/** The booking reference under its label: what staff ask for, so set large (`size`) and spaced. */
export function drawBookingReference(doc: PDFKit.PDFDocument, label: string, reference: string, left: number, width: number, size: number): void {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED_COLOR).text(pdfText(label.toUpperCase()), left, doc.y, { width, characterSpacing: 0.5 });
  doc
    .font('Helvetica-Bold')
    .fontSize(size)
    .fillColor(TEXT_COLOR)
    .text(pdfText(reference), left, doc.y + 2, { width, characterSpacing: 1.5 });
}

/** One bulleted note line. */
export function drawNote(doc: PDFKit.PDFDocument, note: string, left: number, width: number): void {
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(pdfText(`•  ${note}`), left, doc.y, { width, paragraphGap: 4 });
}

/** The footer at `top`: a rule, then each line centred under the one before. */
export function drawFooter(doc: PDFKit.PDFDocument, lines: [string, ...string[]], left: number, width: number, top: number): void {
  // Writing inside the bottom margin would otherwise make pdfkit start a new page.
  const savedBottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  drawRule(doc, left, width, top);
  const [first, ...more] = lines;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED_COLOR)
    .text(pdfText(first), left, top + 8, { width, align: 'center' });
  for (const line of more) doc.text(pdfText(line), left, doc.y + 2, { width, align: 'center' });
  doc.page.margins.bottom = savedBottom;
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

export interface TicketPdfOptions {
  ownerPassword?: string;
  compress?: boolean;
  language: string;
  title: string;
  subject: string;
  createdAt?: Date;
  /** pdfkit options a renderer needs beyond the shared ones (page buffering, first page). */
  extra?: Partial<PDFKit.PDFDocumentOptions>;
}

/** An A4 ticket PDF in the house settings, drawn by `draw`, collected into one buffer. */
export function renderTicketPdf(options: TicketPdfOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let doc: PDFKit.PDFDocument;
    try {
      doc = new PDFDocument({
        size: 'A4',
        margin: MARGIN,
        compress: options.compress ?? true,
        lang: options.language,
        displayTitle: true,
        pdfVersion: '1.7',
        info: {
          Title: options.title,
          Author: BRAND,
          Creator: BRAND,
          Subject: options.subject,
          ...(options.createdAt ? { CreationDate: options.createdAt } : {}),
        },
        ...options.extra,
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
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
