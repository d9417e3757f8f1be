import type { DataSource } from 'typeorm';
import { Decimal } from '../../shared/money/money.calculator';
import { bookingOfLedgerKey } from '../../shared/wallet/ledger-key.codec';

/**
 * What the chaos run (`npm run chaos`) asserts once its load has stopped and recovery has had its time: the
 * invariants of issue 27 item 7, read straight from the database.
 *
 * A verification tool, not product code: it reads the tables of several modules on purpose (the wallet ledger,
 * flight and train reservations and payments, the GDS and SGR simulators' seats, notifications, webhooks, the
 * outbox), because what it checks is that they agree with each other. It only reads. Every query is bounded by the
 * scope: the load's accounts (their wallets by `wallet.account_id`, their bookings by the reservations' account
 * index, their webhook endpoints by theirs) and the rows hanging off those by key. Two reads go by time since the run
 * began instead: webhook deliveries to one-off callback URLs (no endpoint to reach them by) and the outbox (it names
 * no account): on a database with history, `since` is what keeps them small.
 */

/** The accounts whose bookings and wallets the load made (agents and customers), and when the run began. */
export interface ChaosScope {
  accountIds: string[];
  since: Date;
}

/** One invariant: how many things it looked at, and what broke it (at most 10 described; `violationCount` the total). */
export interface InvariantOutcome {
  name: string;
  checked: number;
  violationCount: number;
  violations: string[];
}

/** Accounts a scope may name: a run has a handful of agents and customers; more is a mistake, not a bigger run. */
export const CHAOS_SCOPE_MAX_ACCOUNTS = 1000;
/** Rows one query may bring back: a run makes a few thousand bookings; past this the scope is not a chaos run's. */
export const CHAOS_SCOPE_MAX_ROWS = 200_000;
/** Violations described per invariant (the count is always the total). */
const DESCRIBED = 10;
/** Ids per `IN (...)` list of a follow-up read (PNRs, inventory keys). */
const CHUNK = 500;

/** Flight statuses a crash may leave behind that a job still has to finish (issuance, cancellation, refund). */
const FLIGHT_IN_FLIGHT = ['ISSUING', 'PARTIALLY_ISSUED', 'CANCELLING', 'REFUND_PENDING'];
/** Flight statuses that end with staff, not with the platform: never the outcome of a healthy run. */
const FLIGHT_NEEDS_STAFF = ['RECONCILIATION_REQUIRED'];
/** Flight statuses whose supplier seats are given back (or were never taken). */
const FLIGHT_NOT_HOLDING = ['CREATED', 'VALIDATION_FAILED', 'CANCELLED', 'REFUND_PENDING', 'REFUND_REQUIRED'];
/** Flight payment statuses in which the money was taken (and may be on its way back). */
const FLIGHT_CAPTURED = ['CONFIRMED', 'REFUND_PENDING', 'REFUNDED', 'REFUND_REQUIRED'];
/** Train statuses between two states: reserving at the provider, cancelling at it, paid and not yet issued. */
const TRAIN_IN_FLIGHT = ['PENDING', 'CANCELLING', 'PAID'];
/** Train reservations holding their seats at the provider. */
const TRAIN_LIVE = ['RESERVED', 'WORKFLOW_UNCONFIRMED', 'PAID', 'ISSUED'];
const NOTIFICATION_PENDING = ['PENDING', 'SENDING', 'RETRYING'];
const WEBHOOK_PENDING = ['PENDING', 'SENDING', 'RETRYING'];

interface WalletRow {
  id: string;
  account_id: string;
  currency: string;
  balance: string;
  held_total: string;
  overdraft_limit: string;
  ledger: string;
  entries: string | number;
  lowest: string | null;
  open_holds: string;
}

interface FlightRow {
  id: string;
  status: string;
  booking_reference: string;
  pnr: string | null;
  wallet_id: string | null;
  wallet_debit_total: string | null;
  issued_at: Date | null;
  confirmed: string | number;
  captured: string | number;
}

interface TrainRow {
  id: string;
  status: string;
  payment_reference: string;
  pnr: string | null;
  issuance_status: string | null;
  funding_source: string | null;
  issuance_wallet_id: string | null;
  amount: string | null;
  confirmed: string | number;
}

