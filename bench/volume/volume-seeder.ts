import mysql, { Connection } from 'mysql2/promise';
import { parseDatabaseUrl } from '../../shared/database/data-source.factory';
import { hashPassword } from '../../shared/auth/password.service';
import { AccountTemplate, buildTemplates, Templates } from './booking-templates';
import { AutoIds, CompiledBundle, compileBundle, CopyChoice, sqlInstant, sqlString, TableGroup, writeCopy } from './bundle-cloner';
import { Random, SkewedPick } from './volume-random';
import { seedWebhooks } from './webhook-volume.seeder';

/*
 * Fills a database with a year of bookings cloned from real booking flows (see bundle-cloner.ts), in the proportions
 * of issue 23's measurement: per N bookings, N flight reservations with their tickets, N train reservations with their
 * tickets and issuances, their wallet entries and holds, N/10 notifications, N outbox rows and access tokens, N/100
 * agents; one agent owns 10% of the agents' bookings; passenger contacts repeat (a few travel very often).
 */

export interface VolumeOptions {
  /** Bookings of each kind (flight and train). */
  bookings: number;
  /** The database to fill: created and migrated when missing (its data is kept: the seeder adds). */
  databaseUrl: string;
  redisUrl: string;
  /** Progress lines for an operator. */
  log(message: string): void;
  /** Seed of the random choices: the same seed gives the same database. */
  seed?: number;
  /** Notification requests per booking (default 0.1, the issue's 100k per million). */
  notificationsPerBooking?: number;
  /** Also the sandbox suppliers' storage (the query-plan check judges their statements too). */
  simulators?: boolean;
}

/** What the seeder wrote, kept in the database (table volume_seed) so a benchmark can reuse it and find its accounts. */
export interface VolumeManifest {
  bookings: number;
  seededAt: string;
  seconds: number;
  /** Every seeded account's password. */
  password: string;
  /** The agent with 10% of the agents' bookings, another agent, a customer and an administrator. */
  accounts: { bigAgent: string; agent: string; customer: string; admin: string };
  rows: Record<string, number>;
  /** Reservation ids of bookings spread evenly over the seeding (about 500 of each kind), for benchmarks to read. */
  samples: { flight: string[]; train: string[] };
}

export const VOLUME_PASSWORD = 'volume seed password';
const DAY_MS = 86_400_000;
/** Statements are sent when they reach this size (max_allowed_packet is 16 MiB by default). */
const STATEMENT_BYTES = 4 * 1024 * 1024;

/** Reads the manifest a previous run left, if any. */
export async function readManifest(databaseUrl: string): Promise<VolumeManifest | null> {
  let connection: Connection;
  try {
    connection = await connect(databaseUrl);
  } catch {
    return null;
  }
  try {
    const [rows] = await connection.query<mysql.RowDataPacket[]>("SELECT value FROM volume_seed WHERE name = 'manifest'");
    return rows.length ? (JSON.parse(rows[0].value as string) as VolumeManifest) : null;
  } catch {
    return null;
  } finally {
    await connection.end();
  }
}

async function connect(databaseUrl: string): Promise<Connection> {
  return mysql.createConnection({ uri: databaseUrl.replace(/^mariadb:/, 'mysql:'), multipleStatements: false, timezone: 'Z', dateStrings: true });
}

/**
 * Multi-row INSERTs per table, sent once a statement reaches STATEMENT_BYTES; at most one statement per connection in
 * flight, so the next one is built while the server writes the last (and building waits when both are busy).
 */
class BulkWriter {
  private readonly buffers = new Map<string, { head: string; parts: string[]; bytes: number }>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly idle: Connection[];
  private full = false;
  readonly counts: Record<string, number> = {};

  constructor(connections: Connection[]) {
    this.idle = [...connections];
  }

