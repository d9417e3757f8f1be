import type { EntityManager } from 'typeorm';
import type { Principal } from '../../../shared/auth/token.service';
import { FINAL_DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/notifications/entities/notification-delivery.entity';
import type { NotificationStatus } from '../../../shared/notifications/entities/notification.entity';
import type { NotificationLogService, DeliveryProgressRow, NotificationProgressRow } from '../../../shared/notifications/notification-log.service';
import type { MessageType } from '../../../shared/notifications/notification.types';
import type { TrainPorts } from '../train-ports.type';
import { renderTrainTickets } from '../documents/train-document.service';
import type { TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import { TRAIN_BOOKING_KIND } from '../reservations/reservation-follow-ups.service';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { TrainReservation, TrainTicketRow } from '../reservations/reservation.types';
import type { StationService } from '../services/station.service';
import { passengerRecipientKey } from './train-notification.source';
import { TrainResendException, type TrainResendRefusal } from './train-resend.exception';
import {
  checkTrainSendNotification,
  type ResendChannel,
  type ResendMessageType,
  type ResendSelector,
  type TrainSendNotificationInput,
  type TrainSendNotificationRequest,
} from '../../../shared/api-contract/train-send-notification.validator';

/** The spec's messageType values and the shared message type each one is. */
export const TRAIN_MESSAGE_TYPES = {
  TRAIN_TICKET: 'TICKET',
  TRAIN_TICKET_RESERVATION: 'RESERVATION',
  TRAIN_TICKET_RESERVATION_CANCELLATION: 'RESERVATION_CANCELLATION',
} as const satisfies Record<ResendMessageType, MessageType>;

const LIVE: readonly TrainReservation['status'][] = ['RESERVED', 'PAID', 'ISSUED'];

/**
 * The answer waits up to config.train.resendWaitMs (SGR_RESEND_WAIT_MS, default 10 s) for the worker to plan and
 * send the deliveries, then reports what it has: deliveries still under way are reported with their current status
 * and success false; they carry on in the background and the notification log shows how they end. The wait is
 * measured on the wall clock, not the platform clock, because it bounds real waiting. Polled every POLL_MS.
 */
const POLL_MS = 100;

export interface TrainResendRecipientResult {
  recipientKey: string;
  role: string;
  to: string;
  status: DeliveryStatus;
  error: string | null;
}

export interface TrainResendChannelReport {
  success: boolean;
  results: TrainResendRecipientResult[];
}

export interface TrainResendSettled {
  status: 'fulfilled' | 'rejected';
  value: { channel: ResendChannel; notificationId: string; email: TrainResendChannelReport | null; whatsapp: TrainResendChannelReport | null } | null;
  reason: { channel: ResendChannel; errorCode: string; errorMessage: string; notificationId: string | null } | null;
}

export type NotificationRow = NotificationProgressRow;
export type DeliveryRow = DeliveryProgressRow;

/**
 * POST /api/trip/train/send-notification: staff (ADMIN or SUDO, checked by the resolver) resend a booking's ticket,
 * reservation or cancellation message through the ordinary notification pipeline: one MANUAL request per channel,
 * each with a fresh dedupe key, so every resend is logged and already-sent tickets can be sent again. The answer
 * waits (bounded) for the deliveries and reports one settled result per channel in request order.
 */
export class TrainResendService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'transactor' | 'config' | 'logger' | 'notifications'>,
    private readonly reservations: TrainReservationRepository,
    private readonly issuances: TrainIssuanceRepository,
    private readonly stations: StationService,
    private readonly log: NotificationLogService,
  ) {}

  async send(principal: Principal, input: TrainSendNotificationInput): Promise<TrainResendSettled[]> {
    const request = parseResendRequest(input);
    const { reservation, recipientKeys } = await this.resolve(request.selector);
    const messageType = TRAIN_MESSAGE_TYPES[request.messageType];

    const tickets = await this.reservations.ticketsOf(reservation.id);
    const refused = resendRefusal(messageType, reservation, tickets);
    if (refused) throw refused;
    if (messageType === 'TICKET') await this.checkDocuments(reservation, tickets);

    const receipts = await this.ports.transactor.transaction(async (m: EntityManager) => {
      // Checked again under the reservation lock, so a booking cancelled meanwhile gets no reservation message.
      const current = await this.reservations.byId(reservation.id, m, true);
      if (!current) throw TrainResendException.notFound(request.selector.field, describe(request.selector));
      const again = resendRefusal(messageType, current, await this.reservations.ticketsOf(current.id, m));
      if (again) throw again;
      const out: Array<{ channel: ResendChannel; notificationId: string }> = [];
      for (const channel of request.channels) {
        const receipt = await this.ports.notifications.request(m, {
          bookingKind: TRAIN_BOOKING_KIND,
          bookingId: current.id,
          messageType,
          channels: [channel],
          recipientKeys: recipientKeys ?? undefined,
          trigger: 'MANUAL',
        });
        out.push({ channel, notificationId: receipt.notificationId });
      }
      return out;
    });
    this.ports.logger.info('train notification resend requested', {
      reservationId: reservation.id,
      paymentReference: reservation.paymentReference,
      messageType,
      channels: request.channels,
      recipients: recipientKeys?.length ?? 'all',
      requestedBy: principal.accountId,
      notificationIds: receipts.map((r) => r.notificationId),
    });
    return this.settle(receipts);
  }

  /** The reservation the selector names and, for ticket uuids, the passengers owning them. */
  private async resolve(selector: ResendSelector): Promise<{ reservation: TrainReservation; recipientKeys: string[] | null }> {
    let reservationId: string | null = null;
    let recipientKeys: string[] | null = null;
    switch (selector.field) {
      case 'paymentReference': {
        const r = await this.reservations.byPaymentReference(selector.value);
        if (r) return { reservation: r, recipientKeys: null };
        break;
      }
      case 'pnr': {
        const r = await this.reservations.byPnr(selector.value);
        if (r) return { reservation: r, recipientKeys: null };
        break;
      }
      case 'ticketNumber':
        reservationId = await this.reservations.reservationIdOfTicketNumber(selector.value);
        break;
      case 'trainTicketUuids': {
        const rows = await this.reservations.ticketOwners(selector.value);
        const known = new Set(rows.map((t) => t.train_ticket_uuid.toLowerCase()));
        const unknown = selector.value.filter((u) => !known.has(u.toLowerCase()));
        if (unknown.length) throw TrainResendException.ticketsNotFound(unknown);
        const reservationIds = new Set(rows.map((t) => t.reservation_id));
        if (reservationIds.size > 1) {
          throw TrainResendException.invalid([{ field: 'trainTicketUuids', message: 'must all belong to one reservation' }]);
        }
        reservationId = rows[0].reservation_id;
        recipientKeys = [...new Set(rows.map((t) => Number(t.passenger_index)))].sort((a, b) => a - b).map(passengerRecipientKey);
        break;
      }
    }
    const reservation = reservationId ? await this.reservations.byId(reservationId) : null;
    if (!reservation) throw TrainResendException.notFound(selector.field, describe(selector));
    return { reservation, recipientKeys };
  }

  /** "Documents ready": the group PDF the worker will attach renders now. */
  private async checkDocuments(reservation: TrainReservation, tickets: TrainTicketRow[]): Promise<void> {
    try {
      const issuance = await this.issuances.byReservation(reservation.id);
      await renderTrainTickets(reservation, tickets, {
        stations: this.stations,
        issuedAt: issuance?.issuedAt ?? tickets[0].updatedAt,
        ownerPassword: this.ports.config.ticketPdfOwnerPassword,
      });
    } catch (error) {
      this.ports.logger.warn('train ticket document could not be rendered for a resend', {
        reservationId: reservation.id,
        reason: error instanceof Error ? error.message : String(error),
      });
      throw TrainResendException.precondition('DOCUMENTS_NOT_READY', 'The ticket documents cannot be produced right now; try again later or contact support');
    }
  }

  /**
   * Waits until every channel's request is settled (closed without deliveries, or every delivery final) or the
   * bound passes, then reports each channel in request order.
   */
  private async settle(receipts: Array<{ channel: ResendChannel; notificationId: string }>): Promise<TrainResendSettled[]> {
    const ids = receipts.map((r) => r.notificationId);
    const deadline = Date.now() + this.ports.config.resendWaitMs;
    for (;;) {
      const { notifications, deliveries } = await this.log.progress(ids);
      const byId = new Map(notifications.map((n) => [n.id, n]));
      const settled =
        notifications.length === ids.length &&
        notifications.every((n) => n.status !== 'PENDING') &&
        deliveries.every((d) => FINAL_DELIVERY_STATUSES.includes(d.status));
      const remaining = deadline - Date.now();
      if (settled || remaining <= 0) {
        return receipts.map(({ channel, notificationId }) =>
          channelResult(
            channel,
            notificationId,
            byId.get(notificationId),
            deliveries.filter((d) => d.notification_id === notificationId),
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, remaining)));
    }
  }
}

