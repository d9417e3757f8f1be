import {
  MESSAGE_TYPES,
  NOTIFICATION_CHANNELS,
  type Language,
  type MessageType,
  type NotificationBooking,
  type NotificationChannel,
  type NotificationRecipient,
} from '../notification.types';
import { formatDeadline, renderMessage, type RenderedMessage } from './message.renderer';
import { MESSAGE_TEMPLATES, TEMPLATE_PLACEHOLDERS } from './message-templates.data';

const LANGUAGES: Language[] = ['en', 'sw'];
const NOW = new Date('2026-11-20T06:00:00Z');

const recipient: NotificationRecipient = {
  key: 'buyer',
  role: 'BUYER',
  name: 'Amina Juma',
  email: 'amina@example.co.tz',
  phone: '+255712345678',
  pushToken: 'push-token-1',
};

function typicalBooking(overrides: Partial<NotificationBooking> = {}): NotificationBooking {
  return {
    kind: 'train',
    id: 'b-1',
    reference: 'SGR-7K2M9Q',
    bookingUserType: 'CUSTOMER',
    state: 'RESERVED',
    paymentDeadline: new Date('2026-11-22T11:30:00Z'),
    preferences: {},
    language: 'en',
    recipients: [recipient],
    journey: [{ description: 'SGR Express Dar es Salaam to Morogoro', departure: '22 Nov 2026, 08:00', arrival: '22 Nov 2026, 09:50' }],
    total: 'TZS 120,000',
    updateText: 'New departure time 10:15 EAT because of track maintenance.',
    ...overrides,
  };
}

/** A booking with every optional value missing. */
function bareBooking(language: Language): NotificationBooking {
  return typicalBooking({ language, paymentDeadline: null, journey: [], total: null, updateText: null });
}

function render(messageType: MessageType, channel: NotificationChannel, booking: NotificationBooking, who: NotificationRecipient = recipient): RenderedMessage {
  return renderMessage({ booking, recipient: who, messageType, channel, now: NOW });
}

function allParts(m: RenderedMessage): string[] {
  return [m.subject, m.text, m.html].filter((s): s is string => s !== undefined);
}

const CASES = MESSAGE_TYPES.flatMap((type) => LANGUAGES.flatMap((language) => NOTIFICATION_CHANNELS.map((channel) => [type, language, channel] as const)));

describe('renderMessage: every type, language and channel', () => {
  it.each(CASES)('%s / %s / %s fills every placeholder', (type, language, channel) => {
    for (const booking of [typicalBooking({ language }), bareBooking(language)]) {
      const m = render(type, channel, booking);
      expect(m.text.trim().length).toBeGreaterThan(20);
      for (const part of allParts(m)) {
        expect(part).not.toMatch(/[{}]|\[\[|\]\]|\|\|/);
        expect(part).not.toContain('undefined');
        expect(part).not.toContain('null');
        expect(part).not.toMatch(/ {2}/);
      }
    }
  });

  // The account-creation welcome is about the account, not a booking: it names no reference.
  it.each(CASES)('%s / %s / %s names the recipient and the booking', (type, language, channel) => {
    const m = render(type, channel, typicalBooking({ language }));
    // Messages about the account itself name no booking.
    const bookingMessage = type !== 'ACCOUNT_CREATION' && type !== 'WEBHOOK_ENDPOINT_DISABLED';
    expect(m.text).toContain('Amina Juma');
    expect(m.text.includes('SGR-7K2M9Q')).toBe(bookingMessage);
    if (channel === 'EMAIL') {
      expect(m.html).toContain('Amina Juma');
      expect(m.html!.includes('SGR-7K2M9Q')).toBe(bookingMessage);
    }
  });

  it.each(MESSAGE_TYPES.flatMap((type) => NOTIFICATION_CHANNELS.map((channel) => [type, channel] as const)))(
    '%s / %s reads differently in Swahili',
    (type, channel) => {
      const en = render(type, channel, typicalBooking({ language: 'en' }));
      const sw = render(type, channel, typicalBooking({ language: 'sw' }));
      expect(sw.text).not.toEqual(en.text);
      if (en.subject !== undefined) expect(sw.subject).not.toEqual(en.subject);
      if (en.html !== undefined) expect(sw.html).not.toEqual(en.html);
    },
  );

  it.each(MESSAGE_TYPES.flatMap((type) => LANGUAGES.map((language) => [type, language] as const)))(
    '%s / %s SMS stays under 300 characters for a typical booking',
    (type, language) => {
      const m = render(type, 'SMS', typicalBooking({ language }));
      expect(m.text.length).toBeLessThan(300);
    },
  );
});

