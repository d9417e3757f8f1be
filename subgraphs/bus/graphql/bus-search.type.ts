import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BusEstimatedTravel, BusPlace, BusTrip } from './bus-trip.type';

export enum BusSeatCellType {
  SEAT = 'SEAT',
  AISLE = 'AISLE',
  DOOR = 'DOOR',
  DRIVER = 'DRIVER',
}
registerEnumType(BusSeatCellType, { name: 'BusSeatCellType' });

export enum BusSeatClass {
  LUXURY = 'LUXURY',
  SEMI_LUXURY = 'SEMI_LUXURY',
  ORDINARY = 'ORDINARY',
}
registerEnumType(BusSeatClass, { name: 'BusSeatClass' });

@ObjectType({ description: 'Trips of one route serving the searched pair (exactRoute is keyed by routeName in REST)' })
export class BusRouteTrips {
  @Field()
  routeName!: string;

  @Field(() => [BusTrip])
  trips!: BusTrip[];
}

@ObjectType({ description: 'Two trips with a change of bus at a hub' })
export class BusConnection {
  @Field(() => BusPlace)
  via!: BusPlace;

  @Field(() => [BusTrip], { description: 'The two legs, in travel order' })
  legs!: BusTrip[];

  @Field(() => Int, { description: 'Minutes between arriving at the hub and the next leg leaving it' })
  transferMinutes!: number;

  @Field(() => BusEstimatedTravel, { description: 'From the first departure to the last arrival, transfer included' })
  totalTravel!: BusEstimatedTravel;

  @Field()
  departureDate!: string;

  @Field()
  estimatedArrivalDate!: string;

  @Field(() => Int)
  estimatedArrivalDays!: number;

  @Field({ description: 'False when a leg is cancelled, the first leg has left, or a leg has no seat left' })
  bookable!: boolean;
}

@ObjectType({ description: 'Connections through one hub (alternatives are keyed by name in REST)' })
export class BusAlternativeRoute {
  @Field({ description: 'e.g. "Dar es Salaam → Arusha → Nairobi"' })
  name!: string;

  @Field(() => [BusConnection])
  connections!: BusConnection[];
}

@ObjectType({ description: 'One cell of a seating grid' })
export class BusSeatCell {
  @Field()
  id!: string;

  @Field({ description: 'Empty for cells that are not seats' })
  label!: string;

  @Field(() => Int, { description: 'Zero-based column' })
  positionX!: number;

  @Field(() => Int, { description: 'Zero-based row' })
  positionY!: number;

  @Field()
  key!: string;

  @Field(() => BusSeatCellType)
  type!: BusSeatCellType;

  @Field(() => BusSeatClass)
  class!: BusSeatClass;

  @Field({ description: 'UP, DOWN, LEFT or RIGHT' })
  orientation!: string;
}

@ObjectType()
export class BusSeatingLayoutSection {
  @Field()
  key!: string;

  @Field(() => [BusSeatCell])
  cells!: BusSeatCell[];
}

@ObjectType({ description: 'A seating layout, given once per search however many trips use it' })
export class BusSeatingLayout {
  @Field()
  id!: string;

  @Field(() => [BusSeatingLayoutSection])
  sections!: BusSeatingLayoutSection[];
}

@ObjectType({ description: 'GET /api/trip/search' })
export class BusSearchResult {
  @Field(() => [BusRouteTrips], { description: 'Direct trips by route, earliest route first' })
  exactRoute!: BusRouteTrips[];

  @Field(() => [BusAlternativeRoute], { nullable: true, description: 'Connections through a hub; null when a direct trip exists' })
  alternatives!: BusAlternativeRoute[] | null;

  @Field(() => [BusSeatingLayout], { description: "The layouts of every trip above (each trip's vehicle.seatingLayoutId)" })
  seatingLayouts!: BusSeatingLayout[];
}