/** The input's values checked by the one send-notification validator (REST runs it too); every problem in one 400. */
export function parseResendRequest(input: TrainSendNotificationInput): TrainSendNotificationRequest {
  const checked = checkTrainSendNotification(input);
  if ('problems' in checked) throw TrainResendException.invalid(checked.problems);
  return checked.request;
}

/** The spec's preconditions per message; null when the message may be sent. Third-party agent rule first (rule 8). */
export function resendRefusal(messageType: MessageType, r: TrainReservation, tickets: TrainTicketRow[]): TrainResendException | null {
  const fail = (reason: TrainResendRefusal, message: string, data: Record<string, unknown> = {}) => TrainResendException.precondition(reason, message, data);
  switch (messageType) {
    case 'TICKET': {
      if (r.status !== 'ISSUED')
        return fail('RESERVATION_NOT_ISSUED', `The reservation is ${r.status}; tickets can be sent once it is ISSUED`, { status: r.status });
      const unissued = tickets.filter((t) => t.status !== 'ISSUED');
      if (tickets.length === 0 || unissued.length) {
        return fail('TICKETS_NOT_ISSUED', 'Every ticket of the reservation must be ISSUED (paid) before tickets are sent', {
          status: r.status,
          ticketNumbers: unissued.map((t) => t.ticketNumber),
        });
      }
      if (r.notifications.ticketPurchase === false || !r.ticketPurchase) {
        return fail('TICKET_PURCHASE_DISABLED', 'Ticket-purchase notifications are disabled for this booking (notifications.ticketPurchase false)');
      }
      return null;
    }
    case 'RESERVATION':
    case 'RESERVATION_CANCELLATION': {
      if (r.bookingUserType === 'THIRD_PARTY_AGENT') {
        return fail('THIRD_PARTY_AGENT_BOOKING', 'Reservation and cancellation messages are never sent for third-party agent bookings', {
          bookingUserType: r.bookingUserType,
        });
      }
      if (messageType === 'RESERVATION' && !LIVE.includes(r.status)) {
        return fail('RESERVATION_NOT_LIVE', `The reservation is ${r.status}; a reservation message needs it RESERVED, PAID or ISSUED`, { status: r.status });
      }
      if (messageType === 'RESERVATION_CANCELLATION' && r.status !== 'CANCELLED') {
        return fail('RESERVATION_NOT_CANCELLED', `The reservation is ${r.status}; a cancellation message needs it CANCELLED`, { status: r.status });
      }
      return null;
    }
    default:
      return fail('RESERVATION_NOT_LIVE', `${messageType} cannot be resent here`);
  }
}

