import { serverFlavourOf, sessionLimitSql, statementLimitFor } from './statement-limit.policy';

describe('statement time limits', () => {
  it.each([
    ['10.11.19-MariaDB-0+deb12u1', 'mariadb'],
    ['11.4.2-MariaDB', 'mariadb'],
    ['8.0.36', 'mysql'],
    ['5.7.8-log', 'mysql'],
    ['5.7.7', 'none'],
    ['5.6.51', 'none'],
    ['', 'none'],
  ])('reads the server kind of version %s as %s', (version, kind) => expect(serverFlavourOf(version).kind).toBe(kind));

  it('sets the session limit in each server kind its own way, and back to the server setting', () => {
    expect(sessionLimitSql(serverFlavourOf('10.11.19-MariaDB'), 1500)).toBe('SET SESSION max_statement_time = 1.500');
    expect(sessionLimitSql(serverFlavourOf('10.11.19-MariaDB'), 'server')).toBe('SET SESSION max_statement_time = DEFAULT');
    expect(sessionLimitSql(serverFlavourOf('8.0.36'), 1500)).toBe('SET SESSION max_execution_time = 1500');
    expect(sessionLimitSql(serverFlavourOf('8.0.36'), 'server')).toBe('SET SESSION max_execution_time = DEFAULT');
    expect(sessionLimitSql(serverFlavourOf('5.6.51'), 1500)).toBeUndefined();
  });

  it('gives a request its limit, a job its own (none when 0), a named wait its own, and start-up work the server setting', () => {
    const limits = { requestMs: 5000, jobMs: 60_000 };
    expect(statementLimitFor({ requestId: 'r-12345678' }, limits)).toBe(5000);
    expect(statementLimitFor({ requestId: 'r-12345678', job: { queue: 'q', name: 'n', id: '1' } }, limits)).toBe(60_000);
    expect(statementLimitFor({ job: { queue: 'q', name: 'n', id: '1' } }, { ...limits, jobMs: 0 })).toBe('server');
    expect(statementLimitFor({ requestId: 'r-12345678', statementTimeoutMs: 15_000 }, limits)).toBe(15_000);
    expect(statementLimitFor(undefined, limits)).toBe('server');
  });
});
