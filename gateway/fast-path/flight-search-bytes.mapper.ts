/*
 * The REST flight search answer made from the flight subgraph's bytes, without parsing the offers into
 * objects, copying them without their nulls and serialising them again: at 50 offers (120 KB) that round
 * trip was most of the gateway's CPU per search. The offers' REST shape is their GraphQL shape except for
 * two things, both done here on the bytes:
 *   - a member whose value is null is left out (as withoutNulls does: at any depth, JSON scalars included;
 *     a null inside a list stays);
 *   - each offer's price.otherCurrencies list becomes an object keyed by currency (as restPrice does).
 * The small meta object is parsed and mapped as before. Anything this does not expect (whitespace, an
 * errors member, another shape, a duplicate currency, a __proto__ key) answers undefined: the caller then
 * parses the answer and maps it the usual way, so the bytes sent are always the ones that way would send.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;

const ANSWER_START = Buffer.from('{"data":{"searchFlights":{"meta":');
const OFFERS_START = Buffer.from(',"data":[');
const ANSWER_END = Buffer.from('}}}');
const CURRENCY_START = Buffer.from('{"currency":"');
const NULL = Buffer.from('null');
const PRICE = Buffer.from('price');
const OTHER_CURRENCIES = Buffer.from('otherCurrencies');
// JSON.parse keeps "__proto__" as a member; the object copy of the usual mapping does not.
const PROTO = Buffer.from('__proto__');
const REST_START = Buffer.from('{"meta":');
const REST_OFFERS = Buffer.from(',"data":');

/** What the key just read makes of the value that follows it. */
const enum Pending {
  Nothing,
  Price,
  OtherCurrencies,
}

/** Whether `bytes` occur in `src` at `at`. */
function bytesAt(src: Buffer, at: number, bytes: Buffer): boolean {
  if (at + bytes.length > src.length) return false;
  for (let i = 0; i < bytes.length; i++) if (src[at + i] !== bytes[i]) return false;
  return true;
}

/** Whether the string between the quotes at `open` and `close` is `bytes`. */
function stringIs(src: Buffer, open: number, close: number, bytes: Buffer): boolean {
  return close - open - 1 === bytes.length && bytesAt(src, open + 1, bytes);
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function stringEnd(src: Buffer, open: number): number {
  // A plain loop: the strings are short, and Buffer#indexOf's call costs more than it saves on them.
  const end = src.length;
  for (let at = open + 1; at < end; at++) {
    const c = src[at];
    if (c === QUOTE) return at;
    if (c === BACKSLASH) at++;
  }
  return -1;
}

/** The index just past the object or list that opens at `open`, or -1. */
function containerEnd(src: Buffer, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === QUOTE) {
      i = stringEnd(src, i);
      if (i < 0) return -1;
    } else if (c === OPEN_OBJECT || c === OPEN_LIST) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

const COPY_LOOP_MAX = 64;

/** The REST body as it is written: bytes copied from the answer, or of its own. Grows when it must. */
class Output {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(capacity);
  }

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + n));
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }

  copy(src: Buffer, from: number, to: number): void {
    this.room(to - from);
    // A loop for the short runs between two changes: Buffer#copy makes a view of each run first.
    if (to - from > COPY_LOOP_MAX) this.length += src.copy(this.bytes, this.length, from, to);
    else {
      const bytes = this.bytes;
      let at = this.length;
      for (let i = from; i < to; i++) bytes[at++] = src[i];
      this.length = at;
    }
  }

  put(bytes: Buffer): void {
    this.copy(bytes, 0, bytes.length);
  }

  byte(b: number): void {
    this.room(1);
    this.bytes[this.length++] = b;
  }
}

/** Deeper than any offer goes (a JSON scalar could): left to the object mapping. */
const MAX_DEPTH = 64;

/**
 * The pass that writes the offers list in REST form, over the answer's bytes.
 *
 * Depths count from the list (1): offers are at 2, their price at 3, price.otherCurrencies at 4 and its
 * entries at 5. `kept[d]` says whether the object at depth d has kept a member yet: a left-out member
 * takes its preceding comma with it, or the following one when it would have been the first.
 * `copied` is how far the answer has been written out: bytes are copied in runs, up to each change.
 * Each step takes the index of the byte it reads and answers the index of the next, or -1 for anything
 * unexpected.
 */
class OffersPass {
  private copied: number;
  private readonly kept = new Uint8Array(MAX_DEPTH + 1);
  private depth = 0;
  private pending = Pending.Nothing;
  private priceDepth = -1;
  private currenciesDepth = -1;
  private currencies: string[] = [];

  constructor(
    private readonly src: Buffer,
    private readonly open: number,
    private readonly out: Output,
  ) {
    this.copied = open;
  }

