import { checkTrainHoldKey, checkTrainSeatHold } from './train-seat-hold.validator';

const HOLD = { departureStopPartnerId: 101, arrivalStopPartnerId: 111, timeTableTrainSetId: 3394101, carId: 410101, seat: 4015 };
const problems = (checked: ReturnType<typeof checkTrainSeatHold> | ReturnType<typeof checkTrainHoldKey>) => ('problems' in checked ? checked.problems : []);

describe('the seat hold validator (REST and GraphQL alike)', () => {
  it('answers the hold with the seat as a number (also from the numeric string details gives) and no luggage by default', () => {
    expect(checkTrainSeatHold({ ...HOLD, seat: '4015' })).toEqual({ hold: { ...HOLD, luggageId: 5 } });
    expect(checkTrainSeatHold({ ...HOLD, luggageId: 6 })).toEqual({ hold: { ...HOLD, luggageId: 6 } });
  });

  it('lists every problem at once in member order: missing, of the wrong JSON type, not a positive Int', () => {
    expect(problems(checkTrainSeatHold({ arrivalStopPartnerId: '111', timeTableTrainSetId: 0, carId: 2 ** 31, seat: '99999999999', luggageId: 1.5 }))).toEqual([
      { field: 'departureStopPartnerId', message: 'is required (number)' },
      { field: 'arrivalStopPartnerId', message: 'must be a number' },
      { field: 'timeTableTrainSetId', message: 'must be a positive whole number' },
      { field: 'carId', message: 'must be a positive whole number' },
      { field: 'seat', message: 'must be a seat id (a whole number)' },
      { field: 'luggageId', message: 'must be a positive whole number' },
    ]);
  });

  it('a hold goes somewhere: the two stations differ (checked once the rest is sound)', () => {
    expect(problems(checkTrainSeatHold({ ...HOLD, arrivalStopPartnerId: 101 }))).toEqual([
      { field: 'arrivalStopPartnerId', message: 'must differ from departureStopPartnerId' },
    ]);
  });

  it('a release names its hold key: given, not blank, bounded', () => {
    expect(checkTrainHoldKey(' SGRH-1 ')).toEqual({ key: 'SGRH-1' });
    expect(problems(checkTrainHoldKey(null))).toEqual([{ field: 'key', message: 'is required (string)' }]);
    expect(problems(checkTrainHoldKey('  '))).toEqual([{ field: 'key', message: 'is required' }]);
    expect(problems(checkTrainHoldKey('K'.repeat(201)))).toEqual([{ field: 'key', message: 'must be at most 200 characters' }]);
  });
});
