import { attachesTicketDocument, decideNotification, DecisionInput, planDeliveries, reminderTime, SuppressionReason } from './notification.policy';
import type { NotificationRecipient } from './notification.types';
import { MESSAGE_TYPES } from './notification.types';

const NOW = new Date('2026-11-22T09:00:00Z');
const DEADLINE = new Date('2026-11-22T09:25:00Z');

/** A customer booking in the state each message type normally goes out in, all preferences omitted. */
function input(overrides: Partial<DecisionInput>): DecisionInput {
  const messageType = overrides.messageType ?? 'TICKET';
  const usualState = messageType === 'TICKET' ? 'ISSUED' : messageType === 'RESERVATION_CANCELLATION' ? 'CANCELLED' : 'RESERVED';
  return {
    messageType,
    bookingUserType: 'CUSTOMER',
    preferences: {},
    state: usualState,
    paymentDeadline: DEADLINE,
    now: NOW,
    trigger: 'AUTOMATIC',
    ...overrides,
  };
}

type Row = [string, Partial<DecisionInput>, true | SuppressionReason];

const ROWS: Row[] = [
  // ticketPurchase: the final ticket, on every channel, for every kind of booking.
  ['ticket sent when preferences are omitted (default true)', { messageType: 'TICKET' }, true],
  ['ticket sent when ticketPurchase is null (treated as omitted)', { messageType: 'TICKET', preferences: { ticketPurchase: null } }, true],
  ['ticket sent when ticketPurchase is true', { messageType: 'TICKET', preferences: { ticketPurchase: true } }, true],
  ['ticketPurchase false suppresses the ticket (customer)', { messageType: 'TICKET', preferences: { ticketPurchase: false } }, 'TICKET_PURCHASE_DISABLED'],
  [
    'ticketPurchase false suppresses the ticket (service agent)',
    { messageType: 'TICKET', bookingUserType: 'SERVICE_AGENT', preferences: { ticketPurchase: false } },
    'TICKET_PURCHASE_DISABLED',
  ],
  [
    'ticketPurchase false suppresses the ticket (third-party agent)',
    { messageType: 'TICKET', bookingUserType: 'THIRD_PARTY_AGENT', preferences: { ticketPurchase: false } },
    'TICKET_PURCHASE_DISABLED',
  ],
  [
    'ticketPurchase false suppresses a staff resend of the ticket too',
    { messageType: 'TICKET', trigger: 'MANUAL', preferences: { ticketPurchase: false } },
    'TICKET_PURCHASE_DISABLED',
  ],
  ['ticketPurchase false leaves reservation messages alone', { messageType: 'RESERVATION', preferences: { ticketPurchase: false } }, true],
  ['ticketPurchase false leaves trip delays alone', { messageType: 'TRIP_DELAY', preferences: { ticketPurchase: false } }, true],

  // Third-party agent bookings: only the final ticket, whatever the flags say.
  ['third-party agent: ticket sent by default', { messageType: 'TICKET', bookingUserType: 'THIRD_PARTY_AGENT' }, true],
  ['third-party agent: reservation never sent', { messageType: 'RESERVATION', bookingUserType: 'THIRD_PARTY_AGENT' }, 'THIRD_PARTY_AGENT_BOOKING'],
  [
    'third-party agent: reservation never sent even with allOtherTripNotification true',
    { messageType: 'RESERVATION', bookingUserType: 'THIRD_PARTY_AGENT', preferences: { allOtherTripNotification: true } },
    'THIRD_PARTY_AGENT_BOOKING',
  ],
  [
    'third-party agent: unpaid reminder never sent',
    { messageType: 'RESERVATION_REMINDER', bookingUserType: 'THIRD_PARTY_AGENT', preferences: { allOtherTripNotification: true } },
    'THIRD_PARTY_AGENT_BOOKING',
  ],
  [
    'third-party agent: reservation cancellation never sent',
    { messageType: 'RESERVATION_CANCELLATION', bookingUserType: 'THIRD_PARTY_AGENT', preferences: { allOtherTripNotification: true } },
    'THIRD_PARTY_AGENT_BOOKING',
  ],
  [
    'third-party agent: trip delay never sent',
    { messageType: 'TRIP_DELAY', bookingUserType: 'THIRD_PARTY_AGENT', preferences: { allOtherTripNotification: true } },
    'THIRD_PARTY_AGENT_BOOKING',
  ],
  ['third-party agent: trip cancellation never sent', { messageType: 'TRIP_CANCELLATION', bookingUserType: 'THIRD_PARTY_AGENT' }, 'THIRD_PARTY_AGENT_BOOKING'],
  ['third-party agent: other trip update never sent', { messageType: 'TRIP_UPDATE', bookingUserType: 'THIRD_PARTY_AGENT' }, 'THIRD_PARTY_AGENT_BOOKING'],
  [
    'third-party agent: account creation never sent',
    { messageType: 'ACCOUNT_CREATION', bookingUserType: 'THIRD_PARTY_AGENT', preferences: { serviceAccountCreation: true } },
    'THIRD_PARTY_AGENT_BOOKING',
  ],
  [
    'third-party agent: a staff resend of the reservation is still refused',
    { messageType: 'RESERVATION', bookingUserType: 'THIRD_PARTY_AGENT', trigger: 'MANUAL', state: 'ISSUED' },
    'THIRD_PARTY_AGENT_BOOKING',
  ],

  // allOtherTripNotification: delay, cancellation and other trip updates (and the booking messages).
  [
    'allOtherTripNotification false suppresses a delay',
    { messageType: 'TRIP_DELAY', preferences: { allOtherTripNotification: false } },
    'TRIP_NOTIFICATIONS_DISABLED',
  ],
  [
    'allOtherTripNotification false suppresses a trip cancellation',
    { messageType: 'TRIP_CANCELLATION', preferences: { allOtherTripNotification: false } },
    'TRIP_NOTIFICATIONS_DISABLED',
  ],
  [
    'allOtherTripNotification false suppresses other trip updates',
    { messageType: 'TRIP_UPDATE', preferences: { allOtherTripNotification: false } },
    'TRIP_NOTIFICATIONS_DISABLED',
  ],
  [
    'allOtherTripNotification false suppresses the reservation message',
    { messageType: 'RESERVATION', preferences: { allOtherTripNotification: false } },
    'TRIP_NOTIFICATIONS_DISABLED',
  ],
  [
    'allOtherTripNotification false suppresses the unpaid reminder',
    { messageType: 'RESERVATION_REMINDER', preferences: { allOtherTripNotification: false } },
    'TRIP_NOTIFICATIONS_DISABLED',
  ],
  [
    'allOtherTripNotification false suppresses the reservation cancellation',
    { messageType: 'RESERVATION_CANCELLATION', preferences: { allOtherTripNotification: false } },
    'TRIP_NOTIFICATIONS_DISABLED',
  ],
  ['allOtherTripNotification false leaves the final ticket alone', { messageType: 'TICKET', preferences: { allOtherTripNotification: false } }, true],
  ['allOtherTripNotification false leaves account creation alone', { messageType: 'ACCOUNT_CREATION', preferences: { allOtherTripNotification: false } }, true],
  ['trip delay sent by default', { messageType: 'TRIP_DELAY' }, true],
  ['trip cancellation sent by default', { messageType: 'TRIP_CANCELLATION' }, true],
  ['service-agent booking: reservation message follows the preferences (sent)', { messageType: 'RESERVATION', bookingUserType: 'SERVICE_AGENT' }, true],

  // serviceAccountCreation.
  ['account creation sent by default', { messageType: 'ACCOUNT_CREATION' }, true],
  [
    'serviceAccountCreation false suppresses account creation',
    { messageType: 'ACCOUNT_CREATION', preferences: { serviceAccountCreation: false } },
    'ACCOUNT_CREATION_DISABLED',
  ],
  ['serviceAccountCreation false leaves the ticket alone', { messageType: 'TICKET', preferences: { serviceAccountCreation: false } }, true],

  // Unpaid reminders: one before the deadline, never after payment or cancellation.
  ['reminder sent for an unpaid reservation before its deadline', { messageType: 'RESERVATION_REMINDER' }, true],
  ['reminder not sent once paid', { messageType: 'RESERVATION_REMINDER', state: 'PAID' }, 'BOOKING_PAID'],
  ['reminder not sent once issued', { messageType: 'RESERVATION_REMINDER', state: 'ISSUED' }, 'BOOKING_PAID'],
  ['reminder not sent once cancelled', { messageType: 'RESERVATION_REMINDER', state: 'CANCELLED' }, 'BOOKING_CANCELLED'],
  ['reminder not sent once expired', { messageType: 'RESERVATION_REMINDER', state: 'EXPIRED' }, 'BOOKING_EXPIRED'],
  ['reminder not sent at the deadline', { messageType: 'RESERVATION_REMINDER', now: DEADLINE }, 'PAYMENT_DEADLINE_PASSED'],
  ['reminder not sent without a deadline', { messageType: 'RESERVATION_REMINDER', paymentDeadline: null }, 'PAYMENT_DEADLINE_PASSED'],

  // The booking must still be in the state the message talks about.
  ['ticket not sent before issuance', { messageType: 'TICKET', state: 'PAID' }, 'BOOKING_NOT_ISSUED'],
  ['reservation message not sent once paid', { messageType: 'RESERVATION', state: 'ISSUED' }, 'BOOKING_PAID'],
  ['reservation message not sent once cancelled', { messageType: 'RESERVATION', state: 'CANCELLED' }, 'BOOKING_CANCELLED'],
  ['cancellation message not sent for a live reservation', { messageType: 'RESERVATION_CANCELLATION', state: 'RESERVED' }, 'BOOKING_NOT_CANCELLED'],
  ['cancellation message sent when the unpaid reservation expired', { messageType: 'RESERVATION_CANCELLATION', state: 'EXPIRED' }, true],
  ['staff may resend the reservation message of an issued customer booking', { messageType: 'RESERVATION', trigger: 'MANUAL', state: 'ISSUED' }, true],
];

