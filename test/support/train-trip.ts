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