  /** Writes the list that opens at `open`; answers the index just past it, or -1. */
  run(): number {
    const src = this.src;
    const end = src.length;
    let i = this.open;
    while (i >= 0 && i < end) {
      const c = src[i];
      if (c === QUOTE) i = this.string(i);
      else if (c === OPEN_OBJECT || c === OPEN_LIST) i = this.openContainer(i, c);
      else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
        i = this.closeContainer(i, c);
        if (i >= 0 && this.depth === 0) {
          this.out.copy(src, this.copied, i);
          return i;
        }
      }
      // Compact JSON only: whitespace would need a tokenizer that this is not.
      else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) return -1;
      else {
        this.pending = Pending.Nothing;
        i++;
      }
    }
    return -1;
  }

  /** A string value, or a key: its member is left out when its value is null. */
  private string(i: number): number {
    const src = this.src;
    const close = stringEnd(src, i);
    if (close < 0) return -1;
    if (src[close + 1] !== COLON) {
      this.pending = Pending.Nothing;
      return close + 1;
    }
    const after = src[close + 6];
    if (src[close + 2] === NULL[0] && bytesAt(src, close + 2, NULL) && (after === COMMA || after === CLOSE_OBJECT)) return this.leaveOut(i, close, after);
    this.kept[this.depth] = 1;
    if (stringIs(src, i, close, PROTO)) return -1;
    this.pending =
      this.depth === 2 && stringIs(src, i, close, PRICE)
        ? Pending.Price
        : this.depth === this.priceDepth && stringIs(src, i, close, OTHER_CURRENCIES)
          ? Pending.OtherCurrencies
          : Pending.Nothing;
    return close + 2;
  }

  /** Leaves out the member `"key":null` whose key opens at `i` and closes at `close`, with one comma. */
  private leaveOut(i: number, close: number, after: number): number {
    let from = i;
    let to = close + 6;
    if (this.kept[this.depth]) {
      if (this.src[i - 1] !== COMMA) return -1;
      from = i - 1;
    } else if (after === COMMA) to = close + 7;
    if (from > this.copied) this.out.copy(this.src, this.copied, from);
    if (to > this.copied) this.copied = to;
    this.pending = Pending.Nothing;
    return close + 6;
  }

  private openContainer(i: number, c: number): number {
    if (++this.depth > MAX_DEPTH) return -1;
    this.kept[this.depth] = 0;
    if (this.pending === Pending.OtherCurrencies) {
      if (c !== OPEN_LIST) return -1;
      this.currenciesDepth = this.depth;
      this.currencies = [];
      this.out.copy(this.src, this.copied, i);
      this.out.byte(OPEN_OBJECT);
      this.copied = i + 1;
    } else if (this.pending === Pending.Price && c === OPEN_OBJECT) this.priceDepth = this.depth;
    else if (this.depth === this.currenciesDepth + 1 && this.currenciesDepth > 0 && !this.currencyKey(i)) return -1;
    this.pending = Pending.Nothing;
    return i + 1;
  }

  /** An entry of otherCurrencies opens at `i`: its currency, first, becomes its key. */
  private currencyKey(i: number): boolean {
    const src = this.src;
    if (!bytesAt(src, i, CURRENCY_START)) return false;
    const codeOpen = i + CURRENCY_START.length - 1;
    const codeClose = stringEnd(src, codeOpen);
    if (codeClose < 0) return false;
    const code = src.toString('utf8', codeOpen, codeClose + 1);
    if (this.currencies.includes(code)) return false;
    this.currencies.push(code);
    this.out.copy(src, this.copied, i);
    this.out.copy(src, codeOpen, codeClose + 1);
    this.out.byte(COLON);
    this.copied = i;
    return true;
  }

  private closeContainer(i: number, c: number): number {
    if (this.depth === this.currenciesDepth) {
      // The REST price has otherCurrencies last, whatever the order it came in.
      if (c !== CLOSE_LIST || this.src[i + 1] !== CLOSE_OBJECT) return -1;
      this.out.copy(this.src, this.copied, i);
      this.out.byte(CLOSE_OBJECT);
      this.copied = i + 1;
      this.currenciesDepth = -1;
    } else if (this.depth === this.priceDepth) this.priceDepth = -1;
    this.depth--;
    return i + 1;
  }
}

/**
 * The REST body of a search, `{"meta":…,"data":[…]}`, from the subgraph's answer
 * `{"data":{"searchFlights":{"meta":…,"data":[…]}}}`; undefined when the answer is not exactly that.
 * `restMeta` maps the parsed meta object.
 */
export function restSearchBody(answer: Buffer, restMeta: (meta: never) => unknown): Buffer | undefined {
  if (!bytesAt(answer, 0, ANSWER_START)) return undefined;
  const metaOpen = ANSWER_START.length;
  if (answer[metaOpen] !== OPEN_OBJECT) return undefined;
  const metaEnd = containerEnd(answer, metaOpen);
  if (metaEnd < 0 || !bytesAt(answer, metaEnd, OFFERS_START)) return undefined;
  const meta = Buffer.from(JSON.stringify(restMeta(JSON.parse(answer.toString('utf8', metaOpen, metaEnd)) as never)), 'utf8');
  // The REST body is shorter (no nulls, a shorter start) but for the currency keys: room for those too.
  const out = new Output(answer.length + 1024);
  out.put(REST_START);
  out.put(meta);
  out.put(REST_OFFERS);
  const offersEnd = new OffersPass(answer, metaEnd + OFFERS_START.length - 1, out).run();
  if (offersEnd < 0 || !bytesAt(answer, offersEnd, ANSWER_END)) return undefined;
  // Apollo Server ends its answer with a newline.
  const rest = answer.length - offersEnd - ANSWER_END.length;
  if (rest > 1 || (rest === 1 && answer[answer.length - 1] !== 0x0a)) return undefined;
  out.byte(CLOSE_OBJECT);
  return out.bytes.subarray(0, out.length);
}
