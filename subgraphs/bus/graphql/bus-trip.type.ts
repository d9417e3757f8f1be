import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Company } from '../../../shared/graphql/company-reference.type';

export enum BusDirection {
  OUTBOUND = 'OUTBOUND',
  INBOUND = 'INBOUND',
}
registerEnumType(BusDirection, { name: 'BusDirection' });

export enum BusVehicleClass {
  LUXURY = 'LUXURY',
  SEMI_LUXURY = 'SEMI_LUXURY',
  ORDINARY = 'ORDINARY',
  VIP = 'VIP',
  VVIP = 'VVIP',
}
registerEnumType(BusVehicleClass, { name: 'BusVehicleClass' });

export enum SteeringWheelPosition {
  LEFT = 'LEFT',
  RIGHT = 'RIGHT',
}
registerEnumType(SteeringWheelPosition, { name: 'SteeringWheelPosition' });

@ObjectType({ description: 'A stop as a bus trip shows it (the place, without times)' })
export class BusPlace {
  @Field()
  stopId!: string;

  @Field()
  stopName!: string;

  @Field()
  stopDescription!: string;

  @Field(() => Float)
  latitude!: number;

  @Field(() => Float)
  longitude!: number;

  @Field({ description: 'IANA zone; stop_timezone in REST' })
  stopTimezone!: string;

  @Field({ description: 'city_geohash in REST' })
  cityGeohash!: string;

  @Field(() => Int)
  popularity!: number;
}

@ObjectType({ description: "A trip's call at a stop; times are local to the stop, days count from the trip's serviceDate" })
export class BusStopTime extends BusPlace {
  @Field(() => Int, { description: '0 at the first stop' })
  stopSequence!: number;

  @Field({ description: 'HH:mm local' })
  arrivalTime!: string;

  @Field({ description: 'HH:mm local' })
  departingTime!: string;

  @Field({ description: 'ISO 8601 with the stop zone offset' })
  estimatedArrivalDate!: string;

  @Field({ description: 'ISO 8601 with the stop zone offset' })
  estimatedDepartureDate!: string;

  @Field(() => Int)
  estimatedArrivalDays!: number;

  @Field(() => Int)
  estimatedDepartureDays!: number;
}

@ObjectType()
export class BusEstimatedTravel {
  @Field(() => Int)
  hours!: number;

  @Field(() => Int)
  minutes!: number;

  @Field({ description: 'e.g. 9h 50m' })
  formatted!: string;

  @Field({ description: 'e.g. 9 hours 50 minutes' })
  formattedLong!: string;
}

@ObjectType({ description: 'An operator logo' })
export class BusCompanyLogo {
  @Field({ description: 'MIME type' })
  type!: string;

  @Field({ description: 'TICKET, DARK or LIGHT' })
  name!: string;

  @Field(() => String, { nullable: true })
  base64!: string | null;

  @Field(() => String, { nullable: true })
  url!: string | null;
}

@ObjectType()
export class BusImportantInformation {
  @Field({ description: 'True for a route-specific notice, false for a standard one' })
  custom!: boolean;

  @Field()
  icon!: string;

  @Field()
  iconType!: string;

  @Field({ description: 'e.g. ID_REQUIRED, REPORTING_TIME, LUGGAGE_ALLOWANCE, PASSPORT_REQUIRED' })
  code!: string;

  @Field(() => [String])
  values!: string[];
}

@ObjectType({ description: 'Per-trip availability of one seating section; its cells are in BusSearchResult.seatingLayouts' })
export class BusSeatingSection {
  @Field({ description: 'The section identifier (REST key)' })
  key!: string;

  @Field()
  sectionName!: string;

  @Field(() => Int)
  seatingRows!: number;

  @Field(() => Int)
  seatingColumns!: number;

  @Field(() => [String], { description: 'Seat ids of the section' })
  seats!: string[];

  @Field(() => Int, { description: 'Seats sold' })
  seatsReserved!: number;

  @Field(() => Int, { description: 'Seats that can be sold now (0 when the trip is cancelled or has left)' })
  seatsAvailable!: number;

  @Field(() => [String], { description: 'Seat ids that cannot be chosen: sold, or every seat when the trip cannot be sold' })
  unavailableSeats!: string[];
}

@ObjectType()
export class BusVehicle {
  @Field(() => ID)
  id!: string;

  @Field()
  plateNumber!: string;

  @Field({ description: 'Make and model' })
  type!: string;

  @Field(() => BusVehicleClass)
  vehicleClass!: BusVehicleClass;

  @Field(() => Int)
  seats!: number;

  @Field(() => Int)
  seatingColumns!: number;

  @Field(() => Int)
  numberOfDoors!: number;

  @Field(() => SteeringWheelPosition)
  steeringWheelPosition!: SteeringWheelPosition;

  @Field(() => [String])
  amenities!: string[];

  @Field({ description: 'Id of the layout in BusSearchResult.seatingLayouts' })
  seatingLayoutId!: string;

  @Field(() => [BusSeatingSection])
  seatingGrid!: BusSeatingSection[];
}

@ObjectType({ description: 'Fares by vehicle class and the agent commission, in one currency' })
export class BusFarePrices {
  @Field(() => Float)
  LUXURY!: number;

  @Field(() => Float)
  SEMI_LUXURY!: number;

  @Field(() => Float)
  ORDINARY!: number;

  @Field(() => Float)
  VIP!: number;

  @Field(() => Float)
  VVIP!: number;

  @Field(() => Float)
  agentCommission!: number;
}

@ObjectType({ description: 'A fare rule converted: each component converted and rounded on its own' })
export class BusFareCurrency {
  @Field({ description: 'The map key in REST' })
  code!: string;