interface LedgerLine {
  walletId: string;
  amount: string;
}

/** Everything the booking invariants share, read once per check. */
interface Loaded {
  wallets: WalletRow[];
  /** `FLIGHT:<id>` / `TRAIN:<id>` → its DEBIT entries in the scope's wallets. */
  debits: Map<string, LedgerLine[]>;
  /** Same keys → its HELD holds. */
  holds: Map<string, LedgerLine[]>;
  flights: FlightRow[];
  trains: TrainRow[];
}

/** The chaos run's invariant check and its recovery probe over one database. */
export class ChaosInvariantsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Bookings of the scope still between states (a purchase/issuance in flight, an open wallet hold, paid but not
   * issued, an outbox row not yet relayed, a notification/webhook delivery still pending): recovery is not done while > 0. */
  async unsettled(scope: ChaosScope): Promise<{ count: number; examples: string[] }> {
    const ids = accountsOf(scope);
    const examples: string[] = [];
    let count = 0;
    const add = (rows: Array<{ what: string }>) => {
      count += rows.length;
      for (const r of rows) if (examples.length < DESCRIBED) examples.push(r.what);
    };
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('flight ', r.booking_reference, ' (', r.id, ') ', r.status) AS what FROM flight_reservation r
          WHERE r.account_id IN (?) AND r.created_at >= ? AND (r.status IN (?)
            OR (r.status <> 'ISSUED' AND r.issued_at IS NULL AND EXISTS (SELECT 1 FROM flight_payment p WHERE p.reservation_id = r.id AND p.status = 'CONFIRMED')))`,
        [ids, scope.since, FLIGHT_IN_FLIGHT],
      ),
    );
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('train ', r.payment_reference, ' (', r.id, ') ', r.status, IF(i.status = 'ISSUING', ', issuance ISSUING', '')) AS what
           FROM train_reservation r LEFT JOIN train_issuance i ON i.reservation_id = r.id
          WHERE r.account_id IN (?) AND r.created_at >= ? AND (r.status IN (?) OR i.status = 'ISSUING')`,
        [ids, scope.since, TRAIN_IN_FLIGHT],
      ),
    );
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('open wallet hold ', h.business_key, ' of ', h.amount) AS what FROM wallet w
           JOIN wallet_hold h ON h.wallet_id = w.id AND h.status = 'HELD'
          WHERE w.account_id IN (?)`,
        [ids],
      ),
    );
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('outbox ', o.id, ' ', o.queue, '/', o.job_name, ' not relayed') AS what FROM outbox_message o
          WHERE o.relayed_at IS NULL AND o.created_at >= ?`,
        [scope.since],
      ),
    );
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('notification ', n.booking_kind, ' ', n.booking_id, ' ', n.message_type, ' ', d.channel, ' ', d.status) AS what
           FROM ${NOTIFICATIONS_OF_SCOPE} JOIN notification_delivery d ON d.notification_id = n.id
          WHERE d.status IN (?)`,
        [ids, scope.since, ids, scope.since, NOTIFICATION_PENDING],
      ),
    );
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('notification ', n.booking_kind, ' ', n.booking_id, ' ', n.message_type, ' not planned yet') AS what
           FROM ${NOTIFICATIONS_OF_SCOPE} WHERE n.status = 'PENDING' AND n.not_before <= ?`,
        [ids, scope.since, ids, scope.since, new Date()],
      ),
    );
    add(
      await this.rows<{ what: string }>(
        `SELECT CONCAT('webhook delivery ', d.id, ' of ', d.event_id, ' to ', d.target, ' ', d.status) AS what FROM ${WEBHOOK_DELIVERIES_OF_SCOPE}
          WHERE d.status IN (?)`,
        [ids, scope.since, scope.since, ids, WEBHOOK_PENDING],
      ),
    );
    return { count, examples };
  }

  /** Every invariant below, in this order. */
  async check(scope: ChaosScope): Promise<InvariantOutcome[]> {
    const ids = accountsOf(scope);
    const loaded = await this.load(ids, scope.since);
    return [
      walletEqualsLedger(loaded),
      oneDebitPerBooking(loaded),
      noWalletBelowOverdraft(loaded),
      await this.eachSeatWonOnce(loaded, ids, scope.since),
      everyBookingFinal(loaded),
      await this.oneNotificationPerBookingAndChannel(ids, scope.since),
      await this.oneWebhookDeliveryPerEventAndEndpoint(ids, scope.since),
    ];
  }

  private async load(ids: string[], since: Date): Promise<Loaded> {
    // Per wallet by its own indexes (uq_wallet_entry_key, uq_wallet_hold_key prefixes): the signed ledger sum, the
    // lowest balance it ever had, and what its open holds add up to.
    const wallets = await this.rows<WalletRow>(
      `SELECT w.id, w.account_id, w.currency, w.balance, w.held_total, w.overdraft_limit,
              (SELECT COALESCE(SUM(CASE e.kind WHEN 'CREDIT' THEN e.amount WHEN 'DEBIT' THEN -e.amount END), 0) FROM wallet_entry e WHERE e.wallet_id = w.id) AS ledger,
              (SELECT COUNT(*) FROM wallet_entry e WHERE e.wallet_id = w.id) AS entries,
              (SELECT MIN(e.balance_after) FROM wallet_entry e WHERE e.wallet_id = w.id) AS lowest,
              (SELECT COALESCE(SUM(h.amount), 0) FROM wallet_hold h WHERE h.wallet_id = w.id AND h.status = 'HELD') AS open_holds
         FROM wallet w WHERE w.account_id IN (?)`,
      [ids],
    );
    const walletIds = wallets.map((w) => w.id);
    const debits = new Map<string, LedgerLine[]>();
    const holds = new Map<string, LedgerLine[]>();
    if (walletIds.length > 0) {
      const entries = await this.rows<{ wallet_id: string; business_key: string; amount: string }>(
        "SELECT wallet_id, business_key, amount FROM wallet_entry WHERE wallet_id IN (?) AND kind = 'DEBIT'",
        [walletIds],
      );
      for (const e of entries) {
        const booking = bookingKeyOf(e.business_key);
        if (booking) push(debits, booking, { walletId: e.wallet_id, amount: e.amount });
      }
      const open = await this.rows<{ wallet_id: string; business_key: string; amount: string }>(
        "SELECT wallet_id, business_key, amount FROM wallet_hold WHERE wallet_id IN (?) AND status = 'HELD'",
        [walletIds],
      );
      for (const h of open) {
        const booking = bookingKeyOf(h.business_key);
        if (booking) push(holds, booking, { walletId: h.wallet_id, amount: h.amount });
      }
    }
    const flights = await this.rows<FlightRow>(
      `SELECT r.id, r.status, r.booking_reference, r.pnr, r.wallet_id, r.wallet_debit_total, r.issued_at,
              (SELECT COUNT(*) FROM flight_payment p WHERE p.reservation_id = r.id AND p.status = 'CONFIRMED') AS confirmed,
              (SELECT COUNT(*) FROM flight_payment p WHERE p.reservation_id = r.id AND p.status IN (?)) AS captured
         FROM flight_reservation r WHERE r.account_id IN (?) AND r.created_at >= ?`,
      [FLIGHT_CAPTURED, ids, since],
    );
    const trains = await this.rows<TrainRow>(
      `SELECT r.id, r.status, r.payment_reference, r.pnr, i.status AS issuance_status, i.funding_source, i.wallet_id AS issuance_wallet_id, i.amount,
              (SELECT COUNT(*) FROM train_payment p WHERE p.reservation_id = r.id AND p.status = 'CONFIRMED') AS confirmed
         FROM train_reservation r LEFT JOIN train_issuance i ON i.reservation_id = r.id
        WHERE r.account_id IN (?) AND r.created_at >= ?`,
      [ids, since],
    );
    return { wallets, debits, holds, flights, trains };
  }

  /**
   * Flights: the GDS simulator counts seats per inventory key (flight, date, cabin) with a capacity; the scope's
   * live PNRs must not hold more seats on a key than its capacity nor than its counter sold (more would mean one
   * seat went to two bookings), no two live reservations may share a PNR, and an issued reservation's PNR must
   * still hold its seats. Trains: the SGR simulator gives each (train and date, seat, segment) one owner; every
   * live ticket's seat must be sold to its own reservation's PNR there, and no two live tickets of different
   * reservations may sit on one seat from the same boarding or to the same alighting stop.
   */
  private async eachSeatWonOnce(loaded: Loaded, ids: string[], since: Date): Promise<InvariantOutcome> {
    const problems: string[] = [];
    let checked = 0;
    const liveFlights = loaded.flights.filter((f) => f.pnr && !FLIGHT_NOT_HOLDING.includes(f.status));
    const byPnr = new Map<string, FlightRow[]>();
    for (const f of liveFlights) push(byPnr, f.pnr!, f);
    for (const [pnr, rows] of byPnr) {
      if (rows.length > 1) problems.push(`PNR ${pnr} held by ${rows.length} live flight reservations: ${rows.map((r) => r.booking_reference).join(', ')}`);
    }
    const heldOnKey = new Map<string, number>();
    for (const pnrs of chunks([...byPnr.keys()])) {
      const bookings = await this.rows<{ pnr: string; payload: string }>('SELECT pnr, payload FROM gds_sim_booking WHERE pnr IN (?)', [pnrs]);
      const found = new Map(bookings.map((b) => [b.pnr, JSON.parse(b.payload) as SimBooking]));
      for (const pnr of pnrs) {
        const state = found.get(pnr);
        const issued = byPnr.get(pnr)!.filter((f) => f.status === 'ISSUED');
        if (!state || state.booking.status === 'CANCELLED') {
          if (issued.length > 0)
            problems.push(`flight ${issued[0].booking_reference} ISSUED but its PNR ${pnr} ${state ? 'is cancelled at' : 'is unknown to'} the supplier`);
          continue;
        }
        const seats = state.booking.travelers.filter((t) => t.type !== 'HELD_INFANT').length;
        for (const key of state.seats) heldOnKey.set(key, (heldOnKey.get(key) ?? 0) + seats);
      }
    }
    for (const keys of chunks([...heldOnKey.keys()])) {
      const counters = await this.rows<{ inventory_key: string; capacity: number; sold: number }>(
        'SELECT inventory_key, capacity, sold FROM gds_sim_seat WHERE inventory_key IN (?)',
        [keys],
      );
      const byKey = new Map(counters.map((c) => [c.inventory_key, c]));
      for (const key of keys) {
        checked++;
        const held = heldOnKey.get(key)!;
        const counter = byKey.get(key);
        const capacity = Number(counter?.capacity ?? 0);
        const sold = Number(counter?.sold ?? 0);
        if (held > capacity || sold > capacity) problems.push(`flight seats ${key}: capacity ${capacity}, counter sold ${sold}, live PNRs hold ${held}`);
        else if (held > sold) problems.push(`flight seats ${key}: live PNRs hold ${held} but only ${sold} were sold: a seat went twice`);
      }
    }
    const tickets = await this.rows<{
      reservation_id: string;
      payment_reference: string;
      pnr: string | null;
      ticket_number: string;
      trip_key: string;
      seat_id: number;
      from_stop_id: string;
      to_stop_id: string;
      provider_sold: string | number;
    }>(
      `SELECT t.reservation_id, r.payment_reference, r.pnr, t.ticket_number, t.seat_id, t.from_stop_id, t.to_stop_id,
              CONCAT(t.time_table_train_set_id, '@', DATE_FORMAT(t.travel_date, '%Y-%m-%d')) AS trip_key,
              (SELECT COUNT(*) FROM rail_sim_seat_segment s
                WHERE s.pnr = r.pnr AND s.service_date = DATE_FORMAT(t.travel_date, '%Y-%m-%d') AND s.seat_id = t.seat_id AND s.sold = 1) AS provider_sold
         FROM train_reservation r JOIN train_ticket t ON t.reservation_id = r.id
        WHERE r.account_id IN (?) AND r.created_at >= ? AND r.status IN (?) AND t.status <> 'CANCELLED'`,
      [ids, since, TRAIN_LIVE],
    );
    const boarding = new Map<string, typeof tickets>();
    const alighting = new Map<string, typeof tickets>();
    for (const t of tickets) {
      checked++;
      if (!t.pnr || Number(t.provider_sold) === 0) {
        problems.push(
          `train ticket ${t.ticket_number} (${t.payment_reference}) seat ${t.seat_id} on ${t.trip_key} is not sold to its PNR ${t.pnr ?? '(none)'} at the provider`,
        );
      }
      push(boarding, `${t.trip_key}|${t.seat_id}|from ${t.from_stop_id}`, t);
      push(alighting, `${t.trip_key}|${t.seat_id}|to ${t.to_stop_id}`, t);
    }
    for (const [seat, rows] of [...boarding, ...alighting]) {
      const reservations = new Set(rows.map((t) => t.payment_reference));
      if (reservations.size > 1) problems.push(`train seat ${seat} held by ${reservations.size} live reservations: ${[...reservations].join(', ')}`);
    }
    return outcome('each seat won once', checked, problems);
  }

  /**
   * What counts as sent is a delivery SENT (shared/notifications). Automatic notifications only (a manual resend is
   * meant to send again), per recipient: a ticket message to two passengers on one channel is two messages.
   */
  private async oneNotificationPerBookingAndChannel(ids: string[], since: Date): Promise<InvariantOutcome> {
    const groups = await this.rows<{
      booking_kind: string;
      booking_id: string;
      message_type: string;
      channel: string;
      recipient_masked: string;
      sent: string | number;
    }>(
      `SELECT n.booking_kind, n.booking_id, n.message_type, d.channel, MIN(d.recipient_masked) AS recipient_masked, COUNT(*) AS sent
         FROM ${NOTIFICATIONS_OF_SCOPE} JOIN notification_delivery d ON d.notification_id = n.id
        WHERE n.trigger_kind = 'AUTOMATIC' AND d.status = 'SENT'
        GROUP BY n.booking_kind, n.booking_id, n.message_type, d.channel, d.recipient_key`,
      [ids, since, ids, since],
    );
    const problems = groups
      .filter((g) => Number(g.sent) > 1)
      .map((g) => `${g.booking_kind} ${g.booking_id} ${g.message_type} sent ${g.sent} times by ${g.channel} to ${g.recipient_masked}`);
    return outcome('one notification per booking and channel', groups.length, problems);
  }

  /** Delivered is DELIVERED (shared/webhooks); the endpoint is its id, or the target (`callback`) for a one-off callbackUrl. */
  private async oneWebhookDeliveryPerEventAndEndpoint(ids: string[], since: Date): Promise<InvariantOutcome> {
    const groups = await this.rows<{ event_id: string; endpoint: string; delivered: string | number }>(
      `SELECT d.event_id, COALESCE(d.endpoint_id, d.target) AS endpoint, SUM(d.status = 'DELIVERED') AS delivered
         FROM ${WEBHOOK_DELIVERIES_OF_SCOPE}
        GROUP BY d.event_id, COALESCE(d.endpoint_id, d.target)`,
      [ids, since, since, ids],
    );
    const problems = groups.filter((g) => Number(g.delivered) > 1).map((g) => `event ${g.event_id} delivered ${g.delivered} times to ${g.endpoint}`);
    return outcome('one webhook delivery per event and endpoint', groups.length, problems);
  }

  /** One bounded read: more rows than a chaos run can make means the scope is wrong, and the check says so instead of reading on. */
  private async rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    const rows: T[] = await this.dataSource.query(`${sql} LIMIT ${CHAOS_SCOPE_MAX_ROWS + 1}`, params);
    if (rows.length > CHAOS_SCOPE_MAX_ROWS)
      throw new Error(`chaos invariants: more than ${CHAOS_SCOPE_MAX_ROWS} rows in scope; narrow the accounts or the start`);
    return rows;
  }
}