function describe(selector: ResendSelector): string {
  return Array.isArray(selector.value) ? selector.value.join(', ') : selector.value;
}

function roleOf(recipientKey: string): string {
  return recipientKey === 'buyer' ? 'BUYER' : recipientKey.startsWith('passenger:') ? 'PASSENGER' : 'ACCOUNT_HOLDER';
}

/** The buyer first, then passengers in reservation order. */
function recipientOrder(key: string): number {
  if (key === 'buyer') return -1;
  const index = /^passenger:(\d+)$/.exec(key);
  return index ? Number(index[1]) : Number.MAX_SAFE_INTEGER;
}

const REJECTIONS: Partial<Record<NotificationStatus, { errorCode: string; message: (channel: ResendChannel, reason: string | null) => string }>> = {
  NO_RECIPIENT: {
    errorCode: 'SGR_NOTIFICATION_NO_RECIPIENT',
    message: (channel) => `No addressed recipient has an address for ${channel}; nothing was sent on it`,
  },
  SUPPRESSED: {
    errorCode: 'SGR_NOTIFICATION_SUPPRESSED',
    message: (channel, reason) => `The notification rules suppressed the message on ${channel}${reason ? ` (${reason})` : ''}`,
  },
  FAILED: {
    errorCode: 'SGR_NOTIFICATION_FAILED',
    message: (channel, reason) => `The message could not be planned on ${channel}${reason ? ` (${reason})` : ''}`,
  },
  PENDING: {
    errorCode: 'SGR_NOTIFICATION_PENDING',
    message: (channel) => `The request on ${channel} is queued but was not planned in time; follow it in the notification log`,
  },
};

/** One channel's settled result from its notification row (undefined: not visible yet) and delivery rows. */
export function channelResult(
  channel: ResendChannel,
  notificationId: string,
  notification: NotificationRow | undefined,
  deliveries: DeliveryRow[],
): TrainResendSettled {
  const status: NotificationStatus = notification?.status ?? 'PENDING';
  const rejection = REJECTIONS[status];
  if (rejection) {
    return {
      status: 'rejected',
      value: null,
      reason: { channel, errorCode: rejection.errorCode, errorMessage: rejection.message(channel, notification?.reason ?? null), notificationId },
    };
  }
  const results = deliveries
    .map((d) => ({ recipientKey: d.recipient_key, role: roleOf(d.recipient_key), to: d.recipient_masked, status: d.status, error: d.error }))
    .sort((a, b) => recipientOrder(a.recipientKey) - recipientOrder(b.recipientKey));
  const outcome = { success: results.length > 0 && results.every((r) => r.status === 'SENT'), results };
  return {
    status: 'fulfilled',
    value: { channel, notificationId, email: channel === 'EMAIL' ? outcome : null, whatsapp: channel === 'WHATSAPP' ? outcome : null },
    reason: null,
  };
}
