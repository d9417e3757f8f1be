import { AppError } from '../../../shared/errors/app-error.exception';
import { RailProvider, RailProviderError, RailTripDetails } from '../provider/rail-provider.port';
import { decodeTrainSetId, encodeTrainSetId } from '../search/dated-trainset.codec';
import type { JourneyCheck } from './passenger.validator';
import type { ParsedJourneyRef } from './reserve.request';
import type { JourneySelection } from './reservation.types';
import type { PassengerFieldError } from './train-reservation.exception';

const PROVIDER_IDS = 10_000;
const BOOKABLE = new Set(['SEAT', 'DISABLED_SEAT', 'BED']);

export interface LoadedJourney {
  check: JourneyCheck;
  details: RailTripDetails | null;
}

/**
 * The selected train reloaded from the provider by its identifiers (as details does), so nothing else the
 * client sent in `outbound`/`return` can reach prices or seat checks. A train that cannot be found becomes a
 * listed field error; an unavailable provider is a 503 before anything is stored.
 */
export async function loadJourney(
  provider: RailProvider,
  ref: ParsedJourneyRef,
  name: 'outbound' | 'return',
  errors: PassengerFieldError[],
): Promise<LoadedJourney> {
  const empty: LoadedJourney = { check: { selection: emptySelection(ref), cars: new Map() }, details: null };
  if (!ref.timeTableTrainSetId || !ref.fromStopId || !ref.toStopId || !ref.date) return empty;
  const notFound = () => {
    errors.push({
      passengerIndex: null,
      field: `${name}.trip.timeTableTrainSetId`,
      message: 'names no train on that date between these stations; search again',
    });
    return empty;
  };
  let providerId = ref.timeTableTrainSetId;
  if (providerId >= PROVIDER_IDS) {
    const dated = decodeTrainSetId(providerId);
    if (!dated || dated.date !== ref.date) return notFound();
    providerId = dated.providerId;
  }
  const stations = provider.stations();
  const from = stations.find((s) => s.stopId === ref.fromStopId);
  const to = stations.find((s) => s.stopId === ref.toStopId);
  if (!from || !to || from === to) return notFound();
  let details: RailTripDetails;
  try {
    details = await provider.tripDetails({ timeTableTrainSetId: providerId, fromStopId: ref.fromStopId, toStopId: ref.toStopId, date: ref.date });
  } catch (error) {
    if (error instanceof RailProviderError && error.code === 'TRIP_NOT_FOUND') return notFound();
    if (error instanceof RailProviderError) {
      throw new AppError('SGR_PROVIDER_UNAVAILABLE', 503, 'The SGR booking system is temporarily unavailable; retry shortly', { retryable: error.retryable });
    }
    throw error;
  }
  const t = details.trip;
  const selection: JourneySelection = {
    timeTableTrainSetId: encodeTrainSetId(providerId, ref.date),
    providerId,
    date: ref.date,
    fromStopId: ref.fromStopId,
    toStopId: ref.toStopId,
    fromPartnerId: from.partnerId,
    toPartnerId: to.partnerId,
    trainNumber: t.number,
    departure: { date: t.departure.date, time: t.departure.time },
    arrival: { date: t.arrival.date, time: t.arrival.time },
  };
  const cars: JourneyCheck['cars'] = new Map(
    details.cars.map((c) => [
      c.carId,
      {
        orderNo: c.orderNo,
        typeId: c.typeId,
        carClass: c.carClass,
        seats: new Map(c.seats.filter((s) => BOOKABLE.has(s.type)).map((s) => [s.seatId, s.label])),
      },
    ]),
  );
  return { check: { selection, cars }, details };
}

function emptySelection(ref: ParsedJourneyRef): JourneySelection {
  const none = { date: ref.date, time: '' };
  return {
    timeTableTrainSetId: 0,
    providerId: -1,
    date: ref.date,
    fromStopId: ref.fromStopId,
    toStopId: ref.toStopId,
    fromPartnerId: -1,
    toPartnerId: -1,
    trainNumber: '',
    departure: none,
    arrival: none,
  };
}