/**
 * The notifications of the scope's bookings as `n`, reached from the reservations (account indexes) through
 * ix_notification_booking; four parameters: ids, since, ids, since.
 */
const NOTIFICATIONS_OF_SCOPE = `(
  SELECT n.id, n.booking_kind, n.booking_id, n.message_type, n.trigger_kind, n.status, n.not_before
    FROM flight_reservation r JOIN notification n ON n.booking_kind = 'flight' AND n.booking_id = r.id
   WHERE r.account_id IN (?) AND r.created_at >= ?
  UNION ALL
  SELECT n.id, n.booking_kind, n.booking_id, n.message_type, n.trigger_kind, n.status, n.not_before
    FROM train_reservation r JOIN notification n ON n.booking_kind = 'train' AND n.booking_id = r.id
   WHERE r.account_id IN (?) AND r.created_at >= ?) n`;

/**
 * The scope's webhook deliveries as `d`: those to its accounts' endpoints through the endpoint indexes, and those to
 * one-off callback URLs (no endpoint) by ix_webhook_delivery_created since the run began; four parameters: ids,
 * since, since, ids.
 */
const WEBHOOK_DELIVERIES_OF_SCOPE = `(
  SELECT d.id, d.event_id, d.target, d.endpoint_id, d.status
    FROM webhook_endpoint e JOIN webhook_delivery d ON d.endpoint_id = e.id
   WHERE e.account_id IN (?) AND d.created_at >= ?
  UNION ALL
  SELECT d.id, d.event_id, d.target, d.endpoint_id, d.status
    FROM webhook_delivery d
   WHERE d.created_at >= ? AND d.endpoint_id IS NULL AND d.account_id IN (?)) d`;