  add(table: string, head: string, tuple: string): void {
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = { head, parts: [], bytes: head.length }));
    buffer.parts.push(tuple);
    buffer.bytes += tuple.length + 1;
    this.counts[table] = (this.counts[table] ?? 0) + 1;
    if (buffer.bytes >= STATEMENT_BYTES) this.full = true;
  }

  /** Sends every statement that has reached its size. */
  async sendFull(): Promise<void> {
    if (!this.full) return;
    this.full = false;
    for (const [table, buffer] of [...this.buffers]) if (buffer.bytes >= STATEMENT_BYTES) await this.send(table);
  }

  /** Sends everything and waits until the server has written it. */
  async finish(): Promise<void> {
    for (const table of [...this.buffers.keys()]) await this.send(table);
    while (this.inFlight.size) await Promise.race(this.inFlight);
  }

  private async send(table: string): Promise<void> {
    const buffer = this.buffers.get(table);
    if (!buffer || buffer.parts.length === 0) return;
    this.buffers.delete(table);
    while (this.idle.length === 0) await Promise.race(this.inFlight);
    const connection = this.idle.pop()!;
    const running: Promise<void> = connection
      .query(buffer.head + buffer.parts.join(','))
      .then(() => undefined)
      .finally(() => {
        this.inFlight.delete(running);
        this.idle.push(connection);
      });
    this.inFlight.add(running);
  }
}

interface AccountPools {
  agents: SkewedPick<{ id: string; walletId: string }>;
  partners: SkewedPick<{ id: string; walletId: string }>;
  customers: SkewedPick<{ id: string; walletId: null }>;
  issuer: string;
  admin: string;
}

