import { RailProviderError, type RailReservation, type RailReserveInput, type RailTicket } from '../rail-provider.port';
import { findSeat } from './cars.builder';
import { fare, luggagePrice, NATIONALITY_OPTIONS } from './fares.calculator';
import { digits, locator } from './hash.calculator';
import type { SimReservation, StoredHold } from './rail-simulator.store';
import { trainByTimeTableTrainSetId } from './timetable.data';
import { hasTrigger, passengerRejection } from './triggers.policy';

const reject = (providerCode: string, message: string): RailProviderError => new RailProviderError('PROVIDER_REJECTED', message, false, providerCode);

/** The provider's own checks of a reservation request, before any hold is looked at. */
export function validateReservation(input: RailReserveInput): void {
  const { passengers, holds } = input;
  if (passengers.length === 0 || holds.length === 0) throw reject('SGR-4000', 'At least one passenger and one seat are required');
  const triggered = passengerRejection(passengers);
  if (triggered) throw triggered;
  passengers.forEach((p, i) => {
    if (!p.name.trim()) throw reject('SGR-4009', `Passenger ${i + 1}: name is required`);
    // National format without the leading zero: 9 digits starting 6 or 7 (mobile numbers).
    if (!/^[67]\d{8}$/.test(p.phone)) throw reject('SGR-4002', `Passenger ${i + 1}: invalid phone number`);
    if (fare('ECONOMY', 1, p.ticketTypeId) === null) throw reject('SGR-4003', `Passenger ${i + 1}: unknown ticket type`);
    if (!NATIONALITY_OPTIONS.some((n) => n.id === p.nationalityTypeId)) throw reject('SGR-4004', `Passenger ${i + 1}: unknown nationality type`);
    if (!holds.some((h) => h.passengerIndex === i)) throw reject('SGR-4010', `Passenger ${i + 1}: no seat`);
  });
  if (holds.some((h) => !Number.isInteger(h.passengerIndex) || h.passengerIndex < 0 || h.passengerIndex >= passengers.length)) {
    throw reject('SGR-4011', 'A seat names no passenger of the reservation');
  }
  if (new Set(holds.map((h) => h.key)).size !== holds.length) throw reject('SGR-4012', 'A seat hold is used twice');
}

/** The ticket a hold becomes, priced by the hold's class, distance and luggage and the passenger's ticket type. */
function ticketOf(hold: StoredHold, passengerIndex: number, input: RailReserveInput, ticketNumber: string): RailTicket {
  const passenger = input.passengers[passengerIndex];
  const train = trainByTimeTableTrainSetId(hold.timeTableTrainSetId)!;
  const { car } = findSeat(train.def, hold.carId, hold.seatId)!;
  const first = Math.min(...hold.segments);
  const km = Math.abs(train.stops[first + hold.segments.length].station.lineKm - train.stops[first].station.lineKm);
  const amount = fare(car.carClass, km, passenger.ticketTypeId)! + luggagePrice(hold.luggageId)!;
  return {
    ticketNumber,
    holdKey: hold.key,
    passengerIndex,
    passengerName: passenger.name.trim(),
    timeTableTrainSetId: hold.timeTableTrainSetId,
    serviceDate: hold.serviceDate,
    carId: hold.carId,
    seatId: hold.seatId,
    carClass: car.carClass,
    ticketTypeId: passenger.ticketTypeId,
    luggageId: hold.luggageId,
    amount: String(amount),
    status: 'RESERVED',
  };
}

/** The PNR candidate of an idempotency key's attempt: a hash of both, so a collision tries the next attempt. */
export function pnrCandidate(idempotencyKey: string, attempt: number): string {
  return locator(`${idempotencyKey}|${attempt}`);
}

/** The ticket number of a reservation's i-th ticket: 12 digits starting 19, derived from the PNR; the store keeps them unique. */
export function ticketNumberFor(pnr: string, index: number): string {
  return `19${digits(`${pnr}|ticket|${index}`, 10)}`;
}

/**
 * A new reservation for validated input and its live holds (in input order), under the PNR candidate of the
 * key's attempt; numbers derive from the PNR.
 */
export function newReservation(input: RailReserveInput, holds: StoredHold[], attempt: number, now: number, billLifetimeMs: number): SimReservation {
  const pnr = pnrCandidate(input.idempotencyKey, attempt);
  const tickets = holds.map((hold, i) => ticketOf(hold, input.holds[i].passengerIndex, input, ticketNumberFor(pnr, i)));
  const billExpiresAt = now + billLifetimeMs;
  const reservation: RailReservation = {
    pnr,
    status: 'RESERVED',
    ticketNumbers: tickets.map((t) => t.ticketNumber),
    tickets,
    bill: {
      id: `BL${digits(`${pnr}|bill`, 10)}`,
      controlNumber: `99${digits(`${pnr}|control`, 10)}`,
      amount: String(tickets.reduce((sum, t) => sum + Number(t.amount), 0)),
      currency: 'TZS',
      expireDate: new Date(billExpiresAt).toISOString(),
    },
    workflowId: `sgr-reservation-${pnr}`,
    workflowStartConfirmed: !hasTrigger(input.passengers, 'NOWORKFLOW'),
    payoutReference: null,
  };
  return { reservation, passengers: input.passengers.map((p) => ({ ...p })), holdKeys: holds.map((h) => h.key), billExpiresAt };
}