/** What the GDS simulator keeps per PNR (subgraphs/flight/supplier/simulator/simulator.store.ts), as far as seats go. */
interface SimBooking {
  booking: { status: string; travelers: Array<{ type: string }> };
  seats: string[];
}

function walletEqualsLedger({ wallets }: Loaded): InvariantOutcome {
  const problems: string[] = [];
  for (const w of wallets) {
    // A wallet opens at 0 (WalletLedger.openWallet) and its opening balance is its first CREDIT
    // (`opening-balance:<account>`, AccountService.create), so the ledger alone must explain the balance.
    if (!new Decimal(w.balance).eq(w.ledger))
      problems.push(`wallet ${w.id} (account ${w.account_id}): balance ${w.balance} but its ${w.entries} entries sum to ${w.ledger}`);
    if (!new Decimal(w.held_total).eq(w.open_holds))
      problems.push(`wallet ${w.id} (account ${w.account_id}): held_total ${w.held_total} but its open holds sum to ${w.open_holds}`);
  }
  return outcome('wallet = opening + ledger', wallets.length, problems);
}

function oneDebitPerBooking({ debits, flights, trains }: Loaded): InvariantOutcome {
  const problems = [...debits]
    .filter(([, lines]) => lines.length > 1)
    .map(([booking, lines]) => `${booking} debited ${lines.length} times: ${lines.map((l) => `${l.amount} from ${l.walletId}`).join(', ')}`);
  return outcome(
    'one debit per booking',
    new Set([...debits.keys(), ...flights.map((f) => `FLIGHT:${f.id}`), ...trains.map((t) => `TRAIN:${t.id}`)]).size,
    problems,
  );
}

