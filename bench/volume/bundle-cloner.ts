import mysql from 'mysql2';
import type { Bundle } from './template-capture';
import { templateEmail, templatePhoneDigits } from './booking-flows';

/*
 * Turns the rows one booking flow left (a bundle) into a plan that writes any number of copies of them quickly: every
 * value is compiled once into literal SQL text and the places where a copy differs (tokens), so a copy is a join of
 * strings. What differs per copy: identifiers (uuids, hashes, booking and payment references, PNRs, ticket and bill
 * numbers: each made unique from the copy's number), passenger contacts and the booking's account (from the
 * distributions the seeder draws), and every instant (shifted by the copy's offset in time, dates by whole days).
 */

/** How one copy differs from its template: chosen by the seeder. */
export interface CopyChoice {
  /** Unique across every copy the seeder writes. */
  serial: number;
  /** Added to every instant of the template; dates move by the same number of whole days. */
  offsetMs: number;
  /** The account (and its wallet) each template account becomes. */
  account(templateAccountId: string): { accountId: string; walletId: string | null };
  /** The contact each template passenger (flow passenger index) gets. */
  email(passenger: number): string;
  /** 9 digits, the national mobile number without its leading 0. */
  phoneDigits(passenger: number): string;
  /** Which optional table groups this copy writes. */
  includes(group: TableGroup): boolean;
}

/** Tables that may be left out of a copy as a whole, to reach the volumes of the issue's year of bookings. */
export type TableGroup = 'outbox' | 'notifications';

export const TABLE_GROUPS: Record<string, TableGroup> = {
  outbox_message: 'outbox',
  notification: 'notifications',
  notification_delivery: 'notifications',
  notification_attempt: 'notifications',
};

/**
 * The sandbox suppliers' own storage: a real supplier keeps this, not us, so production volume has none of it. The
 * query-plan check seeds it all the same, to judge the simulators' statements too.
 */
export const SIMULATOR_TABLES = /^(gds_sim_|rail_sim_)/;

/**
 * Columns holding an identifier that must be unique per copy (besides every uuid and 64-digit hex found anywhere):
 * `code` keeps its prefix (SF…, SGRP…) and ends in six base-36 places, `digits` ends in ten decimal ones.
 */
const CODE_COLUMNS: Record<string, Record<string, 'code' | 'digits'>> = {
  flight_reservation: { booking_reference: 'code', payment_reference: 'code', pnr: 'code' },
  flight_ticket: { ticket_number: 'digits' },
  flight_payment: { provider_reference: 'code' },
  train_reservation: { payment_reference: 'code', pnr: 'code', bill_id: 'digits', control_number: 'digits' },
  train_ticket: { ticket_number: 'digits' },
  train_issuance: { payout_reference: 'digits' },
  train_payment: { provider_reference: 'code' },
};

/** Auto-increment keys: a copy takes the next free ids; columns that point at them follow. */
const AUTO_ID_TABLES = ['outbox_message', 'wallet_entry', 'wallet_hold', 'notification_attempt'];
/** Tables whose `seq` only orders rows (the trip registry): a copy leaves it out and MySQL numbers it. */
const SEQUENCED_TABLES = ['trip'];
const AUTO_ID_REFERENCES: Record<string, Record<string, string>> = { train_issuance: { wallet_entry_id: 'wallet_entry' } };

type TokenKind = 'uuid' | 'hex' | 'code' | 'digits' | 'email' | 'phone' | 'account' | 'wallet';

interface Token {
  kind: TokenKind;
  /** Distinguishes tokens of one kind within the bundle, so their copies stay distinct. */
  index: number;
  /** The template text. */
  text: string;
  /** Contacts: the flow's passenger index. */
  passenger: number;
  /** Wallets: the template account that owns it. */
  owner: string;
}

/** A value: literal SQL text and tokens, an instant (epoch ms) or a date (epoch day), or a row id of an auto table. */
type Part = string | Token;
type CompiledValue =
  { type: 'sql'; parts: Part[] } | { type: 'instant'; ms: number } | { type: 'date'; day: number } | { type: 'auto'; table: string; templateId: number };

export interface CompiledTable {
  table: string;
  columns: string[];
  /** The INSERT statement's head: `INSERT INTO t (a, b) VALUES `. */
  head: string;
  rows: CompiledValue[][];
  group: TableGroup | null;
}

