import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). Playwright never downloads a browser here. */
export const CHROMIUM = '/usr/bin/chromium';

/** Quiet, offline Chromium: no sandbox (CI runs as root), and none of its own calls home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether the browser is there; a browser check is skipped with a warning naming `check` when it is not. */
export function chromiumAvailable(check: string): boolean {
  const available = existsSync(CHROMIUM);
  if (!available) console.warn(`${check} skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
  return available;
}