/** The admission rule (WalletLedger): balance − held ≥ −overdraft after every posting, so neither balance nor any balance_after is below it. */
function noWalletBelowOverdraft({ wallets }: Loaded): InvariantOutcome {
  const problems: string[] = [];
  for (const w of wallets) {
    const floor = new Decimal(w.overdraft_limit).negated();
    const spendable = new Decimal(w.balance).minus(w.held_total);
    if (spendable.lt(floor)) problems.push(`wallet ${w.id}: balance ${w.balance} less held ${w.held_total} is below −${w.overdraft_limit}`);
    else if (w.lowest !== null && new Decimal(w.lowest).lt(floor)) problems.push(`wallet ${w.id}: went down to ${w.lowest}, below −${w.overdraft_limit}`);
  }
  return outcome('no wallet below its overdraft', wallets.length, problems);
}

/**
 * Issued (tickets issued) with exactly one debit of the frozen amount from its own wallet (agent) or one captured
 * payment (customer), and no hold left open; or not issued with no debit anywhere, no open hold and no captured
 * payment kept. A second debit from another wallet is `one debit per booking`'s to report.
 */
function everyBookingFinal({ debits, holds, flights, trains }: Loaded): InvariantOutcome {
  const problems: string[] = [];
  for (const f of flights) {
    const name = `flight ${f.booking_reference} (${f.id})`;
    const paid = debits.get(`FLIGHT:${f.id}`) ?? [];
    const open = holds.get(`FLIGHT:${f.id}`) ?? [];
    if (FLIGHT_IN_FLIGHT.includes(f.status) || FLIGHT_NEEDS_STAFF.includes(f.status)) {
      problems.push(`${name} left ${f.status}`);
      continue;
    }
    if (open.length > 0) problems.push(`${name} ${f.status} with its wallet hold still open`);
    if (f.status === 'ISSUED' || f.issued_at) {
      if (f.wallet_id) {
        const own = paid.filter((l) => l.walletId === f.wallet_id);
        if (own.length !== 1) problems.push(`${name} issued with ${own.length} debits of its wallet`);
        else if (f.wallet_debit_total && !new Decimal(own[0].amount).eq(f.wallet_debit_total)) {
          problems.push(`${name} debited ${own[0].amount} instead of ${f.wallet_debit_total}`);
        }
      } else if (Number(f.captured) !== 1) problems.push(`${name} issued with ${f.captured} captured payments`);
    } else {
      if (paid.length > 0) problems.push(`${name} ${f.status}, not issued, but debited`);
      if (Number(f.confirmed) > 0) problems.push(`${name} ${f.status}, not issued, with a captured payment kept`);
    }
  }
  for (const t of trains) {
    const name = `train ${t.payment_reference} (${t.id})`;
    const paid = debits.get(`TRAIN:${t.id}`) ?? [];
    const open = holds.get(`TRAIN:${t.id}`) ?? [];
    if (TRAIN_IN_FLIGHT.includes(t.status) || t.issuance_status === 'ISSUING') {
      problems.push(`${name} left ${t.status}${t.issuance_status ? ` (issuance ${t.issuance_status})` : ''}`);
      continue;
    }
    if (open.length > 0) problems.push(`${name} ${t.status} with its wallet hold still open`);
    if (t.status === 'ISSUED') {
      if (t.issuance_status !== 'ISSUED') problems.push(`${name} ISSUED but its issuance is ${t.issuance_status ?? 'missing'}`);
      if (t.funding_source === 'AGENT_WALLET') {
        const own = paid.filter((l) => l.walletId === t.issuance_wallet_id);
        if (own.length !== 1) problems.push(`${name} issued with ${own.length} debits of its wallet`);
        else if (t.amount && !new Decimal(own[0].amount).eq(t.amount)) problems.push(`${name} debited ${own[0].amount} instead of ${t.amount}`);
      } else if (Number(t.confirmed) !== 1) problems.push(`${name} issued with ${t.confirmed} captured payments`);
    } else {
      if (paid.length > 0) problems.push(`${name} ${t.status}, not issued, but debited`);
      if (Number(t.confirmed) > 0) problems.push(`${name} ${t.status}, not issued, with a captured payment kept`);
    }
  }
  return outcome('every booking final', flights.length + trains.length, problems);
}

function accountsOf(scope: ChaosScope): string[] {
  const ids = [...new Set(scope.accountIds)];
  if (ids.length === 0) throw new Error('chaos invariants: a scope needs at least one account');
  if (ids.length > CHAOS_SCOPE_MAX_ACCOUNTS) throw new Error(`chaos invariants: at most ${CHAOS_SCOPE_MAX_ACCOUNTS} accounts in a scope`);
  if (Number.isNaN(scope.since.getTime())) throw new Error('chaos invariants: the scope needs a valid start');
  return ids;
}

/** A booking's ledger key as `FLIGHT:<id>` / `TRAIN:<id>`; null for keys of no booking (top-ups, opening balances). */
function bookingKeyOf(businessKey: string): string | null {
  const booking = bookingOfLedgerKey(businessKey);
  return booking ? `${booking.kind}:${booking.bookingId}` : null;
}

function outcome(name: string, checked: number, problems: string[]): InvariantOutcome {
  return { name, checked, violationCount: problems.length, violations: problems.slice(0, DESCRIBED) };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