export interface CompiledBundle {
  bundle: Bundle;
  tables: CompiledTable[];
  /** The token of the booking's own id (its reservation's), to name a copy's booking. */
  bookingToken: Token | null;
  /** Template accounts and wallets, as the copies replace them. */
  accounts: Map<string, string | null>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HEX64 = /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g;

/** MySQL string literal escaping (NO_BACKSLASH_ESCAPES off, the server default), as mysql2 escapes a value. */
export function sqlString(value: string): string {
  return mysql.escape(value);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiles a bundle. `accountIds` are the flows' own accounts with their wallets (each becomes the copy's account),
 * `fixedIds` ids shared by every booking (companies) that stay as they are; `columnTypes` gives each table's column
 * types (DATE and DATETIME columns are shifted in time).
 */
export function compileBundle(
  bundle: Bundle,
  accountIds: Map<string, string | null>,
  fixedIds: Set<string>,
  columnTypes: Map<string, Map<string, string>>,
  withSimulators = false,
): CompiledBundle {
  const tokens = new Map<string, Token>();
  const counters = new Map<TokenKind, number>();
  const add = (kind: TokenKind, text: string, passenger = -1, owner = '') => {
    if (!text || tokens.has(text)) return;
    const index = counters.get(kind) ?? 0;
    counters.set(kind, index + 1);
    tokens.set(text, { kind, index, text, passenger, owner });
  };
  for (const [accountId, walletId] of accountIds) {
    add('account', accountId);
    if (walletId) add('wallet', walletId, -1, accountId);
  }
  for (let p = 0; p < 9; p++) {
    add('email', templateEmail(bundle.n, p), p);
    add('phone', templatePhoneDigits(bundle.n, p), p);
  }
  for (const [table, rows] of bundle.rows) {
    for (const row of rows) {
      for (const [column, kind] of Object.entries(CODE_COLUMNS[table] ?? {})) {
        const value = row[column];
        if (!value) continue;
        // An airline ticket number is the carrier's 3 digits and a serial; document ids write them as 031-5313942383.
        add(kind, table === 'flight_ticket' && column === 'ticket_number' ? value.slice(3) : value);
      }
      for (const value of Object.values(row)) {
        if (!value) continue;
        for (const m of value.match(UUID) ?? []) if (!fixedIds.has(m)) add('uuid', m);
        for (const m of value.match(HEX64) ?? []) add('hex', m);
      }
    }
  }
  const texts = [...tokens.keys()].sort((a, b) => b.length - a.length);
  const finder = new RegExp(texts.map(escapeRegExp).join('|'), 'g');

  const compileText = (value: string): CompiledValue => {
    const literal = sqlString(value);
    const parts: Part[] = [];
    let last = 0;
    for (const m of literal.matchAll(finder)) {
      if (m.index! > last) parts.push(literal.slice(last, m.index));
      parts.push(tokens.get(m[0])!);
      last = m.index! + m[0].length;
    }
    if (last < literal.length) parts.push(literal.slice(last));
    return { type: 'sql', parts };
  };

  const tables: CompiledTable[] = [];
  for (const [table, rows] of bundle.rows) {
    if (SIMULATOR_TABLES.test(table) && !withSimulators) continue;
    const types = columnTypes.get(table)!;
    const columns = Object.keys(rows[0]).filter((column) => !(column === 'seq' && SEQUENCED_TABLES.includes(table)));
    const references = AUTO_ID_REFERENCES[table] ?? {};
    const compiledRows = rows.map((row) =>
      columns.map((column): CompiledValue => {
        const value = row[column];
        if (column === 'id' && AUTO_ID_TABLES.includes(table)) return { type: 'auto', table, templateId: Number(value) };
        if (value !== null && references[column]) return { type: 'auto', table: references[column], templateId: Number(value) };
        if (value === null) return { type: 'sql', parts: ['NULL'] };
        const type = types.get(column);
        if (type === 'datetime') return { type: 'instant', ms: Date.parse(`${value.replace(' ', 'T')}Z`) };
        if (type === 'date') return { type: 'date', day: Date.parse(`${value}T00:00:00Z`) / 86_400_000 };
        return compileText(value);
      }),
    );
    tables.push({
      table,
      columns,
      // The rail simulator's seat occupancy is keyed by train, date and seat, which copies share: one of them keeps it.
      head: `INSERT ${SIMULATOR_TABLES.test(table) ? 'IGNORE ' : ''}INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES `,
      rows: compiledRows,
      group: TABLE_GROUPS[table] ?? null,
    });
  }
  const reservation = bundle.rows.get('flight_reservation')?.[0] ?? bundle.rows.get('train_reservation')?.[0];
  return { bundle, tables, accounts: accountIds, bookingToken: reservation ? (tokens.get(reservation.id!) ?? null) : null };
}

const HEX_SLOTS = 12;
/** Tokens of one kind per bundle that a serial leaves room for. */
const TOKENS_PER_COPY = 256;

function hexSerial(n: number, width: number): string {
  return n.toString(16).padStart(width, '0').slice(-width);
}

/** The copy of a token: the template's own text with its end replaced by the copy's serial, so copies never collide. */
function tokenCopy(token: Token, choice: CopyChoice): string {
  const n = choice.serial * TOKENS_PER_COPY + token.index;
  switch (token.kind) {
    case 'uuid':
    case 'hex':
      return token.text.slice(0, -HEX_SLOTS) + hexSerial(n, HEX_SLOTS);
    case 'digits': {
      const width = Math.min(10, token.text.length);
      return token.text.slice(0, -width) + String(n).padStart(width, '0').slice(-width);
    }
    case 'code': {
      // Six base-36 places hold every serial of millions of copies; a prefix such as SF or SGRP stays.
      const width = Math.min(6, token.text.length);
      return token.text.slice(0, -width) + n.toString(36).toUpperCase().padStart(width, '0').slice(-width);
    }
    case 'email':
      return choice.email(token.passenger);
    case 'phone':
      return choice.phoneDigits(token.passenger);
    case 'account':
      return choice.account(token.text).accountId;
    case 'wallet':
      return choice.account(token.owner).walletId ?? token.text;
  }
}

/** UTC instant as MySQL DATETIME(3) text. */
export function sqlInstant(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `'${iso.slice(0, 10)} ${iso.slice(11, 23)}'`;
}

/** Auto-increment ids: the next free id per table, and the ids this copy gave each template id. */
export class AutoIds {
  private readonly next = new Map<string, number>();
  private copyIds = new Map<string, number>();

