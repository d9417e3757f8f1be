import { z } from 'zod';
import { CurrencyCode, DateTime, FreeObject, LocalDate, MoneyAmount } from './common.schemas';
import { TrainStation } from './platform.schemas';

/*
 * The train resources (OpenAPI tag Train) as the REST layer answers and accepts them. Members the
 * spec leaves untyped are typed as we send them; members we send beyond the spec say so ("Extension").
 * Optional string members are omitted when absent, never null; `.nullable()` only where the spec allows null.
 */

const Count = z.number().int().min(0);
const Time = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .meta({ description: 'HH:mm, railway-local.', example: '06:00' });

// ---- Price -------------------------------------------------------------------------------------------------

export const TrainFee = z
  .object({
    type: z.enum(['TRANSPORTER', 'FACILITATION', 'SERVICE_COMMISSION']),
    amount: MoneyAmount.meta({ description: 'Zero components are included as 0.' }),
    recipient: z.enum(['RAIL', 'SERVICE_AGENT', 'SERVICE']),
  })
  .meta({ id: 'TrainFee', description: 'One component of a train price; the amounts of fees[] sum to grandTotal.' });

const TrainFareDisplay = z
  .object({
    amount: z.number().meta({ description: 'The fare only, in the base currency (no rate was available).' }),
    formatted: z.string().meta({ example: 'TZS 22,500' }),
  })
  .meta({ id: 'TrainFareDisplay', description: 'An otherCurrencies entry that could not be converted: clients then show baseCurrency.' });

const TrainConvertedPrice = z
  .object({
    amount: z.number().meta({ description: 'The fare only (= total), in this currency.' }),
    formatted: z.string().meta({ example: 'USD 8.49' }),
    currency: CurrencyCode,
    total: MoneyAmount,
    bookingFeeTotal: MoneyAmount,
    grandTotal: MoneyAmount,
    fees: z.array(TrainFee),
  })
  .meta({
    id: 'TrainConvertedPrice',
    description:
      "An otherCurrencies entry with a rate: each component converted and rounded on its own (the currency's decimals), totals summed from the rounded components.",
  });

const TrainOtherCurrencies = z
  .record(CurrencyCode, z.union([TrainConvertedPrice, TrainFareDisplay]))
  .meta({ description: 'By currency code: the fare in each display currency.' });

export const TrainPrice = z
  .object({
    pricingContext: z.enum(['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT']),
    currency: CurrencyCode.meta({ description: 'Base fare currency; current fares are TZS.' }),
    total: MoneyAmount.meta({ description: 'Operator fare; included in the wallet debit.' }),
    bookingFeeTotal: MoneyAmount.meta({ description: 'Service-controlled fees above the fare.' }),
    grandTotal: MoneyAmount.meta({ description: 'Debited from an agent wallet per ticket; excludes any retail markup.' }),
    fees: z.array(TrainFee),
    baseCurrency: CurrencyCode,
    basePrice: MoneyAmount.meta({ description: 'The fare in baseCurrency; the settlement figure.' }),
    otherCurrencies: TrainOtherCurrencies,
  })
  .meta({ id: 'TrainPrice', description: 'train-bus-admin.md "Train price".' });

// ---- Search item ------------------------------------------------------------------------------------------

const TrainTripInfo = z
  .object({
    id: z.number().int(),
    name: z.string(),
    number: z.string(),
    trainSetId: z.number().int(),
    timeTableId: z.number().int(),
    timeTableTrainSetId: z.number().int().meta({ description: "Names one day's train: send it back to details and holds." }),
    gtfsTripId: z.string().nullable(),
    headsign: z.string().nullable(),
    wheelchairAccessible: z.number().int().nullable(),
    bikesAllowed: z.number().int().nullable(),
  })
  .meta({ id: 'TrainTripInfo' });

const TrainRoute = z.object({ id: z.number().int(), gtfsRouteId: z.string(), name: z.string() }).meta({ id: 'TrainRoute' });