/** Seeds `bookings` bookings of each kind; answers the manifest it also stores. */
export async function seedVolume(options: VolumeOptions): Promise<VolumeManifest> {
  const started = Date.now();
  const { serverUrl } = parseDatabaseUrl(options.databaseUrl);
  const n = options.bookings;
  const random = new Random(options.seed ?? 23);
  options.log(`running the booking flows once on a scratch database to take templates from`);
  const templates = await buildTemplates(serverUrl, options.redisUrl);
  const connections = await Promise.all([connect(options.databaseUrl), connect(options.databaseUrl)]);
  try {
    for (const c of connections) await c.query('SET SESSION foreign_key_checks = 0');
    const [main] = connections;
    await main.query('CREATE TABLE IF NOT EXISTS volume_seed (name VARCHAR(64) PRIMARY KEY, value LONGTEXT NOT NULL)');
    const columnTypes = await readColumnTypes(main);
    const [companies] = await main.query<mysql.RowDataPacket[]>('SELECT uuid FROM company');
    const fixedIds = new Set(companies.map((c) => c.uuid as string));
    const templateAccounts = new Map(templates.accounts.map((a) => [a.account.id!, a.wallet?.id ?? null]));
    const compiled = templates.bundles.map((b) => compileBundle(b, templateAccounts, fixedIds, columnTypes, options.simulators));
    const ids = new AutoIds(await nextAutoIds(main));
    const writer = new BulkWriter(connections);
    const now = Date.now();

    options.log(`accounts: ${Math.max(10, Math.round(n / 100))} agents and ${Math.max(10, Math.round(n / 20))} customers`);
    const [{ kid }] = (await main.query<mysql.RowDataPacket[]>('SELECT kid FROM signing_key WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1'))[0];
    const pools = await writeAccounts(writer, templates, n, now, random);

    if (options.simulators) {
      // The sandbox GDS's seat inventory: a row per flight and date sold from, as the flows left it.
      for (const row of templates.simulatorInventory) writer.add('gds_sim_seat', insertHead('gds_sim_seat', row), tuple(row, {}));
    }
    options.log(`access tokens: ${n}`);
    await writeTokens(writer, templates, pools, n, now, random, kid as string);

    const contacts = Math.max(50, Math.round(n / 3));
    const groupShare = groupShares(compiled, options.notificationsPerBooking ?? 0.1);
    const samples: VolumeManifest['samples'] = { flight: [], train: [] };
    const sampleEvery = Math.max(1, Math.floor(n / 500));
    for (const kind of ['flight', 'train'] as const) {
      const bundles = compiled.filter((c) => c.bundle.flow.kind === kind);
      const finals = bundles.filter((c) => !c.bundle.flow.live);
      const live = bundles.filter((c) => c.bundle.flow.live);
      const pickFinal = weighted(finals, random);
      // Live bookings are those still inside their payment window: a few hundred at a time, not a share of the year.
      const liveCount = live.length ? Math.max(5, Math.round(n * 0.0002)) : 0;
      options.log(`${kind} bookings: ${n} (${liveCount} still awaiting payment)`);
      for (let i = 0; i < n; i++) {
        const isLive = i >= n - liveCount;
        const bundle = isLive ? live[i % live.length] : pickFinal();
        const templateStart = bundleStart(bundle);
        const createdAt = isLive ? now - random.next() * 10 * 60_000 : now - 10 * 60_000 - random.next() * 365 * DAY_MS;
        const serial = (kind === 'flight' ? 0 : n) + i;
        // One traveller per passenger of the copy: the same email and phone wherever the booking names them.
        const travellers: number[] = [];
        const traveller = (p: number) => (travellers[p] ??= pickTraveller(random, contacts));
        // One draw per group and copy: a notification comes with its deliveries and their attempts, or not at all.
        const groups = new Map<TableGroup, boolean>();
        const includes = (group: TableGroup) => {
          if (!groups.has(group)) groups.set(group, random.next() < groupShare[group]);
          return groups.get(group)!;
        };
        const choice: CopyChoice = {
          serial,
          offsetMs: Math.round(createdAt - templateStart),
          account: (templateId) => pickAccount(templates.accounts, pools, templateId),
          email: (p) => contactEmail(traveller(p)),
          phoneDigits: (p) => contactPhone(traveller(p)),
          includes,
        };
        const bookingId = writeCopy(bundle, choice, ids, (table, values) => writer.add(table.table, table.head, values));
        if (i % sampleEvery === 0 && bookingId) samples[kind].push(bookingId);
        await writer.sendFull();
        if (i % 100_000 === 99_999) options.log(`  ${kind}: ${i + 1} of ${n} (${Math.round((Date.now() - started) / 1000)} s)`);
      }
      await writer.finish();
    }
    await writer.finish();

    options.log('webhooks: an endpoint per agent, a delivery per event of its bookings');
    const webhookRows = await seedWebhooks(main);
    options.log('wallets: held totals from their open holds; table statistics');
    await main.query(`UPDATE wallet w SET held_total = COALESCE((SELECT SUM(h.amount) FROM wallet_hold h WHERE h.wallet_id = w.id AND h.status = 'HELD'), 0)`);
    for (const table of Object.keys(writer.counts)) await main.query(`ANALYZE TABLE \`${table}\``);
    const manifest: VolumeManifest = {
      bookings: n,
      seededAt: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
      password: VOLUME_PASSWORD,
      accounts: { bigAgent: agentEmail(0), agent: agentEmail(1), customer: customerEmail(0), admin: adminEmail() },
      rows: { ...writer.counts, ...webhookRows },
      samples,
    };
    await main.query('REPLACE INTO volume_seed (name, value) VALUES (?, ?)', ['manifest', JSON.stringify(manifest)]);
    return manifest;
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

async function readColumnTypes(connection: Connection): Promise<Map<string, Map<string, string>>> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>(
    'SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS type FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()',
  );
  const types = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!types.has(row.t)) types.set(row.t, new Map());
    types.get(row.t)!.set(row.c, row.type);
  }
  return types;
}

async function nextAutoIds(connection: Connection): Promise<Map<string, number>> {
  const next = new Map<string, number>();
  for (const table of ['outbox_message', 'wallet_entry', 'wallet_hold', 'notification_attempt']) {
    const [[row]] = await connection.query<mysql.RowDataPacket[]>(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM \`${table}\``);
    next.set(table, Number(row.next));
  }
  return next;
}

/** The first instant of a bundle (its booking's creation): copies move it to their own creation time. */
function bundleStart(bundle: CompiledBundle): number {
  let first = Infinity;
  for (const table of bundle.tables) for (const row of table.rows) for (const v of row) if (v.type === 'instant' && v.ms < first) first = v.ms;
  return first;
}

