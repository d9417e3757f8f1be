import { childEnv, cleanUp, testConfig } from '../support/test-platform';
import { spawnRole } from '../support/started-role.process';

/** `npm start` as a user runs it: prints where it listens, and Ctrl-C stops every part cleanly. */
describe('bin/start.js all', () => {
  const config = testConfig();
  afterAll(() => cleanUp(config));

  it('starts every role, answers /health, and shuts down gracefully on SIGINT (sent twice at once, as npm does)', async () => {
    const started = spawnRole(
      'all',
      childEnv(config, {
        // development, not test: Apollo installs its own signal handlers outside NODE_ENV=test
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        FLIGHT_PORT: '0',
        TRAIN_PORT: '0',
        BUS_PORT: '0',
        ADMIN_PORT: '0',
      }),
    );
    const booted = await started.ready;
    expect(booted.status).toBeNull();
    let output = booted.output;
    for (const part of [
      'gateway',
      'flight subgraph',
      'train subgraph',
      'bus subgraph',
      'admin subgraph',
      'workers',
      'health',
      'flight supplier sandbox (simulator',
      'payments        sandbox (simulator',
    ]) {
      expect(output).toContain(part);
    }
    started.child.kill('SIGINT');
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    output = started.output();
    for (const part of ['gateway', 'workers', 'outbox relay', 'admin subgraph', 'bus subgraph', 'train subgraph', 'flight subgraph']) {
      expect(output).toContain(`"part":"${part}","message":"stopped"`);
    }
    expect(output).not.toMatch(/again: exiting now|error while stopping/);
  });
});
