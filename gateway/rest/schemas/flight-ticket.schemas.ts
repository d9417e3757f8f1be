import { z } from 'zod';
import { RESERVATION_STATUSES } from '../../../shared/api-contract/flight-reservation.contract';
import { restShape } from '../graphql-shapes/rest-shape.builder';
import { CurrencyCode, MoneyAmount, Uuid } from './common.schemas';

/*
 * The flight answers derived from their GraphQL types (docs/rest-shapes.md): record locators, ticket documents, the
 * issuance, payment recovery and the flight ticket. Each gives the selection its routes send and the schema their
 * answers are documented and checked by. The routes drop null members (withoutNulls), so every object is `nullsAbsent`.
 */

/** OpenAPI schema `FlightReservationStatus`: every reservation status, one component wherever a status is answered. */
export const ReservationStatus = z
  .enum(RESERVATION_STATUSES)
  .meta({ id: 'FlightReservationStatus', description: 'A reservation status: where the reservation stands between creation, issuance and cancellation.' });

/** The supplier's form-of-payment element of a ticket document (the only two it writes). */
const ProviderElement = z.enum(['FA', 'FH']);

export const FLIGHT_RECORD_LOCATOR = restShape('RecordLocatorType', { id: 'FlightRecordLocator', nullsAbsent: true });

export const FLIGHT_TICKET_DOCUMENT = restShape('TicketDocumentType', {
  id: 'FlightTicketDocument',
  nullsAbsent: true,
  fields: { providerElement: { schema: ProviderElement } },
});

export const FLIGHT_ISSUANCE = restShape('IssuanceType', {
  id: 'FlightIssuance',
  nullsAbsent: true,
  fields: {
    reservationId: { schema: Uuid },
    status: { schema: ReservationStatus },
    documents: { schema: FLIGHT_TICKET_DOCUMENT.schema },
    recordLocators: { schema: FLIGHT_RECORD_LOCATOR.schema },
  },
});

export const FLIGHT_PAYMENT_RECOVERY = restShape('PaymentRecoveryType', {
  id: 'FlightPaymentRecovery',
  fields: { reconciliationOperationId: { schema: Uuid } },
});

/** OpenAPI schema `FlightTicket` (`getFlightTickets`, and each ticket of a customer reservation). */
export const FLIGHT_TICKET = restShape('FlightTicketType', {
  id: 'FlightTicket',
  nullsAbsent: true,
  fields: {
    uuid: { schema: Uuid },
    reservationId: { schema: Uuid },
    recordLocators: { schema: FLIGHT_RECORD_LOCATOR.schema },
    itineraryIndex: { schema: z.number().int().min(0) },
    providerDocumentElement: { schema: ProviderElement },
    coupons: { shape: { nullsAbsent: true } },
    price: { shape: { fields: { total: { schema: MoneyAmount }, currency: { schema: CurrencyCode } } } },
    boughtByUser: { shape: { nullsAbsent: true, fields: { uuid: { schema: Uuid } } } },
    // The ticket view resolves each preference (absent means true): never null here.
    notificationPreferences: {
      shape: { fields: { ticketPurchase: { nonNull: true }, allOtherTripNotification: { nonNull: true }, serviceAccountCreation: { nonNull: true } } },
    },
    status: { schema: ReservationStatus },
    issuanceStatus: { schema: ReservationStatus },
  },
});