const TrainCallingPoint = z
  .object({
    date: LocalDate,
    time: Time,
    dateTime: DateTime,
    // The station as the station list gives it (OpenAPI schema `TrainStation`, `listTrainStations`).
    stop: TrainStation,
  })
  .meta({ id: 'TrainCallingPoint' });

const TrainStopTime = z
  .object({
    stopId: z.string(),
    stopSequence: z.number().int(),
    arrivalTime: Time.optional().meta({ description: 'HH:mm; absent at the first stop (the train starts there).' }),
    departureTime: Time.optional().meta({ description: 'HH:mm; absent at the last stop (the train ends there).' }),
    stopName: z.string(),
    stopDescription: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'TrainStopTime' });

const TrainSearchCar = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    orderNo: z.number().int(),
    typeId: z.number().int(),
    typeName: z.string(),
    capacity: Count,
    standardSeatCapacity: Count,
    disabledSeatCapacity: Count,
    emptySeats: Count,
    emptyStandardSeats: Count,
    emptyDisabledSeats: Count,
    hasSeat: z.boolean(),
    bookedSeats: z.array(z.string()).meta({ description: 'Provider metadata; never personal data.' }),
  })
  .meta({ id: 'TrainSearchCar', description: 'train-bus-admin.md "Railway car (search)".' });

const TransitAgency = z
  .object({
    name: z.string(),
    tradingName: z.string().nullable().meta({ description: 'Null when the company has none, as in the company list.' }),
    tinNumber: z.string(),
    uuid: z.uuid(),
    phoneNumber: z.string().nullable().meta({ description: 'As the company record holds it; null when unknown.' }),
    email: z.string().nullable().meta({ description: 'As the company record holds it; null when unknown.' }),
    website: z.string().nullable().meta({ description: 'As the company record holds it; null when unknown.' }),
    type: z.string().meta({ example: 'RAIL' }),
    logos: z.array(z.object({ type: z.string(), url: z.string() })),
  })
  .meta({ id: 'TrainTransitAgency', description: 'The operator: the company of the admin service (the company list form) with type and logos.' });

export const TrainTrip = z
  .object({
    provider: z.string().meta({ description: 'Current value RAIL_SGR.' }),
    trip: TrainTripInfo,
    route: TrainRoute,
    departure: TrainCallingPoint,
    arrival: TrainCallingPoint,
    price: TrainPrice,
    stopTimes: z.array(TrainStopTime).nullable().meta({ description: 'Null when stop-time enrichment is unavailable.' }),
    cars: z.array(TrainSearchCar),
    carTypes: z.array(z.string()).meta({ description: 'Deduplicated cabin list derived from cars.' }),
    transitAgency: TransitAgency,
  })
  .meta({ id: 'TrainTrip', description: 'A train search result (`data[]` item): send it whole to details.' });

const TrainAvailability = z
  .object({
    status: z.enum(['RESULTS_FOUND', 'NO_RESULTS']).meta({ description: 'Describes the requested date.' }),
    requestedDate: LocalDate,
    serviceDate: LocalDate.meta({ description: "The railway's current date when the request started." }),
    serviceTimeZone: z.string(),
    lookAhead: z.object({
      requestedDays: z.number().int().min(1).max(3),
      status: z.enum(['NOT_NEEDED', 'FOUND', 'NO_RESULTS', 'INCOMPLETE']),
      firstDate: LocalDate.nullable(),
      confirmedThroughDate: LocalDate.nullable(),
    }),
    next: z.object({ date: LocalDate }).nullable().meta({ description: 'The suggested date when lookAhead.status is FOUND; null otherwise.' }),
  })
  .meta({ id: 'TrainAvailability', description: 'Present only when lookAheadDays was supplied.' });

export const TrainSearchResponse = z
  .object({
    meta: z.object({
      count: Count.meta({ description: 'Trains for the requested date only.' }),
      provider: z.string(),
      links: z.object({
        self: z.url(),
        nextAvailable: z.url().optional().meta({ description: 'Only when lookAhead.status is FOUND: the same search on the suggested date.' }),
      }),
      availability: TrainAvailability.optional(),
      createdAt: DateTime,
    }),
    data: z.array(TrainTrip).meta({ description: 'Trains on the requested date; empty when the completed search found none.' }),
  })
  .meta({ id: 'TrainSearchResponse' });

