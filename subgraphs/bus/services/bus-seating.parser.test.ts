import { bookedSeats, parseSeatingLayout } from './bus-seating.parser';

describe('bus seating layouts', () => {
  const layout = parseSeatingLayout({
    id: 'T',
    sections: [
      { key: 'LOWER', sectionName: 'Lower', class: 'LUXURY', rows: ['D__X', 'S__S'] },
      { key: 'UPPER', sectionName: 'Upper', class: 'SEMI_LUXURY', rows: ['SS_SS', 'SSSSS'] },
    ],
  });

  it('reads rows of cells, numbering seats front to back across sections', () => {
    expect(layout.seatCount).toBe(11);
    expect(layout.seatingColumns).toBe(5);
    expect(layout.sections[0].cells.slice(0, 4).map((c) => [c.type, c.id, c.label])).toEqual([
      ['DOOR', 'DOOR-0-0', ''],
      ['AISLE', 'AISLE-0-1', ''],
      ['AISLE', 'AISLE-0-2', ''],
      ['DRIVER', 'DRIVER-0-3', ''],
    ]);
    expect(layout.sections[0].seats).toEqual(['1', '2']);
    expect(layout.sections[1].seats).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(layout.sections[1].cells[0]).toMatchObject({ positionX: 0, positionY: 0, key: 'UPPER:0:0', class: 'SEMI_LUXURY', orientation: 'UP' });
  });

  it('refuses a ragged row or an unknown cell', () => {
    expect(() => parseSeatingLayout({ id: 'B', sections: [{ key: 'M', sectionName: 'M', class: 'ORDINARY', rows: ['SS_S', 'SS'] }] })).toThrow(/row 1/);
    expect(() => parseSeatingLayout({ id: 'B', sections: [{ key: 'M', sectionName: 'M', class: 'ORDINARY', rows: ['SQ'] }] })).toThrow(/unknown cell/);
  });

  it('books the same seats of a trip every time, and only seats', () => {
    const a = bookedSeats('ROUTE:OUTBOUND:0600:2026-12-01', layout);
    expect(bookedSeats('ROUTE:OUTBOUND:0600:2026-12-01', layout)).toEqual(a);
    const seats = new Set(layout.sections.flatMap((s) => s.seats));
    for (const seat of a) expect(seats.has(seat)).toBe(true);
  });
});
