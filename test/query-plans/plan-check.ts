import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mysql, { Connection, RowDataPacket } from 'mysql2/promise';
import { decodeParam, RecordedStatement, statementShape } from './sql-recorder';

/*
 * The query-plan check: EXPLAIN every recorded statement against a database holding tens of thousands of rows per
 * growing table (seeded by bench/volume), and fail on a plan that would read a growing table at large: a full scan, a
 * full index scan that no LIMIT stops, a sort or temporary table over many rows, or a range that reads a large share
 * of a table. It asserts plans, never timings.
 */

/**
 * Tables that cannot grow with use, so any plan over them is fine: the migrations' own bookkeeping, the company
 * directory (reference data, a few dozen rows), signing keys (one per rotation), the sandbox suppliers' trigger lists
 * (fixed), and the seeder's manifest.
 */
export const FIXED_TABLES = new Set(['schema_migration', 'company', 'signing_key', 'gds_sim_trigger', 'rail_sim_trigger', 'volume_seed']);

/** A read of more rows than this (or than 5% of the table) is large. */
const LARGE_ROWS = 1000;
/** A sort or temporary table over more rows than this is large. */
const SORT_ROWS = 1000;
/** A table seeded with fewer rows than this is not judged: the optimiser scans small tables whatever their indexes. */
const JUDGED_ROWS = 1000;

export interface PlanLine {
  id: number | null;
  select_type: string;
  table: string | null;
  type: string | null;
  possible_keys: string | null;
  key: string | null;
  rows: number | null;
  Extra: string | null;
}

export interface PlanProblem {
  statement: RecordedStatement;
  table: string;
  problem: string;
  plan: PlanLine[];
}

/** Every recorded statement of a run (all processes), one per shape. */
export function readRecorded(dir: string): RecordedStatement[] {
  const byShape = new Map<string, RecordedStatement>();
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return [];
  }
  for (const file of files) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const statement = JSON.parse(line) as RecordedStatement;
      const shape = statementShape(statement.sql);
      if (!byShape.has(shape)) byShape.set(shape, statement);
    }
  }
  return [...byShape.values()];
}

const KEYWORDS = new Set([
  'WHERE',
  'ON',
  'SET',
  'LEFT',
  'RIGHT',
  'INNER',
  'OUTER',
  'CROSS',
  'JOIN',
  'ORDER',
  'GROUP',
  'LIMIT',
  'FOR',
  'USING',
  'VALUES',
  'SELECT',
  'STRAIGHT_JOIN',
  'FORCE',
  'USE',
  'IGNORE',
  'HAVING',
  'UNION',
  'WINDOW',
  'LOCK',
]);

/** The tables a statement names, by the alias EXPLAIN shows for each (a table without alias under its own name). */
export function tableAliases(sql: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const m of sql.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+`?([A-Za-z0-9_]+)`?(?:\s+(?:AS\s+)?`?([A-Za-z0-9_]+)`?)?/gi)) {
    const [, table, alias] = m;
    aliases.set(table, table);
    if (alias && !KEYWORDS.has(alias.toUpperCase())) aliases.set(alias, table);
  }
  return aliases;
}