// ---- Details ----------------------------------------------------------------------------------------------

const TrainCarPrice = z
  .object({
    ticketTypeId: z.number().int().meta({ description: '4 adult, 3 child.' }),
    ticketTypeCode: z.string(),
    ticketTypeName: z.string(),
    pricingContext: z.enum(['ONLINE', 'SERVICE_AGENT', 'THIRD_PARTY_AGENT']),
    total: MoneyAmount,
    bookingFeeTotal: MoneyAmount,
    grandTotal: MoneyAmount,
    fees: z.array(TrainFee),
    formattedPrice: z.string().meta({ example: 'TZS 40,000' }),
    currency: CurrencyCode,
    otherCurrencies: TrainOtherCurrencies,
    luggageTypeId: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The luggage option priced in (5 = none); absent when the provider offers no "none" option.' }),
    luggageTypeName: z.string().optional().meta({ description: 'Absent with luggageTypeId.' }),
    luggagePrice: z.number(),
  })
  .meta({ id: 'TrainCarPrice', description: 'One ticket type with one luggage choice, for one car.' });

const TrainSeat = z
  .object({
    id: z.string().regex(/^\d+$/).meta({ description: 'The seat id; seat/hold takes it as `seat` (as this string or as a number).' }),
    label: z.string().meta({ description: 'Empty for non-seat cells.' }),
    positionY: Count.meta({ description: 'Zero-based row.' }),
    positionX: Count.meta({ description: 'Zero-based column.' }),
    key: z.string(),
    type: z.enum(['SEAT', 'DISABLED_SEAT', 'AISLE', 'WC', 'LUGGAGE', 'BED']),
    class: z.string().meta({ description: 'ECONOMY, BUSINESS, ROYAL_CLASS, …' }),
    orientation: z.enum(['UP', 'DOWN', 'LEFT', 'RIGHT']),
    available: z.boolean(),
  })
  .meta({ id: 'TrainSeat' });

const TrainDetailsCar = z
  .object({
    id: z.number().int().meta({ description: 'The car id a hold names (carId).' }),
    name: z.string(),
    orderNo: z.number().int(),
    carId: z.number().int(),
    carTypeId: z.number().int(),
    carType: z.string(),
    capacity: Count,
    standardCapacity: Count,
    disabledCapacity: Count,
    emptySeats: Count,
    rowCount: Count,
    columnCount: Count,
    hasSeat: z.boolean(),
    isActive: z.boolean(),
    isDisabled: z.boolean(),
    prices: z.array(TrainCarPrice),
    seats: z.array(TrainSeat).meta({ description: 'The whole rowCount × columnCount grid.' }),
  })
  .meta({ id: 'TrainDetailsCar' });

const TrainBookingOption = z
  .object({ code: z.string(), id: z.number().int(), title: z.string(), price: z.number() })
  .meta({ id: 'TrainBookingOption', description: 'A nationality or ticket type choice.' });

const TrainBookingRequirements = z
  .object({
    travelerRequirements: z
      .object({
        travelerId: z.boolean().meta({ description: 'An identity field is shown; it may be left blank.' }),
        genderRequired: z.boolean(),
        ageCategory: z.boolean(),
        seatRequired: z.boolean(),
        nationality: z.boolean(),
        luggageRequired: z.boolean(),
        emailAddressRequired: z.boolean(),
        mobilePhoneNumberRequired: z.boolean(),
      })
      .meta({ description: 'Which traveler fields the booking form shows or needs.' }),
    nationalityOptions: z.array(TrainBookingOption),
    luggageOptions: z.array(
      z.object({
        id: z.number().int().meta({ description: '5 = no luggage (the default of a hold).' }),
        name: z.string(),
        description: z.string(),
        weight: z.number(),
        price: z.number(),
        isActive: z.boolean(),
        configurationItemId: z.number().int(),
      }),
    ),
    ticketTypeOptions: z.array(TrainBookingOption),
  })
  .meta({ id: 'TrainBookingRequirements' });

