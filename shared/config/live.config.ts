import type { EnvReader } from './env.reader';

/** Live booking status over SSE at /graphql/stream (README "Live booking status"). */
export interface LiveConfig {
  /** LIVE_STREAMS_PER_ACCOUNT: open streams one account may hold across every gateway replica. */
  streamsPerAccount: number;
  /** LIVE_STREAMS_PER_PROCESS: open streams one gateway process serves, whoever holds them. */
  streamsPerProcess: number;
  /** LIVE_STREAM_LEASE_MS: a stream's slot in the account's Redis count lapses this long after its gateway last renewed it (a crashed replica). */
  streamLeaseMs: number;
}

export function readLiveConfig(read: EnvReader): LiveConfig {
  return {
    streamsPerAccount: read.integer('LIVE_STREAMS_PER_ACCOUNT', 5, 1, 100),
    streamsPerProcess: read.integer('LIVE_STREAMS_PER_PROCESS', 2_000, 1, 100_000),
    streamLeaseMs: read.integer('LIVE_STREAM_LEASE_MS', 60_000, 3_000, 3_600_000),
  };
}
