/*
 * The one validator of a staff resend (OpenAPI `postTripTrainSendNotification`; GraphQL `sendTrainNotification`): exactly
 * one selector, well-formed ticket uuids, known channels and message types. The train subgraph checks the mutation's
 * input with it after the role (ADMIN or SUDO), so a caller without the role gets the same 403 over REST and GraphQL;
 * the REST layer runs it only on a body GraphQL could not carry (validateUncarried), to list its problems with the
 * type ones. Whether the booking exists and allows the message is the subgraph's.
 */

export const TRAIN_NOTIFICATION_SELECTORS = ['paymentReference', 'pnr', 'ticketNumber', 'trainTicketUuids'] as const;
/** The channels staff may resend on (the spec's notificationChannels values). */
export const RESEND_CHANNELS = ['EMAIL', 'WHATSAPP'] as const;
/** The spec's messageType values. */
export const RESEND_MESSAGE_TYPES = ['TRAIN_TICKET', 'TRAIN_TICKET_RESERVATION', 'TRAIN_TICKET_RESERVATION_CANCELLATION'] as const;

export type ResendChannel = (typeof RESEND_CHANNELS)[number];
export type ResendMessageType = (typeof RESEND_MESSAGE_TYPES)[number];

/** Legacy emailType values (compared case-insensitively): the messageType names and the shared message type names. */
const LEGACY_EMAIL_TYPES: Readonly<Record<string, ResendMessageType>> = {
  TRAIN_TICKET: 'TRAIN_TICKET',
  TRAIN_TICKET_RESERVATION: 'TRAIN_TICKET_RESERVATION',
  TRAIN_TICKET_RESERVATION_CANCELLATION: 'TRAIN_TICKET_RESERVATION_CANCELLATION',
  TICKET: 'TRAIN_TICKET',
  RESERVATION: 'TRAIN_TICKET_RESERVATION',
  RESERVATION_CANCELLATION: 'TRAIN_TICKET_RESERVATION_CANCELLATION',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A resend request as sent: every member unchecked. */
export interface TrainSendNotificationInput {
  paymentReference?: unknown;
  pnr?: unknown;
  ticketNumber?: unknown;
  trainTicketUuids?: unknown;
  notificationChannels?: unknown;
  messageType?: unknown;
  emailType?: unknown;
}

export type ResendSelector = { field: 'paymentReference' | 'pnr' | 'ticketNumber'; value: string } | { field: 'trainTicketUuids'; value: string[] };

/** A checked resend: the selector trimmed (uuids lower-cased, each once), the channels each once in request order, the message. */
export interface TrainSendNotificationRequest {
  selector: ResendSelector;
  channels: ResendChannel[];
  messageType: ResendMessageType;
}

export interface ResendProblem {
  field: string;
  message: string;
}

const given = (value: unknown) => value !== undefined && value !== null;

/** The one selector given, or the problems of none, several or a malformed one. */
function selectorOf(input: TrainSendNotificationInput, problems: ResendProblem[]): ResendSelector | null {
  const named = TRAIN_NOTIFICATION_SELECTORS.filter((field) => given(input[field]));
  const list = TRAIN_NOTIFICATION_SELECTORS.join(', ');
  if (named.length === 0) problems.push({ field: 'selector', message: `give exactly one of ${list}` });
  for (const field of named.length > 1 ? named : []) problems.push({ field, message: `give only one of ${list} (got ${named.join(', ')})` });
  if (named.length !== 1) return null;
  const field = named[0];
  if (field === 'trainTicketUuids') return uuidsOf(input.trainTicketUuids, problems);
  const value = input[field];
  if (typeof value !== 'string') {
    problems.push({ field, message: 'must be a string' });
    return null;
  }
  if (value.trim() === '') problems.push({ field, message: 'must not be empty' });
  return { field, value: value.trim() };
}

function uuidsOf(uuids: unknown, problems: ResendProblem[]): ResendSelector | null {
  if (!Array.isArray(uuids)) {
    problems.push({ field: 'trainTicketUuids', message: 'must be a list of ticket uuids' });
    return null;
  }
  if (uuids.length === 0) problems.push({ field: 'trainTicketUuids', message: 'must name at least one ticket uuid' });
  uuids.forEach((u: unknown, i) => {
    if (typeof u !== 'string' || !UUID.test(u.trim())) problems.push({ field: `trainTicketUuids[${i}]`, message: 'must be a ticket uuid' });
  });
  return { field: 'trainTicketUuids', value: [...new Set(uuids.map((u: unknown) => String(u).trim().toLowerCase()))] };
}

/** The channels, each once in request order; [EMAIL] when none is given. */
function channelsOf(channels: unknown, problems: ResendProblem[]): ResendChannel[] {
  const names = RESEND_CHANNELS.join(', ');
  if (!given(channels)) return ['EMAIL'];
  if (!Array.isArray(channels)) {
    problems.push({ field: 'notificationChannels', message: `must be a list of ${names}` });
    return [];
  }
  if (channels.length === 0) problems.push({ field: 'notificationChannels', message: `must name at least one of ${names}` });
  const out: ResendChannel[] = [];
  channels.forEach((c: unknown, i) => {
    const channel = RESEND_CHANNELS.find((known) => known === c);
    if (!channel) problems.push({ field: `notificationChannels[${i}]`, message: `must be one of ${names}` });
    else if (!out.includes(channel)) out.push(channel);
  });
  return out;
}

/** messageType, else the legacy emailType (any case), else the ticket. */
function messageTypeOf(input: TrainSendNotificationInput, problems: ResendProblem[]): ResendMessageType {
  const names = RESEND_MESSAGE_TYPES.join(', ');
  if (given(input.messageType)) {
    const known = RESEND_MESSAGE_TYPES.find((type) => type === input.messageType);
    if (!known) problems.push({ field: 'messageType', message: `must be one of ${names}` });
    return known ?? 'TRAIN_TICKET';
  }
  if (!given(input.emailType)) return 'TRAIN_TICKET';
  const legacy = typeof input.emailType === 'string' ? LEGACY_EMAIL_TYPES[input.emailType.trim().toUpperCase()] : undefined;
  if (!legacy) problems.push({ field: 'emailType', message: `must be one of ${names} (or TICKET, RESERVATION, RESERVATION_CANCELLATION)` });
  return legacy ?? 'TRAIN_TICKET';
}

/** Every problem at once: the selector's, then the channels', then the message type's; or the checked request. */
export function checkTrainSendNotification(input: TrainSendNotificationInput): { request: TrainSendNotificationRequest } | { problems: ResendProblem[] } {
  const problems: ResendProblem[] = [];
  const selector = selectorOf(input, problems);
  const channels = channelsOf(input.notificationChannels, problems);
  const messageType = messageTypeOf(input, problems);
  return problems.length || !selector ? { problems } : { request: { selector, channels, messageType } };
}