export const TrainDetailsResponse = z
  .object({
    meta: z.object({ provider: z.string(), links: z.object({ self: z.url() }), createdAt: DateTime }),
    data: TrainTrip.extend({
      train: z.object({
        id: z.number().int(),
        typeId: z.number().int(),
        type: z.string(),
        name: z.string(),
        number: z.number().int(),
        carTypes: z.array(z.string()),
        cars: z.array(TrainDetailsCar),
      }),
      bookingRequirements: TrainBookingRequirements,
    }).meta({
      id: 'TrainDetails',
      description: 'The selected trip reloaded from the provider, with the train (cars, seat maps, prices) and booking requirements.',
    }),
  })
  .meta({ id: 'TrainDetailsResponse' });

// ---- Holds ------------------------------------------------------------------------------------------------

export const TrainHoldResponse = z
  .object({
    data: z.object({
      hold: z.object({
        key: z.string(),
        status: z.literal('HELD'),
        expiresAt: DateTime.meta({ description: 'Extension: when the hold lapses unless it is reserved.' }),
      }),
    }),
  })
  .meta({ id: 'TrainHoldResponse' });

export const TrainReleaseResponse = z
  .object({ data: z.object({ hold: z.object({ key: z.string(), status: z.literal('RELEASED') }) }) })
  .meta({ id: 'TrainReleaseResponse' });

// ---- Reservation ------------------------------------------------------------------------------------------

export const TrainReservation = z
  .object({
    provider: z.string().meta({ description: 'RAIL_SGR.' }),
    journeyType: z.enum(['ONE_WAY', 'ROUND_TRIP']),
    reservation: z.object({
      pnr: z.string(),
      ticketNumbers: z.array(z.string()),
      passengerCount: z.number().int().min(1),
      segmentCount: z.number().int().min(1).max(2),
    }),
    bill: z.object({
      id: z.string(),
      expireDate: DateTime.meta({ description: 'The provider bill expiry.' }),
      paymentRequired: MoneyAmount.meta({ description: 'What the buyer pays: the fares plus booking fees, TZS.' }),
      controlNumber: z.string(),
    }),
    paymentReference: z.string(),
    paymentWindow: z.object({
      expiresInMinutes: Count.meta({ description: 'Whole minutes left at response time; 0 after the deadline.' }),
      internalExpiresAt: DateTime,
      expiresAt: DateTime.meta({ description: 'The customer deadline: always earlier than providerExpiresAt.' }),
      providerExpiresAt: DateTime,
    }),
    paymentItems: z.array(
      z.object({
        identifier: z.string().meta({ description: 'The provider ticket number.' }),
        journey: z.enum(['OUTBOUND', 'RETURN']),
        passengerName: z.string(),
        price: MoneyAmount.meta({ description: "This ticket's grandTotal." }),
        trainTicketUuid: z.uuid(),
      }),
    ),
    trainTicketUuids: z.array(z.uuid()),
  })
  .meta({ id: 'TrainReservation', description: 'The 200 `data` of the train reservation.' });

const UNCHECKED = 'Checked by the service: a value of the wrong type or form is listed in the 422 SGR_PASSENGER_DATA_INVALID.';

