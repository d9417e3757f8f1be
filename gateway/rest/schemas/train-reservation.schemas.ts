import { z } from 'zod';
import { FreeObject, MoneyAmount } from './common.schemas';
import { Count } from './train.schemas';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/** Seat holds and train reservations: the answers and the reserve body. */

// ---- Holds ------------------------------------------------------------------------------------------------

/** The hold answer: TrainSeatHoldPayload, always HELD with its lapse instant. */
export const TRAIN_HOLD = restShape('TrainSeatHoldPayload', {
  fields: {
    hold: {
      shape: {
        fields: {
          status: { schema: z.literal('HELD') },
          expiresAt: { nonNull: true, description: 'Extension: when the hold lapses unless it is reserved.' },
        },
      },
    },
  },
});

export const TrainHoldResponse = z.object({ data: TRAIN_HOLD.schema }).meta({ id: 'TrainHoldResponse' });

/** The release answer: TrainSeatHoldPayload without the lapse instant, always RELEASED. */
export const TRAIN_RELEASE = restShape('TrainSeatHoldPayload', {
  fields: { hold: { shape: { fields: { status: { schema: z.literal('RELEASED') }, expiresAt: { omit: true } } } } },
});

export const TrainReleaseResponse = z.object({ data: TRAIN_RELEASE.schema }).meta({ id: 'TrainReleaseResponse' });

// ---- Reservation ------------------------------------------------------------------------------------------

/** The 200 `data` of the train reservation: the API type TrainReservationResult, with REST's formats and bounds. */
export const TRAIN_RESERVATION = restShape('TrainReservationResult', {
  id: 'TrainReservation',
  fields: {
    reservation: { shape: { fields: { passengerCount: { schema: z.number().int().min(1) }, segmentCount: { schema: z.number().int().min(1).max(2) } } } },
    bill: { shape: { fields: { paymentRequired: { schema: MoneyAmount } } } },
    paymentWindow: { shape: { fields: { expiresInMinutes: { schema: Count } } } },
    paymentItems: { shape: { fields: { price: { schema: MoneyAmount }, trainTicketUuid: { schema: z.uuid() } } } },
    trainTicketUuids: { schema: z.uuid() },
  },
});

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
    description: `One passenger of a train reservation, with the seat held for each journey. ${UNCHECKED} Payer and luggage fields are refused the same way.`,
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
