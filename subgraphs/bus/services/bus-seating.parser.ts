import { pick } from '../../../shared/simulation/deterministic-hash.calculator';

export type SeatCellType = 'SEAT' | 'AISLE' | 'DOOR' | 'DRIVER';
export type SeatClass = 'LUXURY' | 'SEMI_LUXURY' | 'ORDINARY';
export type Orientation = 'UP' | 'DOWN' | 'LEFT' | 'RIGHT';

export interface SeatCell {
  /** The seat number for seats ("12"); TYPE-row-column for the other cells. */
  id: string;
  /** Empty for cells that are not seats. */
  label: string;
  positionX: number;
  positionY: number;
  /** Unique within the vehicle: section:row:column. */
  key: string;
  type: SeatCellType;
  class: SeatClass;
  orientation: Orientation;
}

export interface SeatingSection {
  key: string;
  sectionName: string;
  seatingRows: number;
  seatingColumns: number;
  cells: SeatCell[];
  /** Seat ids of the section, front to back. */
  seats: string[];
}

export interface SeatingLayout {
  id: string;
  sections: SeatingSection[];
  seatCount: number;
  /** The widest section's columns (what a vehicle's seatingColumns reports). */
  seatingColumns: number;
}

export interface SeatingLayoutRecord {
  id: string;
  sections: Array<{ key: string; sectionName: string; class: string; rows: string[] }>;
}

const CELL: Record<string, SeatCellType> = { S: 'SEAT', _: 'AISLE', D: 'DOOR', X: 'DRIVER' };

/**
 * A layout is written as rows of characters (S seat, _ aisle, D door, X driver), front row
 * first, the way a seat map is drawn; seats are numbered front to back, left to right,
 * continuing across sections (decks) as on the tickets.
 */
export function parseSeatingLayout(record: SeatingLayoutRecord): SeatingLayout {
  let seatNumber = 0;
  const sections = record.sections.map((s) => {
    const columns = s.rows[0].length;
    const cells: SeatCell[] = [];
    s.rows.forEach((row, y) => {
      if (row.length !== columns) throw new Error(`layout ${record.id}/${s.key}: row ${y} has ${row.length} cells, expected ${columns}`);
      [...row].forEach((ch, x) => {
        const type = CELL[ch];
        if (!type) throw new Error(`layout ${record.id}/${s.key}: unknown cell "${ch}"`);
        const label = type === 'SEAT' ? String(++seatNumber) : '';
        cells.push({
          id: label || `${type}-${y}-${x}`,
          label,
          positionX: x,
          positionY: y,
          key: `${s.key}:${y}:${x}`,
          type,
          class: s.class as SeatClass,
          orientation: type === 'DOOR' ? 'LEFT' : 'UP',
        });
      });
    });
    return {
      key: s.key,
      sectionName: s.sectionName,
      seatingRows: s.rows.length,
      seatingColumns: columns,
      cells,
      seats: cells.filter((c) => c.type === 'SEAT').map((c) => c.id),
    };
  });
  return { id: record.id, sections, seatCount: seatNumber, seatingColumns: Math.max(...sections.map((s) => s.seatingColumns)) };
}

/** Seats already sold on a dated trip: a load factor of 10–90% and which seats, both hashed from the trip id, so every process agrees. */
export function bookedSeats(tripId: string, layout: SeatingLayout): Set<string> {
  const load = 10 + pick(81, tripId, 'load');
  return new Set(layout.sections.flatMap((s) => s.seats).filter((seat) => pick(100, tripId, seat) < load));
}
