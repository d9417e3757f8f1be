import type { FlightClient } from './flight-client';

export interface SelectedTrain {
  /** The details answer (data) for the chosen train. */
  details: any;
  from: number;
  to: number;
  /** Free economy seats of one car, as a hold and a reservation name them. */
  seats: Array<{ carId: number; carTypeId: number; seatId: number }>;
}

/** Search DAR→DOD on `date`, take the first express train and read its details, as a client would before holding. */
export async function selectExpressTrain(client: FlightClient, date: string): Promise<SelectedTrain> {
  const search = await client.call('GET', `/api/trip/train/search?${new URLSearchParams({ from: 'DAR:SGR:0', to: 'DOD:SGR:0', date })}`);
  if (search.status !== 200) throw new Error(`train search failed: ${search.status} ${JSON.stringify(search.body).slice(0, 300)}`);
  const item = search.body.data.find((t: any) => t.trip.number.startsWith('ETR'));
  const details = await client.call('POST', '/api/trip/train/details', { trip: item });
  if (details.status !== 200) throw new Error(`train details failed: ${details.status} ${JSON.stringify(details.body).slice(0, 300)}`);
  const car = details.body.data.train.cars.find((c: any) => c.seats.some((s: any) => s.class === 'ECONOMY'));
  return {
    details: details.body.data,
    from: item.departure.stop.partners[0].id,
    to: item.arrival.stop.partners[0].id,
    seats: car.seats.filter((s: any) => s.type === 'SEAT' && s.available).map((s: any) => ({ carId: car.id, carTypeId: car.carTypeId, seatId: Number(s.id) })),
  };
}

export interface ReservedTrip {
  paymentReference: string;
  /** bill.paymentRequired: what the buyer pays, TZS. */
  amount: string;
  data: any;
}

/**
 * Holds `seat` for `client` and gives the reserve body for one adult on it (the details narrowed to that car and seat,
 * as a client sends them); `passenger` overrides fields. For tests that send it themselves, e.g. more than once.
 */
export async function seatReserveBody(client: FlightClient, trip: SelectedTrain, seat: SelectedTrain['seats'][number], passenger: Record<string, unknown> = {}) {
  const held = await client.call('POST', '/api/trip/train/seat/hold', {
    departureStopPartnerId: trip.from,
    arrivalStopPartnerId: trip.to,
    timeTableTrainSetId: trip.details.trip.timeTableTrainSetId,
    carId: seat.carId,
    seat: seat.seatId,
  });
  if (held.status !== 200) throw new Error(`hold failed: ${held.status} ${JSON.stringify(held.body).slice(0, 300)}`);
  const cars = trip.details.train.cars.filter((c: any) => c.id === seat.carId).map((c: any) => ({ ...c, seats: c.seats.filter((s: any) => Number(s.id) === seat.seatId) }));
  return {
    outbound: { ...trip.details, train: { ...trip.details.train, cars } },
    passengers: [
      {
        passengerName: 'Asha Mwinyi', identityNo: '', gender: 'Female', ageCategory: 'Adult', phone: '+255712345678', countryCodeName: 'TZ', email: 'asha@example.com',
        nationalityTypeId: 1, isDisabledPassenger: false, ticketTypeId: 4,
        outboundSeatHoldKey: held.body.data.hold.key, outboundCarId: seat.carId, outboundCarTypeId: seat.carTypeId, outboundSeatId: seat.seatId,
        ...passenger,
      },
    ],
  };
}

/** hold → reserve of one adult on `seat` of the selected train, as a client would; `passenger` overrides fields. */
export async function reserveSeat(client: FlightClient, trip: SelectedTrain, seat: SelectedTrain['seats'][number], passenger: Record<string, unknown> = {}): Promise<ReservedTrip> {
  const res = await client.call('POST', '/api/trip/train/seat/reserve', await seatReserveBody(client, trip, seat, passenger));
  if (res.status !== 200) throw new Error(`reserve failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return { paymentReference: res.body.data.paymentReference, amount: res.body.data.bill.paymentRequired, data: res.body.data };
}
