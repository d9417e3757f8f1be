import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHttpsReceiver } from '../../test/support/https-receiver';
import { EVENT_ID_HEADER } from '../../shared/webhooks/webhook-signature.codec';
import { WebhookDeliveryRepository } from '../../shared/webhooks/webhook-delivery.repository';
import { ChaosCluster } from './chaos-cluster';
import type { LoadStats } from './chaos-client';
import { ChaosLoad } from './chaos-load';
import { ChaosMonkey, KillRecord } from './chaos-monkey';
import { ChaosInvariantsRepository, InvariantOutcome } from './chaos-invariants.repository';

export interface ChaosOptions {
  databaseServerUrl: string;
  redisUrl: string;
  /** How long the load runs while the monkey kills. */
  durationMs: number;
  killEveryMs: number;
  /** How long, after the load, every booking has to become final. */
  recoveryMs: number;
  users: number;
  agents: number;
  customers: number;
  replicasPerRole: number;
  /** Keep the database, Redis keys and logs of the run (for a look after a failure). */
  keep: boolean;
  log: (line: string) => void;
}

export const SHORT_RUN: Omit<ChaosOptions, 'databaseServerUrl' | 'redisUrl' | 'log' | 'keep'> = {
  durationMs: 120_000,
  killEveryMs: 6_000,
  recoveryMs: 120_000,
  users: 6,
  agents: 4,
  customers: 3,
  replicasPerRole: 2,
};

export interface ChaosReport {
  operations: LoadStats;
  kills: KillRecord[];
  invariants: InvariantOutcome[];
  /** From the end of the load until nothing was left between states; null: not within recoveryMs. */
  recoveryMs: number | null;
  unsettled: { count: number; examples: string[] };
  held: boolean;
  logDir: string;
}

/**
 * The chaos run (docs/operating.md "Chaos run"): every role twice behind nginx, the mixed load, a SIGKILL every
 * few seconds, then the recovery wait and the invariants, on a database and queue prefix of its own.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-chaos-'));
  // Every delivery the receiver got, by event id: the integrator's side of "no event delivered twice".
  const receipts = new Map<string, { eventId: string; count: number }>();
  const receiver = await startHttpsReceiver((request) => {
    const eventId = String(request.headers[EVENT_ID_HEADER] ?? '');
    const key = `${request.path} ${eventId}`;
    receipts.set(key, { eventId, count: (receipts.get(key)?.count ?? 0) + 1 });
    return 204;
  });
  let cluster: ChaosCluster | null = null;
  let held = false;
  try {
    options.log(`chaos: starting ${options.replicasPerRole} replicas of every role behind nginx (logs in ${dir}/logs)`);
    cluster = await ChaosCluster.start({
      databaseServerUrl: options.databaseServerUrl,
      redisUrl: options.redisUrl,
      dir,
      replicasPerRole: options.replicasPerRole,
      env: { NODE_EXTRA_CA_CERTS: receiver.caFile, SGR_MAX_ACTIVE_HOLDS: '200' },
    });
    const load = new ChaosLoad(cluster.baseUrl, cluster.platform, {
      agents: options.agents,
      customers: options.customers,
      users: options.users,
      floatPurchases: 6,
      webhookUrl: `${receiver.url}/hooks`,
    });
    await load.prepare();
    const since = new Date();
    options.log(`chaos: load from ${options.users} users for ${options.durationMs / 1000} s, a SIGKILL every ${options.killEveryMs / 1000} s`);
    const monkey = new ChaosMonkey(cluster.replicas, options.killEveryMs, options.log);
    monkey.start();
    const running = load.run();
    await new Promise((resolve) => setTimeout(resolve, options.durationMs));
    load.stop();
    await running;
    await monkey.stop();
    options.log(`chaos: load over after ${monkey.kills.length} kills; waiting up to ${options.recoveryMs / 1000} s for every booking to be final`);

    const invariants = new ChaosInvariantsRepository(cluster.platform.dataSource);
    const scope = { accountIds: load.accountIds, since };
    const recoveryStart = Date.now();
    let unsettled = await invariants.unsettled(scope);
    while (unsettled.count > 0 && Date.now() - recoveryStart < options.recoveryMs) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      unsettled = await invariants.unsettled(scope);
    }
    const recoveryMs = unsettled.count === 0 ? Date.now() - recoveryStart : null;
    const races = load.stats.byOperation.get('train seat race')?.total ?? 0;
    const interrupted = await new WebhookDeliveryRepository(cluster.platform.dataSource).interruptedSendsOfEvents(duplicatedEvents(receipts));
    const outcomes = [
      ...(await invariants.check(scope)),
      { name: 'one winner per seat race', checked: races, violationCount: load.seatsWonTwice.length, violations: load.seatsWonTwice.slice(0, 10) },
      receiverOutcome(receipts, interrupted),
      recoveryOutcome(unsettled, options.recoveryMs),
    ];
    held = outcomes.every((o) => o.violationCount === 0);
    return { operations: load.stats, kills: monkey.kills, invariants: outcomes, recoveryMs, unsettled, held, logDir: path.join(dir, 'logs') };
  } finally {
    await cluster?.stop({ keepData: options.keep });
    await receiver.close();
    // A failed run keeps its replicas' logs for a look; its database and Redis keys go unless `keep`.
    if (!options.keep && held) rmSync(dir, { recursive: true, force: true });
  }
}

/** The event ids the receiver got more than once (at most a few hundred: each needs a crash mid-send). */
function duplicatedEvents(receipts: Map<string, { eventId: string; count: number }>): string[] {
  return [...receipts.values()]
    .filter((r) => r.count > 1)
    .map((r) => r.eventId)
    .slice(0, 500);
}

