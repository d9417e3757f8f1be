import { checkBusSearch } from './bus-search.validator';

const problems = (checked: ReturnType<typeof checkBusSearch>) => ('problems' in checked ? checked.problems : []);

describe('the bus search validator (REST and GraphQL alike)', () => {
  it('lists every problem at once in parameter order, each with its kind', () => {
    expect(problems(checkBusSearch({ from: 'dar', to: ' ', date: '01-12-2026' }))).toEqual([
      { field: 'from', kind: 'malformed', message: '"dar" is not a bus stop id of the form <CITY>:RGN:0' },
      { field: 'to', kind: 'missing', message: 'is required' },
      { field: 'date', kind: 'malformed', message: '"01-12-2026" is not a real date in YYYY-MM-DD form' },
    ]);
  });

  it('bounds every parameter before reading it', () => {
    expect(problems(checkBusSearch({ from: 'A'.repeat(65), to: 'ARUSHA:RGN:0', date: '2026-12-01'.repeat(4) }))).toEqual([
      { field: 'from', kind: 'malformed', message: 'must be at most 64 characters' },
      { field: 'date', kind: 'malformed', message: 'must be at most 32 characters' },
    ]);
  });

  it("answers the trimmed parameters, whether or not the stops exist (the stop list is the subgraph's)", () => {
    expect(checkBusSearch({ from: ' ATLANTIS:RGN:0 ', to: 'ARUSHA:RGN:0', date: '2026-12-01' })).toEqual({
      search: { from: 'ATLANTIS:RGN:0', to: 'ARUSHA:RGN:0', date: '2026-12-01' },
    });
  });
});
