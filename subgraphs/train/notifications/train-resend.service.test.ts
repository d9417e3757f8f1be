import type { TrainReservation, TrainTicketRow } from '../reservations/reservation.types';
import { channelResult, parseResendRequest, resendRefusal, type DeliveryRow } from './train-resend.service';
import { TrainResendException } from './train-resend.exception';

function fieldsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TrainResendException);
    expect((error as TrainResendException).status).toBe(400);
    return ((error as TrainResendException).data!.fields as Array<{ field: string }>).map((f) => f.field);
  }
  throw new Error('expected a 400');
}

describe('parseResendRequest', () => {
  it('defaults to the ticket on email', () => {
    expect(parseResendRequest({ pnr: ' ABC123 ' })).toEqual({ selector: { field: 'pnr', value: 'ABC123' }, channels: ['EMAIL'], messageType: 'TRAIN_TICKET' });
  });

  it('drops repeated channels, keeping the first occurrence order', () => {
    expect(parseResendRequest({ pnr: 'A', notificationChannels: ['WHATSAPP', 'EMAIL', 'WHATSAPP', 'EMAIL'] }).channels).toEqual(['WHATSAPP', 'EMAIL']);
  });

  it.each([
    ['ticket', 'TRAIN_TICKET'],
    ['TRAIN_TICKET', 'TRAIN_TICKET'],
    ['Reservation', 'TRAIN_TICKET_RESERVATION'],
    ['train_ticket_reservation', 'TRAIN_TICKET_RESERVATION'],
    ['RESERVATION_CANCELLATION', 'TRAIN_TICKET_RESERVATION_CANCELLATION'],
    ['TRAIN_TICKET_RESERVATION_CANCELLATION', 'TRAIN_TICKET_RESERVATION_CANCELLATION'],
  ])('legacy emailType %s means %s when messageType is omitted', (emailType, messageType) => {
    expect(parseResendRequest({ pnr: 'A', emailType }).messageType).toBe(messageType);
  });

  it('reads emailType only when messageType is omitted', () => {
    expect(parseResendRequest({ pnr: 'A', messageType: 'TRAIN_TICKET_RESERVATION', emailType: 'bogus' }).messageType).toBe('TRAIN_TICKET_RESERVATION');
  });

  it('lowercases and deduplicates ticket uuids', () => {
    const uuid = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(parseResendRequest({ trainTicketUuids: [uuid, uuid.toLowerCase()] }).selector).toEqual({ field: 'trainTicketUuids', value: [uuid.toLowerCase()] });
  });

  it.each<[Record<string, unknown>, string[]]>([
    [{}, ['selector']],
    [{ pnr: 'A', ticketNumber: 'B' }, ['pnr', 'ticketNumber']],
    [{ pnr: '  ' }, ['pnr']],
    [{ trainTicketUuids: [] }, ['trainTicketUuids']],
    [{ trainTicketUuids: ['x', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'y'] }, ['trainTicketUuids[0]', 'trainTicketUuids[2]']],
    [{ pnr: 'A', notificationChannels: [] }, ['notificationChannels']],
    [{ pnr: 'A', notificationChannels: ['EMAIL', 'SMS', 'email'] }, ['notificationChannels[1]', 'notificationChannels[2]']],
    [{ pnr: 'A', messageType: 'TICKET' }, ['messageType']],
    [{ pnr: 'A', emailType: 'INVOICE' }, ['emailType']],
    [{ notificationChannels: ['PUSH'], messageType: 'X' }, ['selector', 'notificationChannels[0]', 'messageType']],
  ])('%j is a 400 listing %j', (input, fields) => {
    expect(fieldsOf(() => parseResendRequest(input))).toEqual(fields);
  });
});