/** A passenger of the reserve body: documented member by member but not checked here, so one 422 lists every problem. */
export const TrainReservationPassengerInput = z
  .looseObject({
    passengerName: z.unknown().optional().meta({ description: 'string, required.' }),
    identityNo: z.unknown().optional().meta({ description: 'string, optional: empty when left blank.' }),
    gender: z.unknown().optional().meta({ description: 'Male or Female, optional.' }),
    ageCategory: z.unknown().optional().meta({ description: 'Adult or Child, optional: derived from ticketTypeId (4 adult, 3 child); must match when given.' }),
    phone: z.unknown().optional().meta({ description: 'string, required.' }),
    countryCode: z.unknown().optional().meta({ description: 'string, optional: the calling code.' }),
    countryCodeName: z.unknown().optional().meta({ description: 'string, optional: ISO country code; required for a local-format phone without countryCode.' }),
    email: z.unknown().optional().meta({ description: 'string, optional: a valid address when non-empty.' }),
    nationalityTypeId: z.unknown().optional().meta({ description: 'number, required: from nationalityOptions[].id.' }),
    isDisabledPassenger: z.unknown().optional().meta({ description: 'boolean, optional.' }),
    ticketTypeId: z.unknown().optional().meta({ description: 'number, required: from ticketTypeOptions[].id.' }),
    outboundSeatHoldKey: z.unknown().optional().meta({ description: 'string, required.' }),
    outboundCarId: z.unknown().optional().meta({ description: 'number, required.' }),
    outboundCarTypeId: z.unknown().optional().meta({ description: 'number, required.' }),
    outboundSeatId: z.unknown().optional().meta({ description: 'number, required.' }),
    returnSeatHoldKey: z.unknown().optional().meta({ description: 'string, only (and then required) when `return` is given.' }),
    returnCarId: z.unknown().optional().meta({ description: 'number, only (and then required) when `return` is given.' }),
    returnCarTypeId: z.unknown().optional().meta({ description: 'number, only (and then required) when `return` is given.' }),
    returnSeatId: z.unknown().optional().meta({ description: 'number, only (and then required) when `return` is given.' }),
  })
  .meta({
    id: 'TrainReservationPassengerInput',
    description: `train-bus-admin.md "Reservation passenger (train)". ${UNCHECKED} Payer and luggage fields are refused the same way.`,
  });

const SelectedJourney = FreeObject.meta({
  description:
    'The selected train details object (the details `data`), narrowed to the selected cars and seats. Only its identifiers are read: ' +
    'trip.timeTableTrainSetId, departure.stop.stop_id, arrival.stop.stop_id, departure.date; a malformed one is listed in the 422.',
});

export const TrainReserveBody = z
  .object({
    outbound: SelectedJourney,
    return: SelectedJourney.nullable().optional().meta({ description: 'The return train; null or omitted for one-way.' }),
    passengers: z.array(TrainReservationPassengerInput),
    notifications: z
      .object({ ticketPurchase: z.boolean().optional().meta({ description: 'Final issued-ticket messages; default true. Must not change on a retry.' }) })
      .optional(),
    issuerDeviceInfo: FreeObject.optional().meta({
      description:
        'Device and app metadata (deviceId, deviceBrand, deviceModel, operatingSystem, operatingSystemVersion, appName, appVersion, …), at most 4096 bytes of JSON.',
    }),
  })
  .meta({
    id: 'TrainReserveBody',
    description: 'boughtByUser and bookingUserType must not be sent (the authenticated account is attached): 400. Payer information and luggage details: 422.',
  });

// ---- Issuance ---------------------------------------------------------------------------------------------

const TrainIssuanceStatusBase = z.object({
  paymentReference: z.string(),
  funding: z.object({
    source: z.string().meta({ description: 'AGENT_WALLET, or ONLINE_PAYMENT for a customer booking.' }),
    status: z.string().meta({
      description: 'AWAITING_FUNDS, AGENT_WALLET_ADMITTED, AGENT_WALLET_DEBITED, AGENT_WALLET_RELEASED or ONLINE_PAYMENT_CONFIRMED.',
    }),
    walletDebited: z.boolean(),
    duplicatePaymentRequiresReview: z.boolean(),
  }),
  payout: z.object({ status: z.string().meta({ description: 'NOT_STARTED, PENDING, RETRYING, PAID or REJECTED.' }) }),
  issuance: z.object({
    status: z.string().meta({ description: 'NOT_STARTED, ISSUING, ISSUED, PAYOUT_REJECTED, ISSUE_FAILED or CANCELLED; the ticket is ready when ISSUED.' }),
    internalExpiresAt: DateTime.optional().meta({ description: 'End of the payment window; absent while the reservation is not stored complete.' }),
    providerExpiresAt: DateTime.optional().meta({ description: 'The provider bill expiry; absent while the reservation is not stored complete.' }),
  }),
  failure: z
    .object({
      stage: z.string().meta({ description: 'PAYOUT, VALIDATION or ISSUE.' }),
      code: z.string().meta({ description: "The provider's code, e.g. SGR-5002." }),
      retryable: z.boolean(),
      action: z.string().meta({ description: 'CONTACT_SUPPORT or RETRY_LATER.' }),
    })
    .optional()
    .meta({ description: 'Only when issuance failed.' }),
});

