import { createDecipheriv, createHash } from 'crypto';
import { inflateSync } from 'zlib';

/* Test helpers that read what pdfkit wrote, without a PDF library: drawn text, image count, encryption entries, and
 * the text of an encrypted, compressed file opened with its user password as a reader would. */

/**
 * The text an uncompressed pdfkit content stream draws: each `[<hex> kern <hex>] TJ` is one
 * line, with standard-font text as WinAnsi bytes.
 */
export function drawnText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...m[1].matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

export function pageCount(pdf: Buffer): number {
  return [...pdf.toString('latin1').matchAll(/\/Type \/Page(?![s\w])/g)].length;
}

/** Image XObjects drawn on pages: a PNG with an alpha channel adds a soft-mask image, which is not counted. */
export function imageCount(pdf: Buffer): number {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\/Subtype \/Image/g)].length - [...raw.matchAll(/\/SMask \d+ 0 R/g)].length;
}

// The standard security handler (PDF 1.7, section 7.6.3), enough to check which passwords a file accepts.
const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function md5(...parts: Buffer[]): Buffer {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}

function rc4Rounds(key: Buffer, data: Buffer): Buffer {
  let out = rc4(key, data);
  for (let i = 1; i <= 19; i++) out = rc4(Buffer.from(key.map((b) => b ^ i)), out);
  return out;
}

function padded(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
}

function md5Times51(data: Buffer): Buffer {
  let h = md5(data);
  for (let i = 0; i < 50; i++) h = md5(h);
  return h;
}

export interface EncryptEntries {
  o: Buffer;
  u: Buffer;
  p: number;
  id: Buffer;
  r: number;
}

export function encryptEntries(pdf: Buffer): EncryptEntries {
  const s = pdf.toString('latin1');
  const hex = (re: RegExp): Buffer => Buffer.from(re.exec(s)?.[1] ?? '', 'hex');
  return {
    o: hex(/\/O <([0-9a-f]+)>/),
    u: hex(/\/U <([0-9a-f]+)>/),
    p: Number(/\/P (-?\d+)/.exec(s)?.[1]),
    id: hex(/\/ID \[<([0-9a-f]+)>/),
    r: Number(/\/R (\d+)/.exec(s)?.[1]),
  };
}

/** Algorithm 3: the /O entry a given owner and user password produce. */
export function expectedOwnerEntry(ownerPassword: string, userPassword: string): Buffer {
  return rc4Rounds(md5Times51(padded(ownerPassword)), padded(userPassword));
}

/** Algorithms 2 and 5: whether the file opens with this user password. */
export function acceptsUserPassword(e: EncryptEntries, userPassword: string): boolean {
  const p = Buffer.alloc(4);
  p.writeInt32LE(e.p);
  const key = md5Times51(Buffer.concat([padded(userPassword), e.o, p, e.id]));
  return rc4Rounds(key, md5(PADDING, e.id)).equals(e.u.subarray(0, 16));
}

/** The permission bits (1-based, PDF 1.7 table 22) that matter for tickets. */
export function permissions(
  e: EncryptEntries,
): Record<'print' | 'highResPrint' | 'copy' | 'accessibility' | 'modify' | 'annotate' | 'fillForms' | 'assemble', boolean> {
  const bit = (n: number): boolean => (e.p & (1 << (n - 1))) !== 0;
  return { print: bit(3), highResPrint: bit(12), copy: bit(5), accessibility: bit(10), modify: bit(4), annotate: bit(6), fillForms: bit(9), assemble: bit(11) };
}

/**
 * Opens a protected PDF as a reader does with `userPassword` (standard security handler, RC4 or AESV2 streams,
 * Flate-compressed) and returns the text its pages draw. Throws when the password does not open it.
 */
export function openedText(pdf: Buffer, userPassword = ''): string {
  const e = encryptEntries(pdf);
  if (!acceptsUserPassword(e, userPassword)) throw new Error('the PDF does not open with this user password');
  const p = Buffer.alloc(4);
  p.writeInt32LE(e.p);
  const fileKey = md5Times51(Buffer.concat([padded(userPassword), e.o, p, e.id]));
  const raw = pdf.toString('latin1');
  const aes = /\/CFM \/AESV2/.test(raw);
  const decoded: string[] = [];
  for (const m of raw.matchAll(/(\d+) (\d+) obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const length = Number(/\/Length (\d+)(?! \d+ R)/.exec(m[3])?.[1]);
    if (!Number.isFinite(length) || /\/Subtype \/(Image|XML)/.test(m[3])) continue;
    const start = m.index! + m[0].length;
    const data = pdf.subarray(start, start + length);
    const id = Buffer.alloc(5);
    id.writeUIntLE(Number(m[1]), 0, 3);
    id.writeUIntLE(Number(m[2]), 3, 2);
    const objectKey = md5(fileKey, id, Buffer.from(aes ? 'sAlT' : '', 'latin1')).subarray(0, Math.min(16, fileKey.length + 5));
    const plain = aes ? aesCbc(objectKey, data) : rc4(objectKey, data);
    decoded.push((/\/FlateDecode/.test(m[3]) ? inflateSafe(plain) : plain).toString('latin1'));
  }
  return drawnText(Buffer.from(decoded.join('\n'), 'latin1'));
}

/** AESV2: the first 16 bytes are the IV; PKCS#5 padding. */
function aesCbc(key: Buffer, data: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, data.subarray(0, 16));
  return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
}

/** Streams that are not Flate data after all (none in pdfkit output) read as empty rather than throwing. */
function inflateSafe(data: Buffer): Buffer {
  try {
    return inflateSync(data);
  } catch {
    return Buffer.alloc(0);
  }
}
