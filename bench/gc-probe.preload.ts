import { settledMemory, type SettledMemory } from './settled-memory';

/**
 * Preloaded by bench-server into the gateway process it spawns (`node --expose-gc -r`), which runs
 * bin/start.js unchanged: on 'settle' over the IPC channel, the gateway answers with its settled memory.
 */
export type GcProbeAnswer = ({ type: 'settled' } & SettledMemory) | { type: 'settle-failed'; reason: string };

if (process.send) {
  process.on('message', (message: unknown) => {
    if (message !== 'settle') return;
    settledMemory().then(
      (memory) => process.send?.({ type: 'settled', ...memory } satisfies GcProbeAnswer),
      (error: Error) => process.send?.({ type: 'settle-failed', reason: error.message } satisfies GcProbeAnswer),
    );
  });
  // The channel must not keep the gateway alive once SIGTERM has closed its servers.
  process.channel?.unref();
}
