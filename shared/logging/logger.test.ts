import { createLogger, REDACTED } from './logger';
import { runInJobScope, runInRequestScope } from '../context/request-scope.state';
import type { LogLevel } from '../config/platform.config';

function capture(level: LogLevel = 'debug') {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const logger = createLogger(level, { service: 'test' }, (line) => {
    raw.push(line);
    lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  return { lines, raw, logger };
}

describe('logger', () => {
  it('censors credentials and personal data by pino redaction, at the top and nested', () => {
    const { lines, raw, logger } = capture();
    logger.info('sensitive', {
      authorization: 'Bearer eyJhbGciOi.secret',
      password: 'hunter2 hunter2',
      token: 'tok-123',
      cardToken: 'card-tok-9',
      email: 'asha@example.com',
      phone: '+255712345678',
      headers: { authorization: 'Bearer nested', cookie: 'session=abc' },
      body: { password: 'nested pw', passengers: [{ firstName: 'Asha', passportNumber: 'TZ1234567' }] },
      passenger: { email: 'deep@example.com', passportNumber: 'TZ7654321' },
      reservationId: 'r-1',
    });
    const [line] = lines;
    expect(line).toMatchObject({
      authorization: REDACTED,
      password: REDACTED,
      token: REDACTED,
      cardToken: REDACTED,
      email: REDACTED,
      phone: REDACTED,
      headers: { authorization: REDACTED, cookie: REDACTED },
      body: { password: REDACTED, passengers: REDACTED },
      passenger: REDACTED,
      reservationId: 'r-1',
    });
    for (const secret of [
      'eyJhbGciOi',
      'hunter2',
      'tok-123',
      'card-tok-9',
      'asha@example.com',
      '712345678',
      'nested',
      'session=abc',
      'TZ1234567',
      'TZ7654321',
      'deep@',
    ])
      expect(raw[0]).not.toContain(secret);
  });

  it('writes level, ISO time and message, and the bindings of a child', () => {
    const { lines, logger } = capture();
    logger.child({ part: 'relay' }).warn('slow', { count: 2 });
    expect(lines[0]).toMatchObject({ level: 'warn', message: 'slow', service: 'test', part: 'relay', count: 2 });
    expect(new Date(lines[0].time as string).toISOString()).toBe(lines[0].time);
  });

  it('adds the request id of the scope it runs in, and the job of a worker scope, to every line', async () => {
    const { lines, logger } = capture();
    await runInRequestScope('req-abcdef12', async () => {
      await Promise.resolve();
      logger.info('in a request');
    });
    runInJobScope('req-abcdef12', { queue: 'notifications', name: 'dispatch', id: 'outbox-7' }, () => logger.info('in a job'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({ requestId: 'req-abcdef12' });
    expect(lines[1]).toMatchObject({ requestId: 'req-abcdef12', queue: 'notifications', job: 'dispatch', jobId: 'outbox-7' });
    expect(lines[2]).not.toHaveProperty('requestId');
  });

  it('writes nothing below its level (LOG_LEVEL)', () => {
    const { lines, logger } = capture('warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'error']);
  });
});