describe('renderMessage: channel shapes', () => {
  it('gives email a subject, text and html', () => {
    const m = render('TICKET', 'EMAIL', typicalBooking());
    expect(m.subject).toBe('Your Safiri ticket – booking SGR-7K2M9Q');
    expect(m.text).toContain('Your booking SGR-7K2M9Q is confirmed');
    expect(m.html).toMatch(/^<!DOCTYPE html>/);
    expect(m.html).toContain('<p style="');
    expect(m.html).toContain('Your booking SGR-7K2M9Q is confirmed');
  });

  it('gives SMS and WhatsApp only the short text', () => {
    for (const channel of ['SMS', 'WHATSAPP'] as const) {
      const m = render('TICKET', channel, typicalBooking());
      expect(m.subject).toBeUndefined();
      expect(m.html).toBeUndefined();
      expect(m.text).toMatch(/^Safiri: Hello Amina Juma, your ticket for booking SGR-7K2M9Q is confirmed\./);
    }
  });

  it('gives push the push title as subject and the short text as body', () => {
    const en = render('TICKET', 'PUSH', typicalBooking());
    expect(en.subject).toBe('Your ticket is ready');
    expect(en.text).toBe(render('TICKET', 'WHATSAPP', typicalBooking()).text);
    expect(en.html).toBeUndefined();
    expect(render('TICKET', 'PUSH', typicalBooking({ language: 'sw' })).subject).toBe('Tiketi yako iko tayari');
  });
});

