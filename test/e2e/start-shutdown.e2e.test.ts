import { spawn } from 'node:child_process';
import path from 'node:path';
import { childEnv, cleanUp, testConfig } from '../support/test-platform';

/** `npm start` as a user runs it: prints where it listens, and Ctrl-C stops every part cleanly. */
describe('bin/start.js all', () => {
  const config = testConfig();
  afterAll(() => cleanUp(config));

  it('starts every role, answers /health, and shuts down gracefully on SIGINT (sent twice at once, as npm does)', async () => {
    const child = spawn(process.execPath, [path.resolve(__dirname, '..', '..', 'bin', 'start.js'), 'all'], {
      env: childEnv(config, {
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
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (output.includes('Press Ctrl-C to stop.')) {
          clearInterval(poll);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`start.js exited early:\n${output}`));
        }
      }, 100);
    });
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
    child.kill('SIGINT');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const part of ['gateway', 'workers', 'outbox relay', 'admin subgraph', 'bus subgraph', 'train subgraph', 'flight subgraph']) {
      expect(output).toContain(`"part":"${part}","message":"stopped"`);
    }
    expect(output).not.toMatch(/again: exiting now|error while stopping/);
  });
});