/**
 * Delivery is at least once (README "Receiving events"): a sender killed after the receiver answered and before it
 * recorded the answer must send again. So a second receipt is a violation unless the delivery counts an attempt taken
 * over after such an interruption (webhook_delivery.interrupted_sends); extra receipts beyond those are not explained.
 */
function receiverOutcome(receipts: Map<string, { eventId: string; count: number }>, interrupted: Map<string, number>): InvariantOutcome {
  const unexplained = [...receipts].filter(([, r]) => r.count - 1 > (interrupted.get(r.eventId) ?? 0));
  const resent = [...receipts.values()].filter((r) => r.count > 1).length;
  return {
    name: `no event received twice (${resent} re-sent after a crash mid-send)`,
    checked: receipts.size,
    violationCount: unexplained.length,
    violations: unexplained.slice(0, 10).map(([key, r]) => `${key} received ${r.count} times, ${interrupted.get(r.eventId) ?? 0} interrupted sends`),
  };
}

function recoveryOutcome(unsettled: { count: number; examples: string[] }, recoveryMs: number): InvariantOutcome {
  return {
    name: `final within ${recoveryMs / 1000} s`,
    checked: 1,
    violationCount: unsettled.count,
    violations: unsettled.examples.slice(0, 10),
  };
}

/** The summary table: operations, kills, invariants. */
export function formatReport(report: ChaosReport): string {
  const lines: string[] = [];
  const table = (rows: string[][]) => {
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const row of rows) lines.push(`  ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`);
  };
  lines.push('Operations (final answer after the client’s own retries):');
  table([
    ['operation', 'count', 'retries', 'answers'],
    ...[...report.operations.byOperation].map(([name, e]) => [
      name,
      String(e.total),
      String(e.retries),
      [...e.statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, n]) => `${s === '0' ? 'no answer' : s}×${n}`)
        .join(' '),
    ]),
  ]);
  if (report.operations.examples.size > 0) {
    lines.push('First answer of each refusal:');
    for (const [key, body] of report.operations.examples) lines.push(`  ${key}: ${body}`);
  }
  const byRole = new Map<string, KillRecord[]>();
  for (const k of report.kills) byRole.set(k.role, [...(byRole.get(k.role) ?? []), k]);
  lines.push(`Kills: ${report.kills.length} SIGKILLs`);
  table([
    ['role', 'kills', 'back within (max)', 'not back'],
    ...[...byRole].map(([role, kills]) => [
      role,
      String(kills.length),
      `${(Math.max(0, ...kills.map((k) => k.downMs ?? 0)) / 1000).toFixed(1)} s`,
      String(kills.filter((k) => k.downMs === null).length),
    ]),
  ]);
  lines.push(`Recovery: ${report.recoveryMs === null ? 'NOT within the limit' : `${(report.recoveryMs / 1000).toFixed(1)} s after the load stopped`}`);
  lines.push('Invariants:');
  table([
    ['invariant', 'checked', 'violations', 'held'],
    ...report.invariants.map((o) => [o.name, String(o.checked), String(o.violationCount), o.violationCount === 0 ? 'yes' : 'NO']),
  ]);
  for (const o of report.invariants) for (const v of o.violations) lines.push(`  ✗ ${o.name}: ${v}`);
  lines.push(report.held ? 'Every invariant held.' : `Some invariant did not hold (logs: ${report.logDir}).`);
  return lines.join('\n');
}
