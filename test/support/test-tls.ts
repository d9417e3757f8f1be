import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A certificate for 127.0.0.1 that every test process trusts: made once per jest run (global setup) and named in
 * NODE_EXTRA_CA_CERTS, which node reads only when a process starts, so the test processes jest starts afterwards (and
 * the stacks inside them) verify an HTTPS receiver that serves it, the way production trusts a receiver's CA.
 */
const DIR_VARIABLE = 'SAFIRI_TEST_TLS_DIR';

/** A fresh self-signed certificate for 127.0.0.1 in `dir` (the openssl CLI): `key.pem`, `cert.pem`. */
export function makeLoopbackCertificate(dir: string): { keyFile: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  return { keyFile, certFile };
}

/** jest global setup: the run's trusted certificate (kept when the caller already gave one). */
export function setUpTestTls(): void {
  if (process.env[DIR_VARIABLE]) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'safiri-test-tls-'));
  const { certFile } = makeLoopbackCertificate(dir);
  process.env[DIR_VARIABLE] = dir;
  process.env.NODE_EXTRA_CA_CERTS = certFile;
}

export function tearDownTestTls(): void {
  const dir = process.env[DIR_VARIABLE];
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** The trusted certificate and its key, for an HTTPS receiver the test processes' stacks verify. */
export function trustedCertificate(): { key: Buffer; cert: Buffer; certFile: string } {
  const dir = process.env[DIR_VARIABLE];
  if (!dir) throw new Error(`${DIR_VARIABLE} is not set: run the tests through jest (its global setup makes the trusted certificate)`);
  const certFile = path.join(dir, 'cert.pem');
  return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(certFile), certFile };
}
