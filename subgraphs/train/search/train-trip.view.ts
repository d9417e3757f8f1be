import type { TrainPrice } from '../pricing/train-pricing.calculator';
import { encodeTrainSetId } from './dated-trainset.codec';
import type { RailTrip } from '../provider/rail-provider.port';
import type { Station } from '../services/station.service';

export const RAIL_PROVIDER_KEY = 'RAIL_SGR';

/** A train as the search answers it (the GraphQL TrainTrip before federation fills the company); train details start from the same view. */
export interface TrainTripView {
  provider: string;
  trip: {
    id: number;
    name: string;
    number: string;
    trainSetId: number;
    timeTableId: number;
    timeTableTrainSetId: number;
    gtfsTripId: string | null;
    headsign: string | null;
    wheelchairAccessible: number | null;
    bikesAllowed: number | null;
  };
  route: { id: number; gtfsRouteId: string; name: string };
  departure: { date: string; time: string; dateTime: string; stop: Station };
  arrival: { date: string; time: string; dateTime: string; stop: Station };
  price: TrainPrice;
  stopTimes: Array<{
    stopId: string;
    stopSequence: number;
    arrivalTime: string | null;
    departureTime: string | null;
    stopName: string;
    stopDescription: string;
    latitude: number;
    longitude: number;
  }> | null;
  cars: Array<RailTrip['cars'][number] & { id: number; bookedSeats: string[] }>;
  carTypes: string[];
  transitAgency: { company: { uuid: string }; type: string; logos: Array<{ type: string; url: string }> };
}

type StopTimesView = NonNullable<TrainTripView['stopTimes']>;

/**
 * The provider's stop times of a train are one array per train (the simulator builds them once), and stations
 * are fixed reference data: the view of each array is built once and shared, read-only, by every answer.
 */
const stopTimesViews = new WeakMap<NonNullable<RailTrip['stopTimes']>, StopTimesView>();

function stopTimesView(stopTimes: NonNullable<RailTrip['stopTimes']>, station: (stopId: string) => Station): StopTimesView {
  let view = stopTimesViews.get(stopTimes);
  if (!view) {
    view = stopTimes.map((s) => {
      const st = station(s.stopId);
      return {
        stopId: s.stopId,
        stopSequence: s.stopSequence,
        arrivalTime: s.arrivalTime,
        departureTime: s.departureTime,
        stopName: st.stopName,
        stopDescription: st.stopDesc,
        latitude: st.stopLat,
        longitude: st.stopLon,
      };
    });
    stopTimesViews.set(stopTimes, view);
  }
  return view;
}

/** A provider trip as a search item (and as the trip part of its details), priced by the caller. */
export function trainTripView(t: RailTrip, price: TrainPrice, stationByStopId: (stopId: string) => Station | undefined): TrainTripView {
  const station = (stopId: string) => stationByStopId(stopId)!;
  const callingPoint = (p: RailTrip['departure']) => ({ date: p.date, time: p.time, dateTime: `${p.date}T${p.time}:00+03:00`, stop: station(p.stopId) });
  return {
    provider: RAIL_PROVIDER_KEY,
    trip: {
      id: t.tripId,
      name: t.name,
      number: t.number,
      trainSetId: t.trainSetId,
      timeTableId: t.timeTableId,
      // The id handed out names the train of this one day (a hold names no date).
      timeTableTrainSetId: encodeTrainSetId(t.timeTableTrainSetId, t.departure.date),
      gtfsTripId: `SGR-${t.number}-${t.serviceDate}`,
      headsign: t.headsign,
      wheelchairAccessible: 1,
      bikesAllowed: null,
    },
    route: { id: t.routeId, gtfsRouteId: `SGR-${t.routeId}`, name: t.routeName },
    departure: callingPoint(t.departure),
    arrival: callingPoint(t.arrival),
    price,
    stopTimes: t.stopTimes && stopTimesView(t.stopTimes, station),
    cars: t.cars.map((c) => ({ ...c, id: c.carId, bookedSeats: [] })),
    carTypes: [...new Set(t.cars.map((c) => c.typeName))],
    transitAgency: { company: { uuid: station(t.departure.stopId).partners[0].company.uuid }, type: 'RAIL', logos: [] },
  };
}