export const TrainIssueAccepted = TrainIssuanceStatusBase.meta({
  id: 'TrainIssueAccepted',
  description: 'The issue 202 body (not shown by the spec): the issuance status as GET …/issuance answers it, without payable.',
});

export const TrainIssuanceStatus = TrainIssuanceStatusBase.extend({
  payable: z
    .object({
      baseAmount: MoneyAmount.meta({ description: 'The fare plus the service booking fee, in baseCurrency.' }),
      baseCurrency: CurrencyCode,
      paymentRequired: MoneyAmount.meta({ description: 'Still to pay in baseCurrency: baseAmount while awaiting funds, 0 afterwards.' }),
      quotes: z.array(
        z.object({
          amount: MoneyAmount.meta({ description: "The quote: fare plus service booking fee, converted, in the currency's decimals." }),
          currency: CurrencyCode,
          exchangeRate: z
            .string()
            .regex(/^\d+(\.\d+)?$/)
            .meta({ description: 'Units of this currency per 1 TZS, as frozen.' }),
        }),
      ),
    })
    .optional()
    .meta({ description: 'Price and payable quotes; `currency` freezes one. Absent while the reservation is not stored complete.' }),
}).meta({ id: 'TrainIssuanceStatus', description: 'Funding, payout and issuance state of a train reservation.' });

// ---- Send-notification ------------------------------------------------------------------------------------

const TrainNotificationReport = z
  .object({
    success: z.boolean().meta({ description: 'True when there was at least one delivery and every one was SENT.' }),
    results: z.array(
      z.object({
        recipientKey: z.string().meta({ description: 'buyer or passenger:<index>.' }),
        role: z.enum(['BUYER', 'PASSENGER']),
        to: z.string().meta({ description: 'The address, masked.' }),
        status: z.string().meta({ description: 'SENT, FAILED, SUPPRESSED or UNCERTAIN; PENDING, SENDING or RETRYING when still under way.' }),
        error: z.string().nullable().meta({ description: 'The last error or suppression reason; null when there is none.' }),
      }),
    ),
  })
  .meta({ id: 'TrainNotificationReport' });

const TrainNotificationFulfilled = z
  .object({
    status: z.literal('fulfilled'),
    value: z.union([
      z.object({ channel: z.literal('EMAIL'), notificationId: z.string(), email: TrainNotificationReport }),
      z.object({ channel: z.literal('WHATSAPP'), notificationId: z.string(), whatsapp: TrainNotificationReport }),
    ]),
  })
  .meta({ id: 'TrainNotificationFulfilled', description: "The message was planned on the channel; only the channel's own report key appears." });

const TrainNotificationRejected = z
  .object({
    status: z.literal('rejected'),
    reason: z.object({
      channel: z.enum(['EMAIL', 'WHATSAPP']),
      errorCode: z.string().meta({
        description: 'SGR_NOTIFICATION_NO_RECIPIENT, SGR_NOTIFICATION_SUPPRESSED, SGR_NOTIFICATION_FAILED or SGR_NOTIFICATION_PENDING.',
      }),
      errorMessage: z.string(),
      notificationId: z.string().nullable().meta({ description: 'The notification log id to follow it up; null when nothing was logged.' }),
    }),
  })
  .meta({ id: 'TrainNotificationRejected', description: 'Nothing was delivered on the channel.' });