describe('notification rules', () => {
  it.each(ROWS)('%s', (_name, overrides, expected) => {
    const decision = decideNotification(input(overrides));
    expect(decision).toEqual(expected === true ? { send: true } : { send: false, reason: expected });
  });

  it('knows every message type', () => {
    for (const messageType of MESSAGE_TYPES) expect(() => decideNotification(input({ messageType }))).not.toThrow();
    expect(() => decideNotification(input({ messageType: 'NEWSLETTER' as never }))).toThrow(/unknown message type/);
  });
});

describe('planning deliveries', () => {
  const buyer: NotificationRecipient = { key: 'buyer', role: 'BUYER', name: 'Asha', email: 'asha@example.com', phone: '+255712000001' };
  const p1: NotificationRecipient = { key: 'passenger:1', role: 'PASSENGER', name: 'Asha', email: 'ASHA@example.com', phone: '+255712000002' };
  const p2: NotificationRecipient = { key: 'passenger:2', role: 'PASSENGER', name: 'Juma', email: null, phone: '+255712000003', pushToken: 'tok-2' };

  it('addresses buyer and passengers, one message per address and channel, skipping missing addresses', () => {
    const planned = planDeliveries({ bookingUserType: 'CUSTOMER', recipients: [buyer, p1, p2] }, ['EMAIL', 'SMS', 'PUSH']);
    expect(planned.map((d) => `${d.channel}:${d.recipient.key}`)).toEqual([
      'EMAIL:buyer',
      'SMS:buyer',
      'SMS:passenger:1',
      'SMS:passenger:2',
      'PUSH:passenger:2',
    ]);
  });

  it('never addresses the buyer of a third-party agent booking', () => {
    const planned = planDeliveries({ bookingUserType: 'THIRD_PARTY_AGENT', recipients: [buyer, p1, p2] }, ['EMAIL', 'WHATSAPP']);
    expect(planned.every((d) => d.recipient.role === 'PASSENGER')).toBe(true);
    expect(planned.map((d) => `${d.channel}:${d.recipient.key}`)).toEqual(['EMAIL:passenger:1', 'WHATSAPP:passenger:1', 'WHATSAPP:passenger:2']);
  });

  it('narrows to the requested recipients', () => {
    const planned = planDeliveries({ bookingUserType: 'CUSTOMER', recipients: [buyer, p1, p2] }, ['SMS'], ['passenger:2']);
    expect(planned.map((d) => d.recipient.key)).toEqual(['passenger:2']);
  });

  it('attaches the ticket PDF to the final ticket on email and WhatsApp only', () => {
    expect(attachesTicketDocument('TICKET', 'EMAIL')).toBe(true);
    expect(attachesTicketDocument('TICKET', 'WHATSAPP')).toBe(true);
    expect(attachesTicketDocument('TICKET', 'SMS')).toBe(false);
    expect(attachesTicketDocument('RESERVATION', 'EMAIL')).toBe(false);
  });
});

describe('reminder time', () => {
  it('is the configured lead before the deadline', () => {
    expect(reminderTime(NOW, DEADLINE, 600)).toEqual(new Date('2026-11-22T09:15:00Z'));
  });

  it('is halfway to the deadline when the window is shorter than the lead', () => {
    expect(reminderTime(NOW, DEADLINE, 3600)).toEqual(new Date('2026-11-22T09:12:30Z'));
  });

  it('is none when less than a minute is left', () => {
    expect(reminderTime(NOW, new Date(NOW.getTime() + 59_000), 600)).toBeNull();
    expect(reminderTime(NOW, new Date(NOW.getTime() - 1), 600)).toBeNull();
  });
});
