import type { Platform } from '../shared/platform/platform';
import type { SubgraphName } from '../shared/config/config';

export type CheckResult = { status: 'up' } | { status: 'down'; reason: string };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))),
  ]);
}

async function check(fn: () => Promise<unknown>, what: string): Promise<CheckResult> {
  try {
    await withTimeout(fn(), 2000, what);
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', reason: (error as Error).message };
  }
}

/** GET /health: the gateway, every subgraph, MySQL and Redis, checked in parallel. */
export async function healthReport(platform: Platform, subgraphUrls: Record<SubgraphName, string>) {
  const entries: Array<[string, Promise<CheckResult>]> = [
    ['gateway', Promise.resolve({ status: 'up' } as CheckResult)],
    ...Object.entries(subgraphUrls).map(([name, url]): [string, Promise<CheckResult>] => [
      name,
      check(async () => {
        const res = await fetch(url.replace(/\/graphql$/, '/health'));
        if (res.status !== 200) throw new Error(`answered HTTP ${res.status}`);
      }, name),
    ]),
    ['mysql', check(() => platform.dataSource.query('SELECT 1'), 'mysql')],
    ['redis', check(() => platform.redis.ping(), 'redis')],
  ];
  const checks: Record<string, CheckResult> = {};
  for (const [name, result] of entries) checks[name] = await result;
  const down = Object.keys(checks).filter((k) => checks[k].status === 'down');
  return down.length === 0
    ? { httpStatus: 200, body: { status: 'ok', checks } }
    : {
        httpStatus: 503,
        body: {
          status: 'unavailable',
          errorCode: 'SERVICE_UNAVAILABLE',
          errorMessage: `Down: ${down.join(', ')}`,
          down,
          checks,
        },
      };
}
