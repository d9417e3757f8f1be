import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BusEstimatedTravel, BusPlace, BusTrip } from './bus-trip.type';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import type { Orientation, SeatCell, SeatCellType, SeatClass } from '../services/bus-seating.parser';
import type { BusAlternativeRouteView, BusConnectionView, BusRouteTripsView, BusSearchResultView, BusSeatingLayoutView } from '../search/bus-search.view';

export enum BusSeatCellType {
  SEAT = 'SEAT',
  AISLE = 'AISLE',
  DOOR = 'DOOR',
  DRIVER = 'DRIVER',
}
registerEnumType(BusSeatCellType, {
  name: 'BusSeatCellType',
  description: 'What a cell of a seating grid is',
  valuesConfig: {
    SEAT: { description: 'A seat' },
    AISLE: { description: 'Aisle space' },
    DOOR: { description: 'A door' },
    DRIVER: { description: "The driver's seat" },
  },
});

export enum BusSeatClass {
  LUXURY = 'LUXURY',
  SEMI_LUXURY = 'SEMI_LUXURY',
  ORDINARY = 'ORDINARY',
}
registerEnumType(BusSeatClass, {
  name: 'BusSeatClass',
  description: 'Class of a seat',
  valuesConfig: { LUXURY: { description: 'Luxury class' }, SEMI_LUXURY: { description: 'Semi-luxury class' }, ORDINARY: { description: 'Ordinary class' } },
});

@ObjectType({ simpleResolvers: true, description: 'Trips of one route serving the searched pair (exactRoute is keyed by routeName in REST)' })
export class BusRouteTrips implements BusRouteTripsView {
  @Field({ description: 'Route name (the REST key)' })
  routeName!: string;

  @Field(() => [BusTrip], { description: 'Trips of the route, earliest first' })
  trips!: BusTrip[];
}

// The legs last: REST answers the fields in this order (docs/rest-shapes.md).
@ObjectType({ simpleResolvers: true, description: 'Two trips with a change of bus at a hub' })
export class BusConnection implements BusConnectionView {
  @Field(() => BusPlace, { description: 'The stop where the passenger changes bus' })
  via!: BusPlace;

  @Field(() => Int, { description: 'Minutes between arriving at the hub and the next leg leaving it' })
  transferMinutes!: number;

  @Field(() => DateTimeScalar, { description: 'Departure of the first leg, with its offset' })
  departureDate!: string;

  @Field(() => DateTimeScalar, { description: 'Arrival of the last leg, with its offset' })
  estimatedArrivalDate!: string;

  @Field(() => Int, { description: 'Local calendar days from departure to arrival: 0 same day' })
  estimatedArrivalDays!: number;

  @Field({ description: 'False when a leg is cancelled, the first leg has left, or a leg has no seat left' })
  bookable!: boolean;

  @Field(() => BusEstimatedTravel, { description: 'From the first departure to the last arrival, transfer included' })
  totalTravel!: BusEstimatedTravel;

  @Field(() => [BusTrip], { description: 'The two legs, in travel order' })
  legs!: BusTrip[];
}

@ObjectType({ simpleResolvers: true, description: 'Connections through one hub (alternatives are keyed by name in REST)' })
export class BusAlternativeRoute implements BusAlternativeRouteView {
  @Field({ description: 'e.g. "Dar es Salaam → Arusha → Nairobi"' })
  name!: string;

  @Field(() => [BusConnection], { description: 'Connections of this alternative, earliest first' })
  connections!: BusConnection[];
}

@ObjectType({ simpleResolvers: true, description: 'One cell of a seating grid' })
export class BusSeatCell implements SeatCell {
  @Field({ description: 'Seat id, as in BusSeatingSection.seats; a cell id for other cells' })
  id!: string;

  @Field({ description: 'Empty for cells that are not seats' })
  label!: string;

  @Field(() => Int, { description: 'Zero-based column' })
  positionX!: number;

  @Field(() => Int, { description: 'Zero-based row' })
  positionY!: number;

  @Field({ description: 'Cell key, unique in its section' })
  key!: string;

  @Field(() => BusSeatCellType, { description: 'What the cell is' })
  type!: SeatCellType;

  @Field(() => BusSeatClass, { description: 'Class of the seat' })
  class!: SeatClass;

  @Field(() => String, { description: 'UP, DOWN, LEFT or RIGHT' })
  orientation!: Orientation;
}

@ObjectType({ simpleResolvers: true, description: 'One section (deck) of a seating layout' })
export class BusSeatingLayoutSection {
  @Field({ description: 'Section key, as BusSeatingSection.key' })
  key!: string;

  @Field(() => [BusSeatCell], { description: 'Every cell of the section grid' })
  cells!: BusSeatCell[];
}

@ObjectType({ simpleResolvers: true, description: 'A seating layout, given once per search however many trips use it' })
export class BusSeatingLayout implements BusSeatingLayoutView {
  @Field({ description: 'Layout id, as BusVehicle.seatingLayoutId' })
  id!: string;

  @Field(() => [BusSeatingLayoutSection], { description: 'The sections (decks) of the layout' })
  sections!: BusSeatingLayoutSection[];
}

@ObjectType({ simpleResolvers: true, description: 'Bus trips between two stops on a date (GET /api/trip/search)' })
export class BusSearchResult implements BusSearchResultView {
  @Field(() => [BusRouteTrips], { description: 'Direct trips by route, earliest route first' })
  exactRoute!: BusRouteTrips[];

  @Field(() => [BusAlternativeRoute], { nullable: true, description: 'Connections through a hub; null when a direct trip exists' })
  alternatives!: BusAlternativeRoute[] | null;

  @Field(() => [BusSeatingLayout], { description: "The layouts of every trip above (each trip's vehicle.seatingLayoutId)" })
  seatingLayouts!: BusSeatingLayout[];
}