/** The judgement of one plan: what is wrong with it, per growing table. */
export function judgePlan(sql: string, plan: PlanLine[], tableRows: Map<string, number>): Array<{ table: string; problem: string; notJudged?: boolean }> {
  const problems: Array<{ table: string; problem: string; notJudged?: boolean }> = [];
  const aliases = tableAliases(sql);
  const limited = /\bLIMIT\s+(\?|\d+)/i.test(sql);
  const sorts = plan.some((line) => /filesort|temporary/i.test(line.Extra ?? ''));
  const accesses = plan.filter((line) => line.table && line.type);
  for (const line of accesses) {
    const table = aliases.get(line.table!) ?? line.table!;
    if (!tableRows.has(table) || FIXED_TABLES.has(table)) continue;
    const total = tableRows.get(table)!;
    if (total < JUDGED_ROWS) {
      problems.push({ table, problem: `not judged: ${table} holds ${total} seeded rows (fewer than ${JUDGED_ROWS})`, notJudged: true });
      continue;
    }
    const rows = Number(line.rows ?? 0);
    // A LIMIT stops the first table of its SELECT early when no sort comes between and the tables joined after it
    // cannot reject a row (one row each by key, or a left join), so rows arrive at the rate they are read.
    const select = accesses.filter((l) => l.id === line.id);
    const first = select[0] === line;
    const restIsEnrichment = select
      .slice(select.indexOf(line) + 1)
      .every((l) => ['eq_ref', 'const', 'ref'].includes(l.type ?? '') && !/Using where/.test(l.Extra ?? ''));
    const stopsEarly = limited && !sorts && first && restIsEnrichment;
    if (line.type === 'ALL') problems.push({ table, problem: `full scan of ${table} (${total} rows)` });
    else if (line.type === 'index' && !stopsEarly) problems.push({ table, problem: `full index scan of ${table} (${line.key}, ${total} rows)` });
    else if (rows > Math.max(LARGE_ROWS, total * 0.05) && !stopsEarly)
      problems.push({ table, problem: `reads ${rows} of ${total} rows of ${table} (${line.key})` });
    if (/filesort|temporary/i.test(line.Extra ?? '') && rows > SORT_ROWS) problems.push({ table, problem: `sorts ${rows} rows of ${table} (${line.Extra})` });
  }
  return problems;
}

/** Row counts of the growing tables of the connection's database. */
export async function tableSizes(connection: Connection): Promise<Map<string, number>> {
  const [tables] = await connection.query<RowDataPacket[]>(
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
  );
  const sizes = new Map<string, number>();
  for (const { name } of tables) {
    const [[{ n }]] = await connection.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${name as string}\``);
    sizes.set(name as string, Number(n));
  }
  return sizes;
}

/** EXPLAINs each statement on the connection's (seeded) database; answers the problems found. */
export async function checkPlans(
  connection: Connection,
  statements: RecordedStatement[],
): Promise<{ checked: number; problems: PlanProblem[]; notJudged: Set<string> }> {
  const sizes = await tableSizes(connection);
  const problems: PlanProblem[] = [];
  const notJudged = new Set<string>();
  let checked = 0;
  for (const statement of statements) {
    const params = statement.params.map(decodeParam);
    let plan: PlanLine[];
    try {
      [plan] = (await connection.query<RowDataPacket[]>(`EXPLAIN ${statement.sql}`, params)) as unknown as [PlanLine[]];
    } catch (error) {
      problems.push({ statement, table: '-', problem: `EXPLAIN failed: ${(error as Error).message}`, plan: [] });
      continue;
    }
    checked++;
    for (const found of judgePlan(statement.sql, plan, sizes)) {
      if (found.notJudged) notJudged.add(found.table);
      else problems.push({ statement, table: found.table, problem: found.problem, plan });
    }
  }
  return { checked, problems, notJudged };
}

/** A report an engineer can act on: the statement, who sends it, what is wrong and the plan. */
export function describeProblems(problems: PlanProblem[]): string {
  return problems
    .map((p) =>
      [
        `✗ ${p.problem}`,
        `  sent by ${p.statement.caller}`,
        `  ${statementShape(p.statement.sql).slice(0, 600)}`,
        ...p.plan.map((l) => `    ${l.select_type} ${l.table ?? '-'} type=${l.type ?? '-'} key=${l.key ?? '-'} rows=${l.rows ?? '-'} ${l.Extra ?? ''}`),
      ].join('\n'),
    )
    .join('\n\n');
}

export async function connectTo(databaseUrl: string): Promise<Connection> {
  return mysql.createConnection({ uri: databaseUrl.replace(/^mariadb:/, 'mysql:'), timezone: 'Z', dateStrings: true });
}
