import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../webhooks/webhook-event.catalogue';

/*
 * The one validator of a webhook endpoint's values (REST POST and PATCH /api/webhooks…, GraphQL createWebhookEndpoint
 * and updateWebhookEndpoint), and of the page arguments of the endpoint and delivery lists. The admin subgraph runs it on
 * the GraphQL arguments after it knows the caller; REST names it in its contract for a body GraphQL could not carry, so
 * both answer one 400 listing the same fields. Where the URL leads (private, loopback, link-local, metadata addresses,
 * names resolving to them) needs DNS and the deployment's WEBHOOK_ALLOW_PRIVATE: the subgraph checks it after this.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_EVENTS_MAX = 20;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 255;
/** Page sizes of the endpoint and delivery lists. */
export const WEBHOOK_PAGE_DEFAULT = 20;
export const WEBHOOK_PAGE_MAX = 100;
/** Sent by a ping to the endpoint pinged only, never subscribed to: a subscription to it would mean nothing. */
export const PING_EVENT_TYPE = 'webhook.ping';
/** The event types an endpoint may subscribe to: the catalogue without webhook.ping. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => type !== PING_EVENT_TYPE);

export interface WebhookEndpointProblem {
  field: string;
  message: string;
}

/** What a create or update may carry, as received (GraphQL leaves absent members undefined, explicit nulls null). */
export interface WebhookEndpointValues {
  url?: unknown;
  events?: unknown;
  description?: unknown;
  enabled?: unknown;
}

/** The checked values: a member absent from an update stays undefined; description null clears it. */
export interface CheckedWebhookEndpoint {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

type Checked = { values: CheckedWebhookEndpoint } | { problems: WebhookEndpointProblem[] };

function checkUrl(value: unknown, problems: WebhookEndpointProblem[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push({ field: 'url', message: 'is required (an absolute HTTPS URL)' });
    return undefined;
  }
  const url = value.trim();
  if (url.length > WEBHOOK_URL_MAX_LENGTH) {
    problems.push({ field: 'url', message: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` });
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    problems.push({ field: 'url', message: 'must be an absolute HTTPS URL' });
    return undefined;
  }
  // Even where private receivers are allowed (tests, local development) an endpoint is HTTPS: its certificate is checked.
  if (parsed.protocol !== 'https:') problems.push({ field: 'url', message: 'must use https' });
  else if (parsed.username || parsed.password) problems.push({ field: 'url', message: 'must not carry credentials' });
  return url;
}

function checkEvents(value: unknown, problems: WebhookEndpointProblem[]): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push({ field: 'events', message: `must list 1 to ${WEBHOOK_EVENTS_MAX} event types` });
    return undefined;
  }
  if (value.length > WEBHOOK_EVENTS_MAX) problems.push({ field: 'events', message: `must list at most ${WEBHOOK_EVENTS_MAX} event types` });
  const seen = new Set<string>();
  value.forEach((type: unknown, index) => {
    const field = `events[${index}]`;
    if (typeof type !== 'string') problems.push({ field, message: 'must be a string' });
    else if (type === PING_EVENT_TYPE)
      problems.push({ field, message: `${PING_EVENT_TYPE} cannot be subscribed to: every ping sends it to the endpoint pinged` });
    else if (!isWebhookEventType(type)) problems.push({ field, message: `is not a known event type (one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')})` });
    else if (seen.has(type)) problems.push({ field, message: `repeats ${type}` });
    if (typeof type === 'string') seen.add(type);
  });
  return value.filter((type): type is string => typeof type === 'string');
}

function checkDescription(value: unknown, problems: WebhookEndpointProblem[]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') {
    problems.push({ field: 'description', message: 'must be a string' });
    return null;
  }
  const text = value.trim();
  if (text.length > WEBHOOK_DESCRIPTION_MAX_LENGTH)
    problems.push({ field: 'description', message: `must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters` });
  return text === '' ? null : text;
}

/** A new endpoint: url and events required, description optional. Every problem at once, in member order. */
export function checkNewWebhookEndpoint(input: WebhookEndpointValues): Checked {
  const problems: WebhookEndpointProblem[] = [];
  const url = checkUrl(input.url, problems);
  const events = checkEvents(input.events, problems);
  const description = checkDescription(input.description, problems);
  return problems.length ? { problems } : { values: { url, events, description } };
}

/** A change: only the members given are checked and changed; null is a value only for description (it clears it). */
export function checkWebhookEndpointChange(input: WebhookEndpointValues): Checked {
  const problems: WebhookEndpointProblem[] = [];
  const values: CheckedWebhookEndpoint = {};
  if (input.url !== undefined) values.url = checkUrl(input.url, problems);
  if (input.events !== undefined) values.events = checkEvents(input.events, problems);
  if (input.description !== undefined) values.description = checkDescription(input.description, problems);
  if (input.enabled !== undefined) {
    if (typeof input.enabled !== 'boolean') problems.push({ field: 'enabled', message: 'must be true or false' });
    else values.enabled = input.enabled;
  }
  return problems.length ? { problems } : { values };
}

/** A list's page arguments: `first` from 1 to WEBHOOK_PAGE_MAX; `after` is the list's own to decode. */
export function checkWebhookPage(first: unknown): WebhookEndpointProblem[] {
  return Number.isInteger(first) && (first as number) >= 1 && (first as number) <= WEBHOOK_PAGE_MAX
    ? []
    : [{ field: 'first', message: `must be an integer from 1 to ${WEBHOOK_PAGE_MAX}` }];
}
