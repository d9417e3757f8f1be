import type { FlightClient } from './flight-client';
import type { RestHold, RestTrainDetails, RestTrainReservation, RestTrainTrip } from './rest-bodies';
import { todayIn } from '../../shared/time/calendar-date.calculator';

/** Day `day` of next month in railway time; days 5 to 10 are running days on which no simulator trigger falls (docs/sandbox.md). */
export function nextMonthDay(day: number): string {
  const [y, m] = todayIn('Africa/Dar_es_Salaam', new Date()).split('-').map(Number);
  return `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface SelectedTrain {
  /** The details answer (data) for the chosen train. */
  details: RestTrainDetails;
  from: number;
  to: number;
  /** Free economy seats of one car, as a hold and a reservation name them. */
  seats: Array<{ carId: number; carTypeId: number; seatId: number }>;
}

/** Search from → to (default DAR→DOD) on `date`, take the first express train and read its details, as a client would before holding. */
/** What train selection needs of a client: one request and its answer (FlightClient, or the chaos run's retrying client). */
export interface TrainSearchClient {
  call<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function selectExpressTrain(client: TrainSearchClient, date: string, from = 'DAR:SGR:0', to = 'DOD:SGR:0'): Promise<SelectedTrain> {
  const search = await client.call<{ data: RestTrainTrip[] }>('GET', `/api/trip/train/search?${new URLSearchParams({ from, to, date })}`);
  if (search.status !== 200) throw new Error(`train search failed: ${search.status} ${JSON.stringify(search.body).slice(0, 300)}`);
  const item = search.body.data.find((t) => t.trip.number.startsWith('ETR'))!;
  const details = await client.call<{ data: RestTrainDetails }>('POST', '/api/trip/train/details', { trip: item });
  if (details.status !== 200) throw new Error(`train details failed: ${details.status} ${JSON.stringify(details.body).slice(0, 300)}`);
  const car = details.body.data.train.cars.find((c) => c.seats.some((s) => s.class === 'ECONOMY'))!;
  return {
    details: details.body.data,
    from: item.departure.stop.partners[0].id,
    to: item.arrival.stop.partners[0].id,
    seats: car.seats.filter((s) => s.type === 'SEAT' && s.available).map((s) => ({ carId: car.id, carTypeId: car.carTypeId, seatId: Number(s.id) })),
  };
}

export interface ReservedTrip {
  paymentReference: string;
  /** bill.paymentRequired: what the buyer pays, TZS. */
  amount: string;
  data: RestTrainReservation;
}

type Seat = SelectedTrain['seats'][number];

/** Holds `seat` of `trip` for `client`; the hold key. */
async function hold(client: FlightClient, trip: SelectedTrain, seat: Seat): Promise<string> {
  const held = await client.call<{ data: RestHold }>('POST', '/api/trip/train/seat/hold', {
    departureStopPartnerId: trip.from,
    arrivalStopPartnerId: trip.to,
    timeTableTrainSetId: trip.details.trip.timeTableTrainSetId,
    carId: seat.carId,
    seat: seat.seatId,
  });
  if (held.status !== 200) throw new Error(`hold failed: ${held.status} ${JSON.stringify(held.body).slice(0, 300)}`);
  return held.body.data.hold.key;
}

/** The details object narrowed to the selected cars and seats, as the spec's client sends it. */
/** The reserve body's `outbound` (or `return`): the trip's details with only the chosen seats left in. */
export function selected(trip: SelectedTrain, seats: Seat[]) {
  const chosen = new Set(seats.map((s) => `${s.carId}:${s.seatId}`));
  const cars = trip.details.train.cars
    .filter((c) => seats.some((s) => s.carId === c.id))
    .map((c) => ({ ...c, seats: c.seats.filter((s) => chosen.has(`${c.id}:${Number(s.id)}`)) }));
  return { ...trip.details, train: { ...trip.details.train, cars } };
}

/** One adult passenger of a reserve body, travelling on `seat` under its hold `holdKey`. */
export function seatPassenger(seat: Pick<Seat, 'carId' | 'carTypeId' | 'seatId'>, holdKey: string) {
  return {
    passengerName: 'Asha Mwinyi',
    identityNo: '',
    gender: 'Female',
    ageCategory: 'Adult',
    phone: '+255712345678',
    countryCodeName: 'TZ',
    email: 'asha@example.com',
    nationalityTypeId: 1,
    isDisabledPassenger: false,
    ticketTypeId: 4,
    outboundSeatHoldKey: holdKey,
    outboundCarId: seat.carId,
    outboundCarTypeId: seat.carTypeId,
    outboundSeatId: seat.seatId,
  };
}

/**
 * Holds each seat for `client` and gives the reserve body with one adult per seat; with `back`, passenger i also
 * travels on back.seats[i] of the return train. `passengers[i]` overrides fields of passenger i. For tests that send
 * the body themselves, e.g. more than once.
 */
export async function reserveBody(
  client: FlightClient,
  trip: SelectedTrain,
  seats: Seat[],
  passengers: Array<Record<string, unknown>> = [],
  back?: { trip: SelectedTrain; seats: Seat[] },
) {
  const body = [];
  for (const [i, seat] of seats.entries()) {
    const key = await hold(client, trip, seat);
    const returnSeat = back?.seats[i];
    const returnFields = returnSeat
      ? {
          returnSeatHoldKey: await hold(client, back!.trip, returnSeat),
          returnCarId: returnSeat.carId,
          returnCarTypeId: returnSeat.carTypeId,
          returnSeatId: returnSeat.seatId,
        }
      : {};
    body.push({ ...seatPassenger(seat, key), ...returnFields, ...passengers[i] });
  }
  return { outbound: selected(trip, seats), ...(back ? { return: selected(back.trip, back.seats.slice(0, seats.length)) } : {}), passengers: body };
}

/** reserveBody for one seat. */
export function seatReserveBody(client: FlightClient, trip: SelectedTrain, seat: Seat, passenger: Record<string, unknown> = {}) {
  return reserveBody(client, trip, [seat], [passenger]);
}

/** hold → reserve of one adult per seat, as a client would; `extra` adds top-level fields (e.g. notifications). */
export async function reserveSeats(
  client: FlightClient,
  trip: SelectedTrain,
  seats: Seat[],
  passengers: Array<Record<string, unknown>> = [],
  extra: Record<string, unknown> = {},
  back?: { trip: SelectedTrain; seats: Seat[] },
): Promise<ReservedTrip> {
  const res = await client.call<{ data: RestTrainReservation }>('POST', '/api/trip/train/seat/reserve', {
    ...(await reserveBody(client, trip, seats, passengers, back)),
    ...extra,
  });
  if (res.status !== 200) throw new Error(`reserve failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return { paymentReference: res.body.data.paymentReference, amount: res.body.data.bill.paymentRequired, data: res.body.data };
}

/** hold → reserve of one adult on `seat` of the selected train, as a client would; `passenger` overrides fields. */
export function reserveSeat(client: FlightClient, trip: SelectedTrain, seat: Seat, passenger: Record<string, unknown> = {}): Promise<ReservedTrip> {
  return reserveSeats(client, trip, [seat], [passenger]);
}