  @Field()
  currency!: string;

  @Field(() => BusFarePrices)
  prices!: BusFarePrices;
}

@ObjectType()
export class BusFareRule {
  @Field(() => ID)
  id!: string;

  @Field()
  originId!: string;

  @Field()
  destinationId!: string;

  @Field()
  originCity!: string;

  @Field()
  destinationCity!: string;

  @Field()
  baseCurrency!: string;

  @Field(() => BusFarePrices)
  prices!: BusFarePrices;

  @Field(() => [BusFareCurrency], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: BusFareCurrency[];
}

@ObjectType({ description: 'Where a trip sells boarding and alighting, for one region (the REST key)' })
export class BusRegionStations {
  @Field()
  region!: string;

  @Field(() => [String])
  pickUpStations!: string[];

  @Field(() => [String])
  dropOffStations!: string[];
}

@ObjectType({ description: "The operator's booking settings" })
export class BusOperatorSettings {
  @Field() seatReservation!: boolean;
  @Field() bulkTicketing!: boolean;
  @Field() sendTextMessage!: boolean;
  @Field() flexibleTicketPrice!: boolean;
  @Field({ description: 'Boarding is sold at intermediate stops' }) flexibleOrigin!: boolean;
  @Field({ description: 'Alighting is sold at intermediate stops' }) flexibleDestination!: boolean;
  @Field() allowOnlineSales!: boolean;
  @Field() enterCustomerName!: boolean;
  @Field() enterCustomerPhoneNumber!: boolean;
  @Field() enterCustomerEmail!: boolean;
  @Field() enterCustomerNationality!: boolean;
  @Field() enterCustomerPassportNumber!: boolean;
  @Field({ description: 'No ticket is sold between two intermediate stops' }) noBetweenBookings!: boolean;
}

@ObjectType({ description: 'train-bus-admin.md "Bus trip": one dated departure, seen from the searched pair (fromStop → toStop)' })
export class BusTrip {
  @Field(() => ID, { description: 'frequencyId:serviceDate' })
  id!: string;

  @Field(() => Company, { description: 'The operator, resolved by the admin subgraph' })
  company!: Company;

  @Field(() => [BusCompanyLogo])
  companyLogo!: BusCompanyLogo[];

  @Field({ description: 'tripsId:HHmm of the departure from the first stop' })
  frequencyId!: string;

  @Field({ description: 'ROUTE:DIRECTION' })
  tripsId!: string;

  @Field()
  routeId!: string;

  @Field()
  routeName!: string;

  @Field()
  routeShortName!: string;

  @Field({ description: 'Hex color, #RRGGBB' })
  routeColor!: string;

  @Field({ description: 'Hex color, #RRGGBB' })
  routeTextColor!: string;

  @Field({ description: "The trip's first stop" })
  origin!: string;

  @Field({ description: "The trip's last stop" })
  destination!: string;

  @Field()
  headsign!: string;

  @Field(() => Float, { description: "Fare of the vehicle's class for fromStop → toStop, in priceCurrency" })
  price!: number;

  @Field()
  priceCurrency!: string;

  @Field({ description: 'Departure from fromStop, ISO 8601 with its offset' })
  departureDate!: string;

  @Field({ description: 'HH:mm local at fromStop' })
  departureTime!: string;

  @Field({ description: 'HH:mm local: when to be at fromStop' })
  reportingTime!: string;

  @Field({ description: 'HH:mm local at toStop' })
  estimatedArrivalTime!: string;

  @Field({ description: 'Duration fromStop → toStop, H:mm (hours may exceed 24)' })
  travelTime!: string;

  @Field(() => BusEstimatedTravel)
  estimatedTravel!: BusEstimatedTravel;

  @Field({ description: 'Arrival at toStop, ISO 8601 with its offset' })
  estimatedArrivalDate!: string;

  @Field(() => Int, { description: 'Local calendar days from departure at fromStop to arrival at toStop: 0 same day, 1 next day' })
  estimatedArrivalDays!: number;

  @Field({ description: "fromStop's IANA zone" })
  timezone!: string;

  @Field({ description: 'YYYY-MM-DD the trip leaves its first stop (local there); stopTimes days count from it' })
  serviceDate!: string;

  @Field(() => BusDirection)
  direction!: BusDirection;

  @Field({ description: 'The bus has left fromStop, the origin of the traveller' })
  hasLeftOrigin!: boolean;

  @Field()
  canceled!: boolean;

  @Field(() => Int, { description: '0 when cancelled or left' })
  availableSeats!: number;

  @Field(() => Float, { description: 'Per ticket, in priceCurrency' })
  agentCommission!: number;

  @Field(() => [BusImportantInformation])
  importantInformation!: BusImportantInformation[];

  @Field(() => [BusStopTime])
  stopTimes!: BusStopTime[];

  @Field(() => BusStopTime)
  fromStop!: BusStopTime;

  @Field(() => BusStopTime)
  toStop!: BusStopTime;

  @Field(() => BusStopTime)
  firstStop!: BusStopTime;

  @Field(() => BusStopTime)
  lastStop!: BusStopTime;

  @Field(() => BusVehicle)
  vehicle!: BusVehicle;

  @Field(() => [BusFareRule], { description: 'The fare rule of fromStop → toStop' })
  fareRules!: BusFareRule[];

  @Field(() => [BusRegionStations], { description: 'REST answers these as an object keyed by region' })
  routeStations!: BusRegionStations[];

  @Field(() => BusOperatorSettings)
  settings!: BusOperatorSettings;
}