describe('resendRefusal', () => {
  const reservation = (changes: Partial<TrainReservation> = {}): TrainReservation =>
    ({ status: 'ISSUED', bookingUserType: 'SERVICE_AGENT', ticketPurchase: true, notifications: { ticketPurchase: true }, ...changes }) as TrainReservation;
  const ticket = (status: TrainTicketRow['status']): TrainTicketRow => ({ status, ticketNumber: `T-${status}` }) as TrainTicketRow;
  const reasonOf = (messageType: 'TICKET' | 'RESERVATION' | 'RESERVATION_CANCELLATION', r: TrainReservation, tickets = [ticket('ISSUED')]) =>
    (resendRefusal(messageType, r, tickets)?.data as { reason?: string } | undefined)?.reason ?? null;

  it.each<[string, 'TICKET' | 'RESERVATION' | 'RESERVATION_CANCELLATION', Partial<TrainReservation>, TrainTicketRow[], string | null]>([
    ['issued ticket', 'TICKET', {}, [ticket('ISSUED'), ticket('ISSUED')], null],
    ['third-party ticket', 'TICKET', { bookingUserType: 'THIRD_PARTY_AGENT' }, [ticket('ISSUED')], null],
    ['not issued', 'TICKET', { status: 'PAID' }, [ticket('PAID')], 'RESERVATION_NOT_ISSUED'],
    ['a ticket not issued', 'TICKET', {}, [ticket('ISSUED'), ticket('PAID')], 'TICKETS_NOT_ISSUED'],
    ['no tickets', 'TICKET', {}, [], 'TICKETS_NOT_ISSUED'],
    ['ticketPurchase false', 'TICKET', { ticketPurchase: false, notifications: { ticketPurchase: false } }, [ticket('ISSUED')], 'TICKET_PURCHASE_DISABLED'],
    ['live reservation', 'RESERVATION', { status: 'RESERVED' }, [ticket('RESERVED')], null],
    ['issued reservation', 'RESERVATION', {}, [ticket('ISSUED')], null],
    ['cancelled reservation', 'RESERVATION', { status: 'CANCELLED' }, [ticket('CANCELLED')], 'RESERVATION_NOT_LIVE'],
    ['third-party reservation', 'RESERVATION', { status: 'RESERVED', bookingUserType: 'THIRD_PARTY_AGENT' }, [ticket('RESERVED')], 'THIRD_PARTY_AGENT_BOOKING'],
    ['cancellation', 'RESERVATION_CANCELLATION', { status: 'CANCELLED' }, [ticket('CANCELLED')], null],
    ['cancellation of a live one', 'RESERVATION_CANCELLATION', { status: 'RESERVED' }, [ticket('RESERVED')], 'RESERVATION_NOT_CANCELLED'],
    ['third-party cancellation', 'RESERVATION_CANCELLATION', { status: 'CANCELLED', bookingUserType: 'THIRD_PARTY_AGENT' }, [], 'THIRD_PARTY_AGENT_BOOKING'],
  ])('%s', (_name, messageType, changes, tickets, reason) => {
    expect(reasonOf(messageType, reservation(changes), tickets)).toBe(reason);
  });

  it('is a 409 SGR_NOTIFICATION_PRECONDITION_FAILED', () => {
    const refused = resendRefusal('TICKET', reservation({ status: 'RESERVED' }), [ticket('RESERVED')])!;
    expect(refused).toMatchObject({
      status: 409,
      errorCode: 'SGR_NOTIFICATION_PRECONDITION_FAILED',
      data: { reason: 'RESERVATION_NOT_ISSUED', status: 'RESERVED' },
    });
  });
});

describe('channelResult', () => {
  const delivery = (recipient_key: string, status: DeliveryRow['status'], error: string | null = null): DeliveryRow => ({
    notification_id: 'n1',
    recipient_key,
    recipient_masked: `${recipient_key}-masked`,
    status,
    error,
  });

  it('a request not planned within the wait (or not visible yet) is rejected as pending, with its id', () => {
    for (const row of [undefined, { id: 'n1', status: 'PENDING' as const, reason: null }]) {
      expect(channelResult('EMAIL', 'n1', row, [])).toEqual({
        status: 'rejected',
        value: null,
        reason: { channel: 'EMAIL', errorCode: 'SGR_NOTIFICATION_PENDING', errorMessage: expect.any(String), notificationId: 'n1' },
      });
    }
  });

  it.each([
    ['NO_RECIPIENT', 'SGR_NOTIFICATION_NO_RECIPIENT'],
    ['SUPPRESSED', 'SGR_NOTIFICATION_SUPPRESSED'],
    ['FAILED', 'SGR_NOTIFICATION_FAILED'],
  ] as const)('a request closed %s is rejected %s', (status, errorCode) => {
    expect(channelResult('WHATSAPP', 'n1', { id: 'n1', status, reason: 'WHY' }, [])).toMatchObject({
      status: 'rejected',
      reason: { channel: 'WHATSAPP', errorCode },
    });
  });

  it('reports deliveries buyer first then passengers by index; success only when every one was SENT', () => {
    const planned = { id: 'n1', status: 'PLANNED' as const, reason: null };
    const result = channelResult('WHATSAPP', 'n1', planned, [delivery('passenger:10', 'SENT'), delivery('passenger:2', 'SENDING'), delivery('buyer', 'SENT')]);
    expect(result).toEqual({
      status: 'fulfilled',
      reason: null,
      value: {
        channel: 'WHATSAPP',
        notificationId: 'n1',
        email: null,
        whatsapp: {
          success: false,
          results: [
            { recipientKey: 'buyer', role: 'BUYER', to: 'buyer-masked', status: 'SENT', error: null },
            { recipientKey: 'passenger:2', role: 'PASSENGER', to: 'passenger:2-masked', status: 'SENDING', error: null },
            { recipientKey: 'passenger:10', role: 'PASSENGER', to: 'passenger:10-masked', status: 'SENT', error: null },
          ],
        },
      },
    });
    const sent = channelResult('EMAIL', 'n1', planned, [delivery('passenger:0', 'SENT')]);
    expect(sent.value).toMatchObject({ email: { success: true }, whatsapp: null });
  });
});