describe('renderMessage: values', () => {
  it('shows the payment deadline in East Africa Time', () => {
    const email = render('RESERVATION', 'EMAIL', typicalBooking());
    expect(email.text).toContain('Please pay before 22 Nov 2026, 14:30 EAT');
    expect(email.text).not.toContain('11:30');
    const sms = render('RESERVATION', 'SMS', typicalBooking({ language: 'sw' }));
    expect(sms.text).toContain('Tafadhali lipia kabla ya 22 Nov 2026, 14:30 EAT');
  });

  it('formats the deadline the same whatever the machine time zone', () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(formatDeadline(new Date('2026-11-22T11:30:00Z'))).toBe('22 Nov 2026, 14:30 EAT');
      process.env.TZ = 'America/Los_Angeles';
      expect(formatDeadline(new Date('2026-11-22T22:05:00Z'))).toBe('23 Nov 2026, 01:05 EAT');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('joins journey lines as "description, departure → arrival"', () => {
    const booking = typicalBooking({
      journey: [
        { description: 'SGR Express Dar es Salaam to Morogoro', departure: '22 Nov 2026, 08:00', arrival: '22 Nov 2026, 09:50' },
        { description: 'Bus Morogoro to Iringa', departure: '22 Nov 2026, 11:00', arrival: null },
      ],
    });
    const email = render('TICKET', 'EMAIL', booking);
    expect(email.text).toContain('SGR Express Dar es Salaam to Morogoro, 22 Nov 2026, 08:00 → 22 Nov 2026, 09:50\nBus Morogoro to Iringa, 22 Nov 2026, 11:00');
    expect(email.html).toContain('22 Nov 2026, 09:50<br>Bus Morogoro to Iringa');
    const whatsapp = render('TICKET', 'WHATSAPP', booking);
    expect(whatsapp.text).toContain('08:00 → 22 Nov 2026, 09:50; Bus Morogoro to Iringa, 22 Nov 2026, 11:00.');
  });

  it('keeps SMS in the GSM alphabet by writing the journey arrow as a hyphen', () => {
    const sms = render('TICKET', 'SMS', typicalBooking());
    expect(sms.text).toContain('22 Nov 2026, 08:00 - 22 Nov 2026, 09:50');
    expect(sms.text).not.toContain('→');
  });

  it('includes the total when there is one and leaves it out cleanly when not', () => {
    expect(render('RESERVATION', 'EMAIL', typicalBooking()).text).toContain('Amount due: TZS 120,000.');
    const without = render('RESERVATION', 'EMAIL', typicalBooking({ total: null }));
    expect(without.text).not.toContain('Amount due');
    expect(without.text).toContain('Your seat is reserved under booking SGR-7K2M9Q.\n');
  });

  it('falls back to a generic payment request when there is no deadline', () => {
    const en = render('RESERVATION', 'SMS', typicalBooking({ paymentDeadline: null }));
    expect(en.text).toContain('Please pay soon to confirm.');
    expect(en.text).not.toContain('EAT');
    const sw = render('RESERVATION_REMINDER', 'EMAIL', typicalBooking({ language: 'sw', paymentDeadline: null }));
    expect(sw.subject).toBe('Kumbusho: tafadhali lipia uhifadhi SGR-7K2M9Q');
    expect(sw.text).toContain('Tafadhali lipia mapema');
  });

  it('uses the update text, or a generic phrase for the trip type', () => {
    expect(render('TRIP_DELAY', 'SMS', typicalBooking()).text).toContain('New departure time 10:15 EAT because of track maintenance.');
    const fallback = render('TRIP_DELAY', 'SMS', typicalBooking({ updateText: '  ' }));
    expect(fallback.text).toContain('We will share the new departure time as soon as it is confirmed.');
    const cancelled = render('TRIP_CANCELLATION', 'EMAIL', typicalBooking({ language: 'sw', updateText: null }));
    expect(cancelled.text).toContain('Timu yetu itawasiliana nawe kuhusu kurejeshewa pesa au safari mbadala.');
  });

  it('greets without a name when the recipient has none', () => {
    const m = render('TICKET', 'EMAIL', typicalBooking(), { ...recipient, name: '' });
    expect(m.text).toMatch(/^Hello,\n/);
    expect(render('ACCOUNT_CREATION', 'SMS', typicalBooking({ language: 'sw' }), { ...recipient, name: ' ' }).text).toMatch(/^Karibu Safiri! /);
  });

  it('dates the email footer in East Africa Time', () => {
    const m = renderMessage({
      booking: typicalBooking(),
      recipient,
      messageType: 'TICKET',
      channel: 'EMAIL',
      now: new Date('2026-12-31T22:00:00Z'),
    });
    expect(m.text).toContain('© 2027 Safiri');
  });
});

describe('renderMessage: Swahili wording', () => {
  it('uses natural Swahili for the key messages', () => {
    const sw = (type: MessageType, channel: NotificationChannel): RenderedMessage => render(type, channel, typicalBooking({ language: 'sw' }));
    expect(sw('TICKET', 'EMAIL').subject).toBe('Tiketi yako ya Safiri – uhifadhi SGR-7K2M9Q');
    expect(sw('RESERVATION', 'EMAIL').subject).toBe('Nafasi yako imehifadhiwa – uhifadhi SGR-7K2M9Q');
    expect(sw('RESERVATION', 'EMAIL').text).toContain('Tafadhali lipia kabla ya 22 Nov 2026, 14:30 EAT');
    expect(sw('RESERVATION_CANCELLATION', 'SMS').text).toContain('uhifadhi wako SGR-7K2M9Q umeghairiwa');
    expect(sw('TRIP_CANCELLATION', 'PUSH').subject).toBe('Safari imeghairiwa');
    expect(sw('ACCOUNT_CREATION', 'EMAIL').subject).toBe('Karibu Safiri');
    expect(sw('TICKET', 'EMAIL').html).toContain('<html lang="sw">');
  });

  it('falls back to English for a language it does not have', () => {
    const m = render('TICKET', 'PUSH', typicalBooking({ language: 'fr' as Language }));
    expect(m.subject).toBe('Your ticket is ready');
  });
});

describe('renderMessage: safety', () => {
  it('escapes every interpolated value in the html', () => {
    const attacker = { ...recipient, name: '<script>alert(1)</script>' };
    const booking = typicalBooking({
      journey: [{ description: 'Dar & "Moro" <b>', departure: '08:00', arrival: null }],
      total: "TZS <img src=x onerror='x'>",
    });
    for (const type of MESSAGE_TYPES) {
      const m = render(type, 'EMAIL', booking, attacker);
      expect(m.html).not.toContain('<script>');
      expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(m.html).not.toContain('<img');
      expect(m.html).not.toContain('<b>');
      expect(m.text).toContain('<script>alert(1)</script>');
    }
    const ticket = render('TICKET', 'EMAIL', booking, attacker);
    expect(ticket.html).toContain('Dar &amp; &quot;Moro&quot; &lt;b&gt;');
    expect(ticket.html).toContain('TZS &lt;img src=x onerror=&#39;x&#39;&gt;');
  });

  it('does not expand placeholders that arrive inside values', () => {
    const m = render('TICKET', 'SMS', typicalBooking(), { ...recipient, name: '{reference}' });
    expect(m.text).toContain('Hello {reference},');
  });

  it('throws a clear error for an unknown message type', () => {
    expect(() => render('BOARDING_PASS' as MessageType, 'EMAIL', typicalBooking())).toThrow('No message template for message type "BOARDING_PASS"');
  });

  it('uses only known placeholders and well-formed optional segments in every template', () => {
    const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
    for (const type of MESSAGE_TYPES) {
      for (const language of LANGUAGES) {
        const t = MESSAGE_TEMPLATES[type][language];
        for (const s of [t.emailSubject, t.shortText, t.pushTitle, ...t.emailBody]) {
          for (const m of s.matchAll(/\{(\w*)\}/g)) expect(known).toContain(m[1]);
          const withoutSegments = s.replace(/\[\[[^\]]*\]\]/g, '');
          expect(withoutSegments).not.toMatch(/\[\[|\]\]|\|\|/);
        }
      }
    }
  });
});