export const TrainNotificationResults = z.array(z.union([TrainNotificationFulfilled, TrainNotificationRejected])).meta({
  id: 'TrainNotificationResults',
  description: 'One settled result per selected channel, in request order (Promise.allSettled form): value when fulfilled, reason when rejected.',
});

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const SELECTORS = ['paymentReference', 'pnr', 'ticketNumber', 'trainTicketUuids'] as const;
const selector = (description: string) => z.string().trim().min(1, 'must not be empty').nullish().meta({ description });

export const TrainSendNotificationBody = z
  .object({
    paymentReference: selector('Selects the whole reservation.'),
    pnr: selector("The provider's PNR; selects the whole reservation."),
    ticketNumber: selector("A full provider ticket number; selects that ticket's whole reservation."),
    trainTicketUuids: z
      .array(z.string().regex(UUID, 'must be a ticket uuid'))
      .min(1, 'must name at least one ticket uuid')
      .nullish()
      .meta({ description: 'Ticket uuids of one reservation (any case): only the passengers owning them are addressed.' }),
    notificationChannels: z
      .array(z.enum(['EMAIL', 'WHATSAPP']))
      .min(1, 'must name at least one of EMAIL, WHATSAPP')
      .nullish()
      .meta({ description: 'Default [EMAIL]; duplicates dropped, first occurrence kept.' }),
    messageType: z
      .enum(['TRAIN_TICKET', 'TRAIN_TICKET_RESERVATION', 'TRAIN_TICKET_RESERVATION_CANCELLATION'])
      .nullish()
      .meta({ description: 'Default TRAIN_TICKET.' }),
    emailType: z.string().nullish().meta({
      description:
        'Legacy, read only when messageType is omitted: the messageType values or TICKET, RESERVATION, RESERVATION_CANCELLATION (any case); ignored next to messageType.',
    }),
  })
  .superRefine(
    (body, ctx) => {
      // Runs even when a member failed above, so one 400 lists the selector problem with the others.
      const given = SELECTORS.filter((f) => body[f] !== undefined && body[f] !== null);
      if (given.length === 0) ctx.addIssue({ code: 'custom', path: ['selector'], message: `give exactly one of ${SELECTORS.join(', ')}` });
      if (given.length > 1)
        for (const f of given) ctx.addIssue({ code: 'custom', path: [f], message: `give only one of ${SELECTORS.join(', ')} (got ${given.join(', ')})` });
    },
    { when: () => true },
  )
  .meta({ id: 'TrainSendNotificationBody', description: 'Exactly one selector (paymentReference, pnr, ticketNumber or trainTicketUuids).' });

// ---- Online payments (docs/train-payments.md) ------------------------------------------------------------

export const TrainPayment = z
  .object({
    paymentId: z.uuid(),
    paymentReference: z.string(),
    operation: z.enum(['CARD', 'MOBILE', 'MOBILE_MONEY']),
    method: z.string().meta({ description: 'The gateway method: CARD or MOBILE_MONEY (sandbox declines: CARD_DECLINED, MOBILE_MONEY_DECLINED).' }),
    status: z.enum(['PENDING', 'CONFIRMED', 'CANCELLED', 'REFUND_REQUIRED']),
    amount: MoneyAmount.meta({ description: 'What was charged: the quote plus the processing fee.' }),
    currency: CurrencyCode,
    quoteAmount: MoneyAmount,
    processingFee: MoneyAmount,
    rail: z.string().nullable().meta({ description: 'The mobile money rail, e.g. MPESA_TZ; null for a card.' }),
    provider: z.string(),
    providerReference: z.string().nullable().meta({ description: "The provider's charge id; null when no charge was created." }),
    paysReservation: z.boolean(),
    declineReason: z.string().nullable(),
    createdAt: DateTime,
    confirmedAt: DateTime.nullable(),
  })
  .meta({ id: 'TrainPayment', description: 'A customer online payment of a train reservation (docs/train-payments.md "TrainPayment").' });

export const TrainPaymentResponse = z.object({ data: TrainPayment }).meta({ id: 'TrainPaymentResponse' });
