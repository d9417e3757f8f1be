import { defineQueue, job } from '../queue/job-handle.factory';
import type { LiveBookingUpdate } from './live-update.contract';

/** The live queue: each booking event is published to the gateways once its change committed (written by WebhookEventRecorder). */
export const LIVE_QUEUE = defineQueue('live', {
  publish: job<LiveBookingUpdate>('live-publish'),
});
export const LIVE_JOBS = LIVE_QUEUE.jobs;

/** One publish per event: writing it again (a retried step) adds no job. */
export function livePublishJobId(eventId: string): string {
  return `live-${eventId}`;
}

/**
 * A publish older than this is not retried further: a subscriber that missed it reads the current state when it
 * subscribes again, and a late duplicate of an old status would only mislead one that did not.
 */
export const LIVE_PUBLISH_RETRY = { attempts: 3, backoffMs: 500 };
