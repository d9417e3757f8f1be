import type { SeatCell } from '../services/bus-seating.parser';
import type { BusEstimatedTravelView, BusPlaceView, BusTripView } from '../services/bus-trip.view';

/* The bus search's answer as the service builds it: plain data the GraphQL BusSearchResult shows field for field. */

/** Trips of one route serving the searched pair. */
export interface BusRouteTripsView {
  routeName: string;
  trips: BusTripView[];
}

/** Two trips with a change of bus at a hub. */
export interface BusConnectionView {
  via: BusPlaceView;
  legs: BusTripView[];
  transferMinutes: number;
  totalTravel: BusEstimatedTravelView;
  departureDate: string;
  estimatedArrivalDate: string;
  estimatedArrivalDays: number;
  bookable: boolean;
}

/** Connections through one hub. */
export interface BusAlternativeRouteView {
  name: string;
  connections: BusConnectionView[];
}

/** A seating layout, given once per search however many trips use it. */
export interface BusSeatingLayoutView {
  id: string;
  sections: Array<{ key: string; cells: SeatCell[] }>;
}

export interface BusSearchResultView {
  exactRoute: BusRouteTripsView[];
  /** Null when a direct trip exists. */
  alternatives: BusAlternativeRouteView[] | null;
  seatingLayouts: BusSeatingLayoutView[];
}
