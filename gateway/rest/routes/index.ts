import type { RestRoute } from '../rest-route.types';
import { platformRoutes } from './platform.routes';
import { flightRoutes } from './flight.routes';
import { flightBookingRoutes } from './flight-booking.routes';
import { flightIssuanceRoutes } from './flight-issuance.routes';
import { trainRoutes } from './train.routes';
import { trainDetailsRoutes } from './train-details.routes';
import { trainReservationRoutes } from './train-reservation.routes';
import { trainIssuanceRoutes } from './train-issuance.routes';
import { trainDocumentRoutes } from './train-document.routes';
import { trainPaymentRoutes } from './train-payment.routes';
import { trainResendRoutes } from './train-resend.routes';
import { ticketLookupRoutes } from './ticket-lookup.routes';
import { busRoutes } from './bus.routes';
import { reverseProxyRoutes } from './reverse-proxy.routes';
import { webhookRoutes } from './webhook.routes';
import { tripRoutes } from './trip.routes';
import { walletRoutes } from './wallet.routes';
import { paymentCallbackRoutes } from './payment-callback.routes';

/** Every documented REST path; later domains add their route files here. */
export const REST_ROUTES: RestRoute[] = [
  ...platformRoutes,
  ...flightRoutes,
  ...flightBookingRoutes,
  ...flightIssuanceRoutes,
  ...trainRoutes,
  ...trainDetailsRoutes,
  ...trainReservationRoutes,
  ...trainIssuanceRoutes,
  ...trainDocumentRoutes,
  ...trainPaymentRoutes,
  ...trainResendRoutes,
  ...ticketLookupRoutes,
  ...busRoutes,
  ...reverseProxyRoutes,
  ...webhookRoutes,
  ...tripRoutes,
  ...walletRoutes,
  ...paymentCallbackRoutes,
];