/** Picks a bundle by its flow's weight. */
function weighted(bundles: CompiledBundle[], random: Random): () => CompiledBundle {
  const total = bundles.reduce((sum, b) => sum + b.bundle.flow.weight, 0);
  return () => {
    let at = random.next() * total;
    for (const b of bundles) if ((at -= b.bundle.flow.weight) < 0) return b;
    return bundles[bundles.length - 1];
  };
}

/** The share of copies that write each optional group: one outbox row per booking, `notifications` requests per booking. */
function groupShares(compiled: CompiledBundle[], notifications: number): Record<TableGroup, number> {
  const perBooking = (table: string) => {
    const kinds = ['flight', 'train'];
    let rows = 0;
    for (const kind of kinds) {
      const bundles = compiled.filter((c) => c.bundle.flow.kind === kind && !c.bundle.flow.live);
      const total = bundles.reduce((sum, b) => sum + b.bundle.flow.weight, 0);
      for (const b of bundles) rows += (b.bundle.flow.weight / total) * (b.tables.find((t) => t.table === table)?.rows.length ?? 0);
    }
    return rows / kinds.length;
  };
  return {
    outbox: Math.min(1, 1 / (2 * perBooking('outbox_message'))),
    notifications: Math.min(1, notifications / (2 * perBooking('notification'))),
  };
}

/**
 * A traveller of a pool of `size`: one booking in five goes to a small set of frequent travellers (a thousand, each
 * with hundreds of bookings at a million), the rest spread over everyone.
 */
function pickTraveller(random: Random, size: number): number {
  return random.next() < 0.2 ? Math.floor(random.next() * Math.min(1000, size)) : Math.floor(random.next() * size);
}

const agentEmail = (i: number) => `agent${i}@volume.example`;
const partnerEmail = (i: number) => `partner${i}@volume.example`;
const customerEmail = (i: number) => `customer${i}@volume.example`;
const adminEmail = () => 'admin@volume.example';
const issuerEmail = () => 'issuer@volume.example';

const DOMAINS = ['example.com', 'mail.example.co.tz', 'example.co.ke', 'example.ug'];
function contactEmail(i: number): string {
  return `traveller${i}@${DOMAINS[i % DOMAINS.length]}`;
}
/** Tanzanian mobile prefixes (71…78 and 6x), 9 digits without the leading 0. */
const MOBILE_PREFIXES = ['71', '74', '75', '76', '77', '78', '65', '67', '68', '69'];
function contactPhone(i: number): string {
  return MOBILE_PREFIXES[i % MOBILE_PREFIXES.length] + String(i).padStart(7, '0').slice(-7);
}

/** Accounts cloned from the flows' own, with wallets for agents; the pools the bookings draw their accounts from. */
async function writeAccounts(writer: BulkWriter, templates: Templates, n: number, now: number, random: Random): Promise<AccountPools> {
  const template = (role: string) => templates.accounts.find((a) => a.role === role)!;
  const agents: Array<{ id: string; walletId: string }> = [];
  const partners: Array<{ id: string; walletId: string }> = [];
  const customers: Array<{ id: string; walletId: null }> = [];
  const agentCount = Math.max(10, Math.round(n / 100));
  const partnerCount = Math.max(2, Math.round(agentCount / 10));
  const customerCount = Math.max(10, Math.round(n / 20));
  let serial = 0;
  // One hash for every seeded account (a slow hash each would take minutes): they all log in with VOLUME_PASSWORD.
  const passwordHash = await hashPassword(VOLUME_PASSWORD);
  const write = async (t: AccountTemplate, email: string): Promise<{ id: string; walletId: string | null }> => {
    const id = uuidOf(0xa0, serial);
    const walletId = t.wallet ? uuidOf(0xb0, serial) : null;
    serial++;
    const createdAt = sqlInstant(now - random.next() * 400 * DAY_MS);
    writer.add(
      'account',
      insertHead('account', t.account),
      tuple(t.account, { id, email, password_hash: passwordHash, full_name: email.split('@')[0], created_at: createdAt, updated_at: createdAt }),
    );
    if (t.wallet) {
      writer.add(
        'wallet',
        insertHead('wallet', t.wallet),
        tuple(t.wallet, { id: walletId!, account_id: id, balance: '900000000.0000', held_total: '0.0000', created_at: createdAt, updated_at: createdAt }),
      );
    }
    await writer.sendFull();
    return { id, walletId };
  };
  for (let i = 0; i < agentCount; i++) agents.push((await write(template('SERVICE_AGENT'), agentEmail(i))) as { id: string; walletId: string });
  for (let i = 0; i < partnerCount; i++) partners.push((await write(template('THIRD_PARTY_AGENT'), partnerEmail(i))) as { id: string; walletId: string });
  for (let i = 0; i < customerCount; i++) customers.push((await write(template('CUSTOMER'), customerEmail(i))) as { id: string; walletId: null });
  const issuer = (await write(template('ISSUER'), issuerEmail())).id;
  const admin = (await write(template('ADMIN'), adminEmail())).id;
  return {
    // One agent with a tenth of the agents' bookings; the others by a milder skew.
    agents: new SkewedPick(agents, random, 0.1, 2),
    partners: new SkewedPick(partners, random, 0, 2),
    customers: new SkewedPick(customers, random, 0, 1.5),
    issuer,
    admin,
  };
}

