import type { Language, MessageType } from '../notification.types';

/**
 * The wording of every customer message, in English and Swahili, kept as data so it can be
 * reviewed and translated without reading rendering code.
 *
 * Template syntax, interpreted by message.renderer.ts:
 * - `{name}` is replaced by a value (see TEMPLATE_PLACEHOLDERS).
 * - `[[ ... ]]` is an optional segment: it is dropped when any placeholder inside it has no
 *   value, so a message never shows "Total: ." for a booking without a total.
 * - `[[ primary || fallback ]]` uses the fallback when the primary cannot be filled.
 * Segments do not nest. Blank paragraphs are dropped; `\n` inside a paragraph is a line break.
 */

export const TEMPLATE_PLACEHOLDERS = ['name', 'reference', 'deadline', 'total', 'journey', 'update'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export interface MessageTemplate {
  emailSubject: string;
  /** Plain-text paragraphs. */
  emailBody: string[];
  /** SMS, WhatsApp and the push body: keep it under 300 characters once filled. */
  shortText: string;
  pushTitle: string;
  /** What {update} says when the booking carries no update text. */
  updateFallback?: string;
}

export const BRAND_NAME = 'Safiri';

/** The closing line of every email, after the body. */
export const EMAIL_FOOTER: Record<Language, string> = {
  en: 'You are receiving this message because of a booking made with Safiri. Please do not reply to this email.',
  sw: 'Umepokea ujumbe huu kwa sababu ya uhifadhi uliofanywa kupitia Safiri. Tafadhali usijibu barua pepe hii.',
};

export const MESSAGE_TEMPLATES: Record<MessageType, Record<Language, MessageTemplate>> = {
  TICKET: {
    en: {
      emailSubject: 'Your Safiri ticket – booking {reference}',
      emailBody: [
        'Hello[[ {name}]],',
        'Your booking {reference} is confirmed and your ticket is ready.[[ Total paid: {total}.]]',
        '[[Your journey:\n{journey}]]',
        'Your ticket is attached to this email. Please show it, on your phone or printed, together with a valid ID when you board.',
        'Safe travels,\nThe Safiri team',
      ],
      shortText:
        'Safiri: Hello[[ {name}]], your ticket for booking {reference} is confirmed.[[ {journey}.]] Show this message or your e-ticket with a valid ID when you board.',
      pushTitle: 'Your ticket is ready',
    },
    sw: {
      emailSubject: 'Tiketi yako ya Safiri – uhifadhi {reference}',
      emailBody: [
        'Habari[[ {name}]],',
        'Uhifadhi wako {reference} umethibitishwa na tiketi yako iko tayari.[[ Jumla iliyolipwa: {total}.]]',
        '[[Safari yako:\n{journey}]]',
        'Tiketi yako imeambatishwa kwenye barua pepe hii. Tafadhali ionyeshe, kwenye simu au ikiwa imechapishwa, pamoja na kitambulisho halali wakati wa kupanda.',
        'Safari njema,\nTimu ya Safiri',
      ],
      shortText:
        'Safiri: Habari[[ {name}]], tiketi yako ya uhifadhi {reference} imethibitishwa.[[ {journey}.]] Onyesha ujumbe huu au tiketi yako pamoja na kitambulisho halali wakati wa kupanda.',
      pushTitle: 'Tiketi yako iko tayari',
    },
  },

  RESERVATION: {
    en: {
      emailSubject: 'Booking {reference} is reserved – please pay to confirm',
      emailBody: [
        'Hello[[ {name}]],',
        'Your seat is reserved under booking {reference}.[[ Amount due: {total}.]]',
        '[[Your journey:\n{journey}]]',
        '[[Please pay before {deadline} to confirm your booking. Unpaid reservations are released automatically after that time.||Please pay soon to confirm your booking. Unpaid reservations are released automatically.]]',
        'Thank you for choosing Safiri,\nThe Safiri team',
      ],
      shortText:
        'Safiri: Hello[[ {name}]], your seat is reserved, booking {reference}.[[ {journey}.]][[ Amount due: {total}.]] [[Please pay before {deadline} to confirm.||Please pay soon to confirm.]]',
      pushTitle: 'Seat reserved – pay to confirm',
    },
    sw: {
      emailSubject: 'Nafasi yako imehifadhiwa – uhifadhi {reference}',
      emailBody: [
        'Habari[[ {name}]],',
        'Nafasi yako imehifadhiwa kwa namba ya uhifadhi {reference}.[[ Kiasi cha kulipa: {total}.]]',
        '[[Safari yako:\n{journey}]]',
        '[[Tafadhali lipia kabla ya {deadline} ili kuthibitisha uhifadhi wako. Nafasi ambazo hazijalipiwa huachiliwa moja kwa moja baada ya muda huo.||Tafadhali lipia mapema ili kuthibitisha uhifadhi wako. Nafasi ambazo hazijalipiwa huachiliwa moja kwa moja.]]',
        'Asante kwa kuchagua Safiri,\nTimu ya Safiri',
      ],
      shortText:
        'Safiri: Habari[[ {name}]], nafasi yako imehifadhiwa, namba ya uhifadhi {reference}.[[ {journey}.]][[ Kiasi: {total}.]] [[Tafadhali lipia kabla ya {deadline} ili kuthibitisha.||Tafadhali lipia mapema ili kuthibitisha.]]',
      pushTitle: 'Nafasi imehifadhiwa – lipia kuthibitisha',
    },
  },

  RESERVATION_REMINDER: {
    en: {
      emailSubject: 'Reminder: please pay for booking {reference}[[ before {deadline}]]',
      emailBody: [
        'Hello[[ {name}]],',
        'This is a reminder that booking {reference} is reserved but not yet paid.[[ Amount due: {total}.]]',
        '[[Your journey:\n{journey}]]',
        '[[Please pay before {deadline}, otherwise the reservation will be cancelled and the seats released.||Please pay soon, otherwise the reservation will be cancelled and the seats released.]]',
        'If you have already paid, please ignore this message.',
        'Thank you,\nThe Safiri team',
      ],
      shortText:
        'Safiri: Hello[[ {name}]], a reminder that booking {reference} is not paid yet.[[ Amount due: {total}.]] [[Please pay before {deadline} or it will be cancelled.||Please pay soon or it will be cancelled.]]',
      pushTitle: 'Payment reminder',
    },
    sw: {
      emailSubject: 'Kumbusho: tafadhali lipia uhifadhi {reference}[[ kabla ya {deadline}]]',
      emailBody: [
        'Habari[[ {name}]],',
        'Huu ni ukumbusho kwamba uhifadhi {reference} umehifadhiwa lakini bado haujalipiwa.[[ Kiasi cha kulipa: {total}.]]',
        '[[Safari yako:\n{journey}]]',
        '[[Tafadhali lipia kabla ya {deadline}, vinginevyo uhifadhi utaghairiwa na viti vitaachiliwa.||Tafadhali lipia mapema, vinginevyo uhifadhi utaghairiwa na viti vitaachiliwa.]]',
        'Kama umeshalipa, tafadhali puuza ujumbe huu.',
        'Asante,\nTimu ya Safiri',
      ],
      shortText:
        'Safiri: Habari[[ {name}]], tunakukumbusha kwamba uhifadhi {reference} bado haujalipiwa.[[ Kiasi: {total}.]] [[Tafadhali lipia kabla ya {deadline} la sivyo utaghairiwa.||Tafadhali lipia mapema la sivyo utaghairiwa.]]',
      pushTitle: 'Kumbusho la malipo',
    },
  },

  RESERVATION_CANCELLATION: {
    en: {
      emailSubject: 'Booking {reference} has been cancelled',
      emailBody: [
        'Hello[[ {name}]],',
        'Your reservation {reference} has been cancelled and the seats have been released.',
        '[[The cancelled booking was for:\n{journey}]]',
        'If you did not expect this, or you still wish to travel, you are welcome to make a new booking with Safiri at any time.',
        'The Safiri team',
      ],
      shortText:
        'Safiri: Hello[[ {name}]], your reservation {reference} has been cancelled and the seats released.[[ {journey}.]] You are welcome to book again with Safiri.',
      pushTitle: 'Reservation cancelled',
    },
    sw: {
      emailSubject: 'Uhifadhi {reference} umeghairiwa',
      emailBody: [
        'Habari[[ {name}]],',
        'Uhifadhi wako {reference} umeghairiwa na viti vimeachiliwa.',
        '[[Uhifadhi ulioghairiwa ulikuwa wa:\n{journey}]]',
        'Kama hukutarajia hili, au bado ungependa kusafiri, karibu ufanye uhifadhi mpya kupitia Safiri wakati wowote.',
        'Timu ya Safiri',
      ],
      shortText: 'Safiri: Habari[[ {name}]], uhifadhi wako {reference} umeghairiwa na viti vimeachiliwa.[[ {journey}.]] Karibu uhifadhi tena kupitia Safiri.',
      pushTitle: 'Uhifadhi umeghairiwa',
    },
  },

  TRIP_DELAY: {
    en: {
      emailSubject: 'Your trip is delayed – booking {reference}',
      emailBody: [
        'Hello[[ {name}]],',
        'There is a delay affecting your trip on booking {reference}.',
        '{update}',
        '[[Your journey as booked:\n{journey}]]',
        'We apologise for the inconvenience. Your ticket remains valid.',
        'The Safiri team',
      ],
      shortText: 'Safiri: Hello[[ {name}]], your trip on booking {reference} is delayed.[[ {journey}.]] {update}',
      pushTitle: 'Trip delayed',
      updateFallback: 'We will share the new departure time as soon as it is confirmed.',
    },
    sw: {
      emailSubject: 'Safari yako imechelewa – uhifadhi {reference}',
      emailBody: [
        'Habari[[ {name}]],',
        'Kuna ucheleweshaji unaoathiri safari yako ya uhifadhi {reference}.',
        '{update}',
        '[[Safari yako kama ilivyohifadhiwa:\n{journey}]]',
        'Tunaomba radhi kwa usumbufu huu. Tiketi yako bado ni halali.',
        'Timu ya Safiri',
      ],
      shortText: 'Safiri: Habari[[ {name}]], safari yako ya uhifadhi {reference} imechelewa.[[ {journey}.]] {update}',
      pushTitle: 'Safari imechelewa',
      updateFallback: 'Tutakujulisha muda mpya wa kuondoka mara tu utakapothibitishwa.',
    },
  },

  TRIP_CANCELLATION: {
    en: {
      emailSubject: 'Your trip has been cancelled – booking {reference}',
      emailBody: [
        'Hello[[ {name}]],',
        'We are sorry to tell you that the trip on booking {reference} has been cancelled by the operator.',
        '[[Cancelled journey:\n{journey}]]',
        '{update}',
        'We apologise for the inconvenience.',
        'The Safiri team',
      ],
      shortText: 'Safiri: Hello[[ {name}]], we are sorry, your trip on booking {reference} has been cancelled.[[ {journey}.]] {update}',
      pushTitle: 'Trip cancelled',
      updateFallback: 'Our team will contact you about a refund or an alternative trip.',
    },
    sw: {
      emailSubject: 'Safari yako imeghairiwa – uhifadhi {reference}',
      emailBody: [
        'Habari[[ {name}]],',
        'Tunasikitika kukujulisha kwamba safari ya uhifadhi {reference} imeghairiwa na mtoa huduma.',
        '[[Safari iliyoghairiwa:\n{journey}]]',
        '{update}',
        'Tunaomba radhi kwa usumbufu huu.',
        'Timu ya Safiri',
      ],
      shortText: 'Safiri: Habari[[ {name}]], samahani, safari yako ya uhifadhi {reference} imeghairiwa.[[ {journey}.]] {update}',
      pushTitle: 'Safari imeghairiwa',
      updateFallback: 'Timu yetu itawasiliana nawe kuhusu kurejeshewa pesa au safari mbadala.',
    },
  },

  TRIP_UPDATE: {
    en: {
      emailSubject: 'Update to your trip – booking {reference}',
      emailBody: [
        'Hello[[ {name}]],',
        'There is an update to your trip on booking {reference}:',
        '{update}',
        '[[Your journey:\n{journey}]]',
        'Your ticket remains valid unless we tell you otherwise.',
        'The Safiri team',
      ],
      shortText: 'Safiri: Hello[[ {name}]], there is an update to your trip on booking {reference}.[[ {journey}.]] {update}',
      pushTitle: 'Trip update',
      updateFallback: 'The details of your trip have changed. Please check the latest details in the Safiri app.',
    },
    sw: {
      emailSubject: 'Taarifa mpya kuhusu safari yako – uhifadhi {reference}',
      emailBody: [
        'Habari[[ {name}]],',
        'Kuna taarifa mpya kuhusu safari yako ya uhifadhi {reference}:',
        '{update}',
        '[[Safari yako:\n{journey}]]',
        'Tiketi yako bado ni halali isipokuwa tukikujulisha vinginevyo.',
        'Timu ya Safiri',
      ],
      shortText: 'Safiri: Habari[[ {name}]], kuna taarifa mpya kuhusu safari yako ya uhifadhi {reference}.[[ {journey}.]] {update}',
      pushTitle: 'Taarifa ya safari',
      updateFallback: 'Maelezo ya safari yako yamebadilika. Tafadhali angalia taarifa za hivi punde kwenye programu ya Safiri.',
    },
  },

  ACCOUNT_CREATION: {
    en: {
      emailSubject: 'Welcome to Safiri',
      emailBody: [
        'Hello[[ {name}]],',
        'Welcome to Safiri! An account has been created for you.',
        'Sign in with this email address to see your bookings and tickets and to receive trip updates.',
        'If you did not expect this message, please contact Safiri customer support.',
        'The Safiri team',
      ],
      shortText: 'Welcome to Safiri[[, {name}]]! An account has been created for you. Sign in to Safiri to see your bookings and tickets.',
      pushTitle: 'Welcome to Safiri',
    },
    sw: {
      emailSubject: 'Karibu Safiri',
      emailBody: [
        'Habari[[ {name}]],',
        'Karibu Safiri! Akaunti imefunguliwa kwa ajili yako.',
        'Ingia kwa kutumia barua pepe hii ili kuona uhifadhi na tiketi zako, na kupokea taarifa za safari.',
        'Kama hukutarajia ujumbe huu, tafadhali wasiliana na huduma kwa wateja ya Safiri.',
        'Timu ya Safiri',
      ],
      shortText: 'Karibu Safiri[[, {name}]]! Akaunti imefunguliwa kwa ajili yako. Ingia kwenye Safiri kuona uhifadhi na tiketi zako.',
      pushTitle: 'Karibu Safiri',
    },
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    en: {
      emailSubject: 'A Safiri webhook endpoint was disabled',
      emailBody: [
        'Hello[[ {name}]],',
        'One of your Safiri webhook endpoints was disabled: every delivery to it failed for 72 hours.',
        'GET /api/webhooks shows which one and its last error. Fix the receiver, then enable it again with PATCH /api/webhooks/<id> and redeliver the events it missed from its deliveries list.',
        'The Safiri team',
      ],
      shortText: 'Safiri: Hello[[ {name}]], one of your webhook endpoints was disabled after 72 hours of failed deliveries. See GET /api/webhooks.',
      pushTitle: 'Webhook endpoint disabled',
    },
    sw: {
      emailSubject: 'Kituo cha webhook cha Safiri kimezimwa',
      emailBody: [
        'Habari[[ {name}]],',
        'Kimojawapo cha vituo vyako vya webhook vya Safiri kimezimwa: kila jaribio la kukifikia lilishindwa kwa saa 72.',
        'GET /api/webhooks inaonyesha ni kipi na hitilafu yake ya mwisho. Rekebisha kipokezi, kisha kiwashe tena kwa PATCH /api/webhooks/<id> na utume upya matukio yaliyokosekana kutoka kwenye orodha ya uwasilishaji.',
        'Timu ya Safiri',
      ],
      shortText: 'Safiri: Habari[[ {name}]], kituo chako kimoja cha webhook kimezimwa baada ya saa 72 za uwasilishaji ulioshindwa. Angalia GET /api/webhooks.',
      pushTitle: 'Webhook imezimwa',
    },
  },
};
