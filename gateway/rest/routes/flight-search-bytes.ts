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
 * Writes the offers list that opens at `open` in REST form; answers the index just past it, or -1 for
 * anything unexpected.
 *
 * Depths count from the list (1): offers are at 2, their price at 3, price.otherCurrencies at 4 and its
 * entries at 5. `kept[d]` says whether the object at depth d has kept a member yet: a left-out member
 * takes its preceding comma with it, or the following one when it would have been the first.
 * `copied` is how far the answer has been written out: bytes are copied in runs, up to each change.
 */
function restOffers(src: Buffer, open: number, out: Output): number {
  let copied = open;
  const kept = new Uint8Array(MAX_DEPTH + 1);
  let depth = 0;
  let pending = Pending.Nothing;
  let priceDepth = -1;
  let currenciesDepth = -1;
  let currencies: string[] = [];
  let i = open;
  const end = src.length;
  while (i < end) {
    const c = src[i];
    if (c === QUOTE) {
      let close = i + 1;
      for (; close < end; close++) {
        const b = src[close];
        if (b === QUOTE) break;
        if (b === BACKSLASH) close++;
      }
      if (close >= end) return -1;
      if (src[close + 1] !== COLON) {
        // A string value.
        pending = Pending.Nothing;
        i = close + 1;
        continue;
      }
      const after = src[close + 6];
      if (src[close + 2] === NULL[0] && bytesAt(src, close + 2, NULL) && (after === COMMA || after === CLOSE_OBJECT)) {
        let from = i;
        let to = close + 6;
        if (kept[depth]) {
          if (src[i - 1] !== COMMA) return -1;
          from = i - 1;
        } else if (after === COMMA) to = close + 7;
        if (from > copied) out.copy(src, copied, from);
        if (to > copied) copied = to;
        pending = Pending.Nothing;
        i = close + 6;
        continue;
      }
      kept[depth] = 1;
      if (stringIs(src, i, close, PROTO)) return -1;
      pending =
        depth === 2 && stringIs(src, i, close, PRICE)
          ? Pending.Price
          : depth === priceDepth && stringIs(src, i, close, OTHER_CURRENCIES)
            ? Pending.OtherCurrencies
            : Pending.Nothing;
      i = close + 2;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_LIST) {
      if (++depth > MAX_DEPTH) return -1;
      kept[depth] = 0;
      if (pending === Pending.OtherCurrencies) {
        if (c !== OPEN_LIST) return -1;
        currenciesDepth = depth;
        currencies = [];
        out.copy(src, copied, i);
        out.byte(OPEN_OBJECT);
        copied = i + 1;
      } else if (pending === Pending.Price && c === OPEN_OBJECT) priceDepth = depth;
      else if (depth === currenciesDepth + 1 && currenciesDepth > 0) {
        // An entry of otherCurrencies: its currency, first, becomes its key.
        if (!bytesAt(src, i, CURRENCY_START)) return -1;
        const codeOpen = i + CURRENCY_START.length - 1;
        const codeClose = stringEnd(src, codeOpen);
        if (codeClose < 0) return -1;
        const code = src.toString('utf8', codeOpen, codeClose + 1);
        if (currencies.includes(code)) return -1;
        currencies.push(code);
        out.copy(src, copied, i);
        out.copy(src, codeOpen, codeClose + 1);
        out.byte(COLON);
        copied = i;
      }
      pending = Pending.Nothing;
      i++;
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      if (depth === currenciesDepth) {
        // The REST price has otherCurrencies last, whatever the order it came in.
        if (c !== CLOSE_LIST || src[i + 1] !== CLOSE_OBJECT) return -1;
        out.copy(src, copied, i);
        out.byte(CLOSE_OBJECT);
        copied = i + 1;
        currenciesDepth = -1;
      } else if (depth === priceDepth) priceDepth = -1;
      depth--;
      i++;
      if (depth === 0) {
        out.copy(src, copied, i);
        return i;
      }
      continue;
    }
    // Compact JSON only: whitespace would need a tokenizer that this is not.
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) return -1;
    pending = Pending.Nothing;
    i++;
  }
  return -1;
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
  const offersEnd = restOffers(answer, metaEnd + OFFERS_START.length - 1, out);
  if (offersEnd < 0 || !bytesAt(answer, offersEnd, ANSWER_END)) return undefined;
  // Apollo Server ends its answer with a newline.
  const rest = answer.length - offersEnd - ANSWER_END.length;
  if (rest > 1 || (rest === 1 && answer[answer.length - 1] !== 0x0a)) return undefined;
  out.byte(CLOSE_OBJECT);
  return out.bytes.subarray(0, out.length);
}
