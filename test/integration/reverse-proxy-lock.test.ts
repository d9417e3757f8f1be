import { createTestPlatform } from '../support/test-platform';
import { RepositoryWriteLock } from '../../subgraphs/admin/reverse-proxy/repository-write-lock.service';

/** The repository write lock against the real MariaDB: the cross-process half is GET_LOCK. */
describe('reverse-proxy repository write lock (real MariaDB)', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  const repoPath = `/nonexistent/safiri-lock-test-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    env = await createTestPlatform();
  });
  afterAll(() => env.close());

  it('runs writers of one process one at a time, in arrival order', async () => {
    const lock = new RepositoryWriteLock(env.platform.dataSource, repoPath, 5);
    const events: string[] = [];
    const writer = (name: string) =>
      lock.run(async () => {
        events.push(`${name} in`);
        await new Promise((r) => setImmediate(r));
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([writer('a'), writer('b'), writer('c')])).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('waits for another process holding the named lock, and answers 503 busy when it is not released in time', async () => {
    const lock = new RepositoryWriteLock(env.platform.dataSource, repoPath, 1);
    // Another process: its own connection holding the same named lock.
    const other = env.platform.dataSource.createQueryRunner();
    await other.connect();
    try {
      const [held] = await other.query('SELECT GET_LOCK(?, 0) AS acquired', [lock.lockName]);
      expect(Number(held.acquired)).toBe(1);
      let ran = false;
      await expect(lock.run(async () => (ran = true))).rejects.toMatchObject({ errorCode: 'REVERSE_PROXY_BUSY', status: 503 });
      expect(ran).toBe(false);
      await other.query('SELECT RELEASE_LOCK(?)', [lock.lockName]);
      expect(await lock.run(async () => 'after release')).toBe('after release');
    } finally {
      await other.release();
    }
  });
});
