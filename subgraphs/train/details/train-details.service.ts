import type { TrainPorts } from '../train-ports.type';
import type { Principal } from '../../../shared/auth/token.service';
import { AppError } from '../../../shared/errors/app-error.exception';
import { ExchangeRates, snapshotRates } from '../../../shared/money/exchange-rates.port';
import { checkTrainDetailsTrip } from '../../../shared/api-contract/train-trip-ref.validator';
import { carPrices, priceTrainFare, trainRatePairs, TrainCarPrice, TrainLuggageChoice } from '../pricing/train-pricing.calculator';
import { RailProvider, RailProviderError, RailTripDetails } from '../provider/rail-provider.port';
import type { StationService } from '../services/station.service';
import { decodeTrainSetId } from '../search/dated-trainset.codec';
import { pricingContextOf } from '../../../shared/auth/roles.types';
import { RAIL_PROVIDER_KEY, trainTripView, TrainTripView } from '../search/train-trip.view';

export class TrainDetailsException extends AppError {
  static invalid(fields: Array<{ field: string; message: string }>): TrainDetailsException {
    return new TrainDetailsException('BAD_REQUEST', 400, `Invalid trip: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, { fields });
  }
  static notFound(): TrainDetailsException {
    return new TrainDetailsException('SGR_TRIP_NOT_FOUND', 404, 'No such train on that date between these stations; search again');
  }
  static unavailable(retryable: boolean): TrainDetailsException {
    return new TrainDetailsException('SGR_PROVIDER_UNAVAILABLE', 503, 'The SGR booking system is temporarily unavailable; retry shortly', { retryable });
  }
}

/** The identifiers of a selected search item; the rest of the item is never read. */
export interface TrainTripRef {
  timeTableTrainSetId?: number | null;
  departureStopId?: string | null;
  arrivalStopId?: string | null;
  departureDate?: string | null;
}

export interface TrainSeatView {
  id: string;
  label: string;
  positionY: number;
  positionX: number;
  key: string;
  type: string;
  class: string;
  orientation: string;
  available: boolean;
}

export interface TrainDetailsCarView {
  id: number;
  name: string;
  orderNo: number;
  carId: number;
  carTypeId: number;
  carType: string;
  capacity: number;
  standardCapacity: number;
  disabledCapacity: number;
  emptySeats: number;
  rowCount: number;
  columnCount: number;
  hasSeat: boolean;
  isActive: boolean;
  isDisabled: boolean;
  prices: TrainCarPrice[];
  seats: TrainSeatView[];
}

export interface TrainBookingOptionView {
  code: string;
  id: number;
  title: string;
  price: number;
}

export interface TrainDetailsView extends TrainTripView {
  train: { id: number; typeId: number; type: string; name: string; number: number; carTypes: string[]; cars: TrainDetailsCarView[] };
  bookingRequirements: {
    travelerRequirements: Record<
      | 'travelerId'
      | 'genderRequired'
      | 'ageCategory'
      | 'seatRequired'
      | 'nationality'
      | 'luggageRequired'
      | 'emailAddressRequired'
      | 'mobilePhoneNumberRequired',
      boolean
    >;
    nationalityOptions: TrainBookingOptionView[];
    luggageOptions: Array<{ id: number; name: string; description: string; weight: number; price: number; isActive: boolean; configurationItemId: number }>;
    ticketTypeOptions: TrainBookingOptionView[];
  };
}

export interface TrainDetailsOutcome {
  meta: { provider: string; links: { self: string }; createdAt: string };
  data: TrainDetailsView;
}

/**
 * What a reservation passenger (OpenAPI `TrainReservationPassengerInput`) asks of a traveler: identity may be
 * blank, gender is collected, ticket type fixes the age category, a seat, nationality and phone are needed,
 * email is optional and luggage details are not accepted.
 */
const TRAVELER_REQUIREMENTS: TrainDetailsView['bookingRequirements']['travelerRequirements'] = {
  travelerId: true,
  genderRequired: true,
  ageCategory: true,
  seatRequired: true,
  nationality: true,
  luggageRequired: false,
  emailAddressRequired: false,
  mobilePhoneNumberRequired: true,
};

const PROVIDER_IDS = 10_000;

/**
 * POST /api/trip/train/details: the client sends back a whole search item, but only its identifiers are
 * read (train set, stations, searched date); the trip, seat maps, fares and options are reloaded from the
 * provider and priced for the caller, so nothing the client changed in the item can reach the answer.
 */
export class TrainDetailsService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'config' | 'publicBaseUrl'>,
    private readonly provider: RailProvider,
    private readonly stations: StationService,
    private readonly rates: ExchangeRates,
  ) {}

  async details(principal: Principal, ref: TrainTripRef, headerCurrency?: string): Promise<TrainDetailsOutcome> {
    const input = this.validate(ref);
    const now = this.ports.clock.now();
    const details = await this.load(input);
    const currencies = [...new Set([...(headerCurrency ? [headerCurrency] : []), ...this.ports.config.otherCurrencies])];
    const rates = await snapshotRates(this.rates, trainRatePairs(currencies));
    const pricingContext = pricingContextOf(principal.role);
    const t = details.trip;
    const trip = trainTripView(t, priceTrainFare({ fare: t.fareFrom, pricingContext, displayCurrencies: currencies, rates }), (id) =>
      this.stations.byStopId(id),
    );

    // The operator's "no luggage" option is the price-0 one (id 5): it names the entry carPrices prices without luggage.
    const none = details.luggageOptions.find((o) => Number(o.price) === 0 && o.isActive);
    const luggage: TrainLuggageChoice[] = details.luggageOptions
      .filter((o) => o !== none)
      .map((o) => ({ id: o.id, name: o.name, price: o.price, isActive: o.isActive }));
    const pricesByClass = new Map<string, TrainCarPrice[]>();
    const pricesOf = (carClass: string): TrainCarPrice[] => {
      let prices = pricesByClass.get(carClass);
      if (!prices) {
        const fares = details.fares.filter((f) => f.carClass === carClass);
        prices = carPrices({ fares, luggageOptions: luggage, pricingContext, displayCurrencies: currencies, rates }).map((p) =>
          p.luggageTypeId === null && none ? { ...p, luggageTypeId: none.id, luggageTypeName: none.name } : p,
        );
        pricesByClass.set(carClass, prices);
      }
      return prices;
    };

    const cars = details.cars.map((c) => carView(c, pricesOf(c.carClass)));
    return {
      meta: { provider: RAIL_PROVIDER_KEY, links: { self: `${this.ports.publicBaseUrl}/api/trip/train/details` }, createdAt: now.toISOString() },
      data: {
        ...trip,
        train: { ...details.train, carTypes: trip.carTypes, cars },
        bookingRequirements: bookingRequirementsOf(details),
      },
    };
  }

  private validate(ref: TrainTripRef): { providerId: number; fromStopId: string; toStopId: string; date: string } {
    const checked = checkTrainDetailsTrip(ref);
    if ('problems' in checked) throw TrainDetailsException.invalid(checked.problems);
    const { timeTableTrainSetId: id, fromStopId, toStopId, date } = checked.ref;

    // Search hands out dated ids (day × 10 000 + the provider's id); a bare provider id is accepted too.
    let providerId = id;
    if (providerId >= PROVIDER_IDS) {
      const dated = decodeTrainSetId(providerId);
      if (!dated || dated.date !== date) throw TrainDetailsException.notFound();
      providerId = dated.providerId;
    }
    // A well-formed stop that is not on the SGR line cannot have a train: the trip is unknown.
    if (!this.stations.byStopId(fromStopId) || !this.stations.byStopId(toStopId)) throw TrainDetailsException.notFound();
    return { providerId, fromStopId, toStopId, date };
  }

  private async load(input: { providerId: number; fromStopId: string; toStopId: string; date: string }): Promise<RailTripDetails> {
    try {
      return await this.provider.tripDetails({
        timeTableTrainSetId: input.providerId,
        fromStopId: input.fromStopId,
        toStopId: input.toStopId,
        date: input.date,
      });
    } catch (error) {
      if (error instanceof RailProviderError) {
        if (error.code === 'TRIP_NOT_FOUND') throw TrainDetailsException.notFound();
        throw TrainDetailsException.unavailable(error.retryable);
      }
      throw error;
    }
  }
}

/** One car of the train with its seat map and its prices (by class, with and without luggage). */
function carView(c: RailTripDetails['cars'][number], prices: TrainCarPrice[]): TrainDetailsCarView {
  return {
    id: c.carId,
    name: `${c.typeName} ${c.orderNo}`,
    orderNo: c.orderNo,
    carId: c.carId,
    carTypeId: c.typeId,
    carType: c.typeName,
    capacity: c.capacity,
    standardCapacity: c.standardSeatCapacity,
    disabledCapacity: c.disabledSeatCapacity,
    emptySeats: c.emptySeats,
    rowCount: c.rowCount,
    columnCount: c.columnCount,
    hasSeat: c.hasSeat,
    isActive: c.isActive,
    isDisabled: c.isDisabled,
    prices,
    seats: c.seats.map((s) => ({
      id: String(s.seatId),
      label: s.label,
      positionY: s.positionY,
      positionX: s.positionX,
      key: `${c.carId}-${s.seatId}`,
      type: s.type,
      class: s.carClass,
      orientation: s.orientation,
      available: s.available,
    })),
  };
}

/** The details' booking requirements: traveler fields, nationality, luggage and ticket type options. */
function bookingRequirementsOf(details: RailTripDetails) {
  // Ticket types are quoted at the cheapest class's fare, like the trip price.
  const cheapest = (ticketTypeId: number): number => {
    const amounts = details.fares.filter((f) => f.ticketTypeId === ticketTypeId).map((f) => Number(f.amount));
    return amounts.length ? Math.min(...amounts) : 0;
  };
  return {
    travelerRequirements: { ...TRAVELER_REQUIREMENTS },
    nationalityOptions: details.nationalityOptions.map((o) => ({ code: o.code, id: o.id, title: o.title, price: 0 })),
    luggageOptions: details.luggageOptions.map((o) => ({
      id: o.id,
      name: o.name,
      description: o.description,
      weight: o.weightKg,
      price: Number(o.price),
      isActive: o.isActive,
      configurationItemId: o.configurationItemId,
    })),
    ticketTypeOptions: details.ticketTypeOptions.map((o) => ({ code: o.code, id: o.id, title: o.title, price: cheapest(o.id) })),
  };
}
