import { checkTrainDetailsTrip, checkTrainTripRef } from './train-trip-ref.validator';

const REF = { timeTableTrainSetId: 3394101, departureStopId: ' DAR:SGR:0 ', arrivalStopId: 'DOD:SGR:0', departureDate: '2026-12-01' };

describe('the selected-train validator (details and reservations, REST and GraphQL alike)', () => {
  it('reads the identifiers trimmed, and names each problem where it sits in the item the client sent back', () => {
    expect(checkTrainTripRef(REF, 'outbound')).toEqual({
      ref: { timeTableTrainSetId: 3394101, fromStopId: 'DAR:SGR:0', toStopId: 'DOD:SGR:0', date: '2026-12-01' },
      problems: [],
    });
    expect(checkTrainTripRef({ timeTableTrainSetId: 0, departureStopId: 'DAR', arrivalStopId: 7, departureDate: '2026-02-30' }, 'return').problems).toEqual([
      { field: 'return.trip.timeTableTrainSetId', message: 'must be a positive whole number' },
      { field: 'return.departure.stop.stop_id', message: 'must be an SGR stop_id of the form <STATION>:SGR:0' },
      { field: 'return.arrival.stop.stop_id', message: 'must be a string' },
      { field: 'return.departure.date', message: 'must be a real date in YYYY-MM-DD form' },
    ]);
  });

  it('keeps what was read even with problems (a reservation still looks the train up to list its problems too)', () => {
    expect(checkTrainTripRef({ departureStopId: 'X'.repeat(70) + ':SGR:0' }, 'outbound')).toMatchObject({
      ref: { timeTableTrainSetId: 0, toStopId: '', date: '' },
      problems: [
        { field: 'outbound.trip.timeTableTrainSetId', message: 'is required (a number)' },
        { field: 'outbound.departure.stop.stop_id', message: 'must be an SGR stop_id of the form <STATION>:SGR:0' },
        { field: 'outbound.arrival.stop.stop_id', message: 'is required' },
        { field: 'outbound.departure.date', message: 'is required' },
      ],
    });
  });

  it('details: the train goes somewhere (its stops differ), checked once the identifiers are sound', () => {
    expect(checkTrainDetailsTrip({ ...REF, arrivalStopId: 'DAR:SGR:0' })).toEqual({
      problems: [{ field: 'trip.arrival.stop.stop_id', message: 'must differ from the departure stop' }],
    });
    expect(checkTrainDetailsTrip(REF)).toMatchObject({ ref: { fromStopId: 'DAR:SGR:0' } });
  });
});