async function writeTokens(writer: BulkWriter, templates: Templates, pools: AccountPools, n: number, now: number, random: Random, kid: string): Promise<void> {
  const t = templates.accounts.find((a) => a.role === 'SERVICE_AGENT')!.token;
  const head = insertHead('access_token', t);
  for (let i = 0; i < n; i++) {
    const who = random.next() < 0.7 ? pools.agents.pick().id : pools.customers.pick().id;
    const issuedAt = now - random.next() * 365 * DAY_MS;
    const revoked = random.next() < 0.05 ? sqlInstant(issuedAt + random.next() * 3_600_000) : 'NULL';
    writer.add('access_token', head, tuple(t, { jti: uuidOf(0xc0, i), account_id: who, kid, issued_at: sqlInstant(issuedAt), revoked_at: revoked }));
    await writer.sendFull();
  }
}

/** Which account a copy books as: the flows' agent, partner and customer become one drawn from their pools. */
function pickAccount(accounts: AccountTemplate[], pools: AccountPools, templateId: string): { accountId: string; walletId: string | null } {
  const role = accounts.find((a) => a.account.id === templateId)?.role;
  switch (role) {
    case 'SERVICE_AGENT': {
      const a = pools.agents.pick();
      return { accountId: a.id, walletId: a.walletId };
    }
    case 'THIRD_PARTY_AGENT': {
      const a = pools.partners.pick();
      return { accountId: a.id, walletId: a.walletId };
    }
    case 'CUSTOMER':
      return { accountId: pools.customers.pick().id, walletId: null };
    case 'ISSUER':
      return { accountId: pools.issuer, walletId: null };
    default:
      return { accountId: pools.admin, walletId: null };
  }
}

/** A version-4 shaped uuid from a kind byte and a serial: unique, and in serial order within the kind. */
function uuidOf(kind: number, serial: number): string {
  const hex = serial.toString(16).padStart(12, '0');
  return `${kind.toString(16).padStart(2, '0')}5eed00-0000-4000-8000-${hex}`;
}

function insertHead(table: string, row: Record<string, string | null>): string {
  return `INSERT INTO \`${table}\` (${Object.keys(row)
    .map((c) => `\`${c}\``)
    .join(', ')}) VALUES `;
}

/** The template row with some values replaced (given as SQL text for instants and NULL, else as plain text). */
function tuple(row: Record<string, string | null>, changes: Record<string, string>): string {
  const values = Object.entries(row).map(([column, value]) => {
    if (column in changes) {
      const v = changes[column];
      return v === 'NULL' || v.startsWith("'") ? v : sqlString(v);
    }
    return value === null ? 'NULL' : sqlString(value);
  });
  return `(${values.join(', ')})`;
}
