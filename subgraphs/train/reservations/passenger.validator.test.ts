import { validateTrainPassengers, type ValidationContext } from './passenger.validator';

const context: ValidationContext = {
  journeys: {
    OUTBOUND: {
      selection: {
        timeTableTrainSetId: 1,
        providerId: 1,
        date: '2026-12-10',
        fromStopId: 'DAR:SGR:0',
        toStopId: 'MOR:SGR:0',
        fromPartnerId: 1,
        toPartnerId: 2,
        trainNumber: 'S1',
        departure: { date: '2026-12-10', time: '06:00' },
        arrival: { date: '2026-12-10', time: '10:00' },
      } as ValidationContext['journeys']['OUTBOUND']['selection'],
      cars: new Map(),
    },
    RETURN: null,
  },
  holds: new Map(),
  nationalityIds: [1],
  ticketTypeIds: [4, 3],
  now: new Date('2026-12-01T00:00:00Z'),
  fallbackPhone: '620000000',
  maxPassengers: 10,
};

describe('validateTrainPassengers: the passenger list', () => {
  it('caps the list before checking any passenger: 20,000 passengers are one short problem', () => {
    const result = validateTrainPassengers(
      Array.from({ length: 20_000 }, () => ({ passengerName: 1 })),
      context,
    );
    expect(result).toEqual({
      ok: false,
      fields: [
        {
          passengerIndex: null,
          field: 'passengers',
          message: 'at most 10 passengers: each needs its own seat hold, and an account keeps at most 10 at once; 20000 were given',
        },
      ],
    });
  });

  it('checks each passenger of a list within the cap', () => {
    const result = validateTrainPassengers(
      Array.from({ length: 10 }, () => ({})),
      context,
    );
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.fields;
    expect(fields.every((f) => f.passengerIndex !== null)).toBe(true);
    expect(new Set(fields.map((f) => f.passengerIndex)).size).toBe(10);
  });
});