  constructor(start: Map<string, number>) {
    for (const [table, id] of start) this.next.set(table, id);
  }

  beginCopy(): void {
    this.copyIds = new Map();
  }

  idFor(table: string, templateId: number): number {
    const key = `${table}:${templateId}`;
    let id = this.copyIds.get(key);
    if (id === undefined) {
      id = this.next.get(table) ?? 1;
      this.next.set(table, id + 1);
      this.copyIds.set(key, id);
    }
    return id;
  }
}

/** Appends this copy's rows, as SQL value tuples, to each table's list; answers the copy's booking (reservation) id. */
export function writeCopy(compiled: CompiledBundle, choice: CopyChoice, ids: AutoIds, out: (table: CompiledTable, tuple: string) => void): string | null {
  ids.beginCopy();
  const cache = new Map<Token, string>();
  const copyOf = (token: Token) => {
    let text = cache.get(token);
    if (text === undefined) cache.set(token, (text = tokenCopy(token, choice)));
    return text;
  };
  const offsetDays = Math.round(choice.offsetMs / 86_400_000);
  for (const table of compiled.tables) {
    if (table.group && !choice.includes(table.group)) continue;
    for (const row of table.rows) {
      let tuple = '(';
      for (let i = 0; i < row.length; i++) {
        if (i) tuple += ', ';
        const value = row[i];
        switch (value.type) {
          case 'sql':
            for (const part of value.parts) tuple += typeof part === 'string' ? part : copyOf(part);
            break;
          case 'instant':
            tuple += sqlInstant(value.ms + choice.offsetMs);
            break;
          case 'date':
            tuple += `'${new Date((value.day + offsetDays) * 86_400_000).toISOString().slice(0, 10)}'`;
            break;
          case 'auto':
            tuple += String(ids.idFor(value.table, value.templateId));
            break;
        }
      }
      out(table, `${tuple})`);
    }
  }
  return compiled.bookingToken ? copyOf(compiled.bookingToken) : null;
}
