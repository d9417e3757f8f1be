import { describedEnum } from '../../../shared/graphql/enum.builder';

/*
 * Fixed value sets of the train answers. The value names are the strings the REST answers carry (the REST routes copy
 * GraphQL values into their JSON), so they must stay exactly these.
 */

export const TrainPricingContextEnum = describedEnum('TrainPricingContext', 'Which pricing rules made a train price (from the buyer role)', {
  ONLINE: 'A customer buying online',
  SERVICE_AGENT: "The platform's own service agent",
  THIRD_PARTY_AGENT: 'A third-party agent',
});

export const TrainFeeTypeEnum = describedEnum('TrainFeeType', 'What a train fee pays for', {
  TRANSPORTER: "The operator's fee",
  FACILITATION: 'The facilitation fee',
  SERVICE_COMMISSION: 'The service commission',
});

export const TrainFeeRecipientEnum = describedEnum('TrainFeeRecipient', 'Who receives a train fee', {
  RAIL: 'The railway operator',
  SERVICE_AGENT: 'The service agent',
  SERVICE: 'The platform',
});

export const TrainSeatHoldStatusEnum = describedEnum('TrainSeatHoldStatus', 'State of a seat hold', {
  HELD: 'The seat is held for you until expiresAt',
  RELEASED: 'The hold was let go',
});

export const TrainFundingSourceEnum = describedEnum('TrainFundingSource', 'How a train reservation is paid', {
  AGENT_WALLET: "From the agent's wallet (agent bookings)",
  ONLINE_PAYMENT: 'By an online payment (customer bookings)',
});

export const TrainFundingStatusEnum = describedEnum('TrainFundingStatus', 'Funding progress of a train reservation', {
  AWAITING_FUNDS: 'Nothing paid yet',
  AGENT_WALLET_ADMITTED: 'The wallet debit was admitted',
  AGENT_WALLET_DEBITED: 'The agent wallet was debited',
  AGENT_WALLET_RELEASED: 'The admitted wallet funds were released',
  ONLINE_PAYMENT_CONFIRMED: 'The online payment is confirmed',
});

export const TrainPayoutStatusEnum = describedEnum('TrainPayoutStatus', 'Payout of the fare to the railway operator', {
  NOT_STARTED: 'Not started: the reservation is not funded yet',
  PENDING: 'Under way',
  RETRYING: 'Being retried after a temporary failure',
  PAID: 'The operator is paid',
  REJECTED: 'The operator refused the payout',
});

export const TrainTicketIssuanceStatusEnum = describedEnum('TrainTicketIssuanceStatus', 'Ticket issuance progress; the tickets are ready when ISSUED', {
  NOT_STARTED: 'Not started: awaiting funds',
  ISSUING: 'Under way (asynchronous)',
  ISSUED: 'The tickets are issued',
  PAYOUT_REJECTED: 'Stopped: the operator refused the payout (see failure)',
  ISSUE_FAILED: 'Stopped: the operator did not issue (see failure)',
  CANCELLED: 'The reservation was cancelled',
});

export const TrainDepositOperationEnum = describedEnum('TrainDepositOperation', 'The deposit mutation that made a train payment', {
  CARD: 'depositTrainCardPayment',
  MOBILE: 'depositTrainMobilePayment',
  MOBILE_MONEY: 'depositTrainMobileMoneyPayment',
});

export const TrainPaymentStatusEnum = describedEnum('TrainPaymentStatus', 'State of a train payment', {
  PENDING: 'Awaiting the payer or the provider',
  CONFIRMED: 'The charge is confirmed',
  CANCELLED: 'The payment was cancelled',
  REFUND_REQUIRED: 'Money arrived that cannot pay the reservation: staff must refund it',
});

export const TrainNotificationChannelEnum = describedEnum('TrainNotificationChannel', 'A channel a train booking message can be resent on', {
  EMAIL: 'Email',
  WHATSAPP: 'WhatsApp',
});

export const TrainSettledStatusEnum = describedEnum('TrainSettledStatus', 'How one channel of a resend settled (as Promise.allSettled)', {
  fulfilled: 'The message was planned on the channel: see value',
  rejected: 'The channel failed: see reason',
});

export const TrainJourneyEnum = describedEnum('TrainJourney', 'Which leg of a train reservation', {
  OUTBOUND: 'The outbound train',
  RETURN: 'The return train',
});

export const TrainJourneyTypeEnum = describedEnum('TrainJourneyType', 'One-way or return reservation', {
  ONE_WAY: 'Outbound only',
  ROUND_TRIP: 'Outbound and return',
});

export const TrainSeatCellTypeEnum = describedEnum('TrainSeatCellType', 'What one cell of a car grid is: a place or a fixture', {
  SEAT: 'A standard seat',
  DISABLED_SEAT: 'A seat for a passenger with a disability',
  BED: 'A berth',
  AISLE: 'The aisle (not bookable)',
  WC: 'A toilet (not bookable)',
  LUGGAGE: 'A luggage rack (not bookable)',
});

export const TrainCarClassEnum = describedEnum('TrainCarClass', 'The class of a train car', {
  ECONOMY: 'Economy class',
  BUSINESS: 'Business class',
  ROYAL_CLASS: 'Royal class',
});

export const TrainSeatOrientationEnum = describedEnum('TrainSeatOrientation', 'Which way a seat faces on the car grid (up is the front of the grid)', {
  UP: 'Faces up the grid',
  DOWN: 'Faces down the grid',
  LEFT: 'Faces left',
  RIGHT: 'Faces right',
});

export const TrainTransitAgencyTypeEnum = describedEnum('TrainTransitAgencyType', 'The kind of transport an operator runs', {
  RAIL: 'A railway',
});

export const TrainNotificationRoleEnum = describedEnum('TrainNotificationRole', 'Whom a resent train message was addressed to', {
  BUYER: 'The buyer of the reservation',
  PASSENGER: 'A passenger of the reservation',
});

export const TrainNotificationDeliveryStatusEnum = describedEnum('TrainNotificationDeliveryStatus', 'Where one resent message is in its delivery', {
  PENDING: 'Waiting to be sent',
  SENDING: 'An attempt is running',
  RETRYING: 'An attempt failed; another will follow',
  SENT: 'The provider accepted the message',
  FAILED: 'Every attempt failed; no more will be made',
  SUPPRESSED: 'The rules said no (see error)',
  UNCERTAIN: 'An interrupted send over a channel that cannot deduplicate; not repeated',
});

export const TrainResendMessageTypeEnum = describedEnum('TrainResendMessageType', 'Which train booking message to resend', {
  TRAIN_TICKET: 'The issued tickets',
  TRAIN_TICKET_RESERVATION: 'The reservation awaiting payment',
  TRAIN_TICKET_RESERVATION_CANCELLATION: 'The cancellation of the reservation',
});
