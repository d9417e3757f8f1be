import type { Clock } from '../../../shared/time/clock.port';
import { snapshotRates, type ExchangeRates } from '../../../shared/money/exchange-rates.port';
import { addDays, daysBetween } from '../../../shared/time/calendar-date.calculator';
import { omit } from '../../../shared/object/omit.mapper';
import type { BusStopRecord } from '../services/bus-stop.service';
import type { BusNetwork } from '../services/bus-network.service';
import { BUS_DISPLAY_CURRENCIES, fareRatePairs } from '../services/bus-fares.calculator';
import { tripsDepartingOn, type DatedTrip } from '../services/bus-timetable.calculator';
import { busPlace, busTripView, minutesBetween, travelDuration, type BusTripView, type TripViewContext } from '../services/bus-trip.view';
import { transferMinutes } from './bus-connections.policy';
import { validateBusSearch, type BusSearchQuery } from './bus-search.request';
import type { BusAlternativeRouteView, BusConnectionView, BusRouteTripsView, BusSearchResultView, BusSeatingLayoutView } from './bus-search.view';

/** At most this many hubs are offered, best (earliest arrival) first ... */
export const MAX_HUBS = 3;
/** ... each with at most this many connections (one per first-leg departure). */
export const MAX_CONNECTIONS_PER_HUB = 4;

interface Leg {
  trip: DatedTrip;
  from: number;
  to: number;
}

/**
 * Bus search over the reference network: direct trips grouped by route, or, only when no
 * route sells the pair, connections through one hub. Everything is computed from in-memory
 * indexes (patterns by stop), so a search costs no I/O besides one rate snapshot.
 */
export class BusSearchService {
  constructor(
    /** Only the clock: "today" for the date checks and the rates' snapshot. */
    private readonly ports: { clock: Clock },
    private readonly network: BusNetwork,
    private readonly rates: ExchangeRates,
  ) {}

  async search(query: BusSearchQuery, headerCurrency?: string): Promise<BusSearchResultView> {
    const now = this.ports.clock.now();
    const search = validateBusSearch(query, (id) => this.network.stops.byStopId(id), now);
    const direct = this.direct(search.from, search.to, search.date);
    const connections = direct.length ? null : this.connections(search.from, search.to, search.date);
    const currencies = [...new Set([...BUS_DISPLAY_CURRENCIES, ...(headerCurrency ? [headerCurrency] : [])])];
    const legs = [...direct, ...(connections ?? []).flatMap((c) => c.legs)];
    const rates = await snapshotRates(
      this.rates,
      fareRatePairs(
        legs.map((l) => l.trip.pattern.route.fare.currency),
        currencies,
      ),
    );
    const context: TripViewContext = { now, currencies, rates, fares: new Map() };
    const view = (leg: Leg) => busTripView(leg.trip, leg.from, leg.to, context);

    const exactRoute: BusRouteTripsView[] = [];
    for (const leg of direct) {
      const name = leg.trip.pattern.route.name;
      const group = exactRoute.find((g) => g.routeName === name) ?? exactRoute[exactRoute.push({ routeName: name, trips: [] }) - 1];
      group.trips.push(view(leg));
    }
    const alternatives = connections === null ? null : this.alternatives(connections, view, search.from, search.to);
    return { exactRoute, alternatives, seatingLayouts: this.layoutsOf(legs) };
  }

  /** Trips leaving `from` on the date (local there) and selling to `to`, earliest first. */
  private direct(from: BusStopRecord, to: BusStopRecord, date: string): Leg[] {
    return this.network
      .serving(from.stopId, to.stopId)
      .flatMap(({ pattern, from: f, to: t }) => tripsDepartingOn(pattern, f, date).map((trip) => ({ trip, from: f, to: t })))
      .sort((a, b) => departs(a) - departs(b));
  }

  /** For each hub, each first leg leaving on the date with the earliest second leg that makes a sensible transfer. */
  private connections(from: BusStopRecord, to: BusStopRecord, date: string): Array<{ hub: BusStopRecord; legs: [Leg, Leg]; transfer: number }> {
    const reaching = this.network.reaching(to.stopId);
    const hubs = [...this.network.reachableFrom(from.stopId)].filter((id) => reaching.has(id) && id !== from.stopId && id !== to.stopId);
    const byHub = hubs.map((hubId) => {
      const hub = this.network.stops.byStopId(hubId)!;
      const onward = (d: string) => this.direct(hub, to, d);
      const onwardByDate = new Map<string, Leg[]>();
      const found = this.direct(from, hub, date).flatMap((first) => {
        const arrival = first.trip.calls[first.to];
        const candidates = [arrival.arrival.date, addDays(arrival.arrival.date, 1)].flatMap((d) => {
          if (!onwardByDate.has(d)) onwardByDate.set(d, onward(d));
          return onwardByDate.get(d)!;
        });
        for (const second of candidates) {
          // Riding one route out and back (past the stop you want) is no connection.
          if (second.trip.pattern.route === first.trip.pattern.route) continue;
          const transfer = transferMinutes(arrival, second.trip.calls[second.from]);
          if (transfer !== null) return [{ hub, legs: [first, second] as [Leg, Leg], transfer }];
        }
        return [];
      });
      return found.slice(0, MAX_CONNECTIONS_PER_HUB);
    });
    const earliestArrival = (list: (typeof byHub)[number]) => Math.min(...list.map((c) => arrives(c.legs[1])));
    return byHub
      .filter((list) => list.length > 0)
      .sort((a, b) => earliestArrival(a) - earliestArrival(b))
      .slice(0, MAX_HUBS)
      .flat();
  }

  private alternatives(
    connections: Array<{ hub: BusStopRecord; legs: [Leg, Leg]; transfer: number }>,
    view: (leg: Leg) => BusTripView,
    from: BusStopRecord,
    to: BusStopRecord,
  ): BusAlternativeRouteView[] {
    const routes: BusAlternativeRouteView[] = [];
    for (const c of connections) {
      const name = `${from.stopName} → ${c.hub.stopName} → ${to.stopName}`;
      const route = routes.find((r) => r.name === name) ?? routes[routes.push({ name, connections: [] }) - 1];
      const legs = c.legs.map(view);
      const [first, second] = c.legs;
      const departure = first.trip.calls[first.from];
      const arrival = second.trip.calls[second.to];
      const totalTravel = omit(travelDuration(minutesBetween(departure.departureAt, arrival.arrivalAt)), 'clock');
      const connection: BusConnectionView = {
        via: busPlace(c.hub),
        legs,
        transferMinutes: c.transfer,
        totalTravel,
        departureDate: legs[0].departureDate,
        estimatedArrivalDate: legs[1].estimatedArrivalDate,
        estimatedArrivalDays: daysBetween(departure.departure.date, arrival.arrival.date),
        bookable: legs.every((l) => !l.canceled && !l.hasLeftOrigin && l.availableSeats > 0),
      };
      route.connections.push(connection);
    }
    return routes;
  }

  private layoutsOf(legs: Leg[]): BusSeatingLayoutView[] {
    const layouts = new Map(legs.map((l) => [l.trip.vehicle.layout.id, l.trip.vehicle.layout]));
    return [...layouts.values()].map((l) => ({
      id: l.id,
      sections: l.sections.map((s) => ({ key: s.key, cells: s.cells })),
    }));
  }
}

const departs = (leg: Leg) => leg.trip.calls[leg.from].departureAt.getTime();
const arrives = (leg: Leg) => leg.trip.calls[leg.to].arrivalAt.getTime();
