import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Company } from '../../../shared/graphql/company-reference.type';
import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { BusFareRule } from './bus-fare.type';
import type { Direction, ImportantInformation, OperatorSettings, VehicleClass } from '../services/bus-network.service';
import type {
  BusCompanyLogoView,
  BusEstimatedTravelView,
  BusPlaceView,
  BusRegionStationsView,
  BusSeatingSectionView,
  BusStopTimeView,
  BusTripView,
  BusVehicleView,
} from '../services/bus-trip.view';

export enum BusDirection {
  OUTBOUND = 'OUTBOUND',
  INBOUND = 'INBOUND',
}
registerEnumType(BusDirection, {
  name: 'BusDirection',
  description: 'Direction of a trip on its route',
  valuesConfig: { OUTBOUND: { description: 'Along the route as defined' }, INBOUND: { description: 'The return direction' } },
});

export enum BusVehicleClass {
  LUXURY = 'LUXURY',
  SEMI_LUXURY = 'SEMI_LUXURY',
  ORDINARY = 'ORDINARY',
  VIP = 'VIP',
  VVIP = 'VVIP',
}
registerEnumType(BusVehicleClass, {
  name: 'BusVehicleClass',
  description: 'Class of a bus; each has its own fare',
  valuesConfig: {
    LUXURY: { description: 'Luxury class' },
    SEMI_LUXURY: { description: 'Semi-luxury class' },
    ORDINARY: { description: 'Ordinary class' },
    VIP: { description: 'VIP class' },
    VVIP: { description: 'VVIP class' },
  },
});

export enum SteeringWheelPosition {
  LEFT = 'LEFT',
  RIGHT = 'RIGHT',
}
registerEnumType(SteeringWheelPosition, {
  name: 'SteeringWheelPosition',
  description: 'Side of the bus the driver sits on',
  valuesConfig: { LEFT: { description: 'Left-hand drive' }, RIGHT: { description: 'Right-hand drive' } },
});

// simpleResolvers: these types are plain read-only data with no per-field middleware or auth, so graphql-js reads
// each property itself instead of through type-graphql's per-field wrapper (thousands of fields per search answer).
@ObjectType({ simpleResolvers: true, description: 'A stop as a bus trip shows it (the place, without times)' })
export class BusPlace implements BusPlaceView {
  @Field({ description: 'Stop id, e.g. DAR:RGN:0 (as in busStops)' })
  stopId!: string;

  @Field({ description: 'Stop name for display' })
  stopName!: string;

  @Field({ description: 'Longer description of the stop (terminal name, landmark)' })
  stopDescription!: string;

  @Field(() => Float, { description: 'WGS 84 latitude, decimal degrees' })
  latitude!: number;

  @Field(() => Float, { description: 'WGS 84 longitude, decimal degrees' })
  longitude!: number;

  @Field({ description: 'IANA zone of the stop; stop_timezone in REST' })
  stopTimezone!: string;

  @Field({ description: 'Geohash of the city the stop serves; city_geohash in REST' })
  cityGeohash!: string;

  @Field(() => Int, { description: 'Ranking weight for stop pickers; higher is more popular' })
  popularity!: number;
}

@ObjectType({ simpleResolvers: true, description: "A trip's call at a stop; times are local to the stop, days count from the trip's serviceDate" })
export class BusStopTime extends BusPlace implements BusStopTimeView {
  @Field(() => Int, { description: '0 at the first stop' })
  stopSequence!: number;

  @Field({ description: 'HH:mm local; at the first stop, the departure time' })
  arrivalTime!: string;

  @Field({ description: 'HH:mm local; at the last stop, the arrival time' })
  departingTime!: string;

  @Field(() => DateTimeScalar, { description: 'Arrival, with the stop zone offset' })
  estimatedArrivalDate!: string;

  @Field(() => DateTimeScalar, { description: 'Departure, with the stop zone offset' })
  estimatedDepartureDate!: string;

  @Field(() => Int, { description: "Local calendar days from the trip's serviceDate to the arrival here: 0 same day" })
  estimatedArrivalDays!: number;

  @Field(() => Int, { description: "Local calendar days from the trip's serviceDate to the departure from here: 0 same day" })
  estimatedDepartureDays!: number;
}

@ObjectType({ simpleResolvers: true, description: 'A duration' })
export class BusEstimatedTravel implements BusEstimatedTravelView {
  @Field(() => Int, { description: 'Whole hours of the duration' })
  hours!: number;

  @Field(() => Int, { description: 'Minutes past the whole hours, 0 to 59' })
  minutes!: number;

  @Field({ description: 'e.g. 9h 50m' })
  formatted!: string;

  @Field({ description: 'e.g. 9 hours 50 minutes' })
  formattedLong!: string;
}

@ObjectType({ simpleResolvers: true, description: 'An operator logo, inline (base64) or linked (url)' })
export class BusCompanyLogo implements BusCompanyLogoView {
  @Field({ description: 'MIME type' })
  type!: string;

  @Field({ description: 'TICKET, DARK or LIGHT' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'The image, base64-encoded; null when only a url is given' })
  base64!: string | null;

  @Field(() => String, { nullable: true, description: 'URL of the image; null when only base64 is given' })
  url!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A notice for the traveller about a trip (identity documents, reporting time, luggage)' })
export class BusImportantInformation implements ImportantInformation {
  @Field({ description: 'True for a route-specific notice, false for a standard one' })
  custom!: boolean;

  @Field({ description: 'Icon name for the notice' })
  icon!: string;

  @Field({ description: 'Icon set the icon name belongs to' })
  iconType!: string;

  @Field({ description: 'e.g. ID_REQUIRED, REPORTING_TIME, LUGGAGE_ALLOWANCE, PASSPORT_REQUIRED' })
  code!: string;

  @Field(() => [String], { description: 'Parameters of the notice text, e.g. a time or a weight' })
  values!: string[];
}

@ObjectType({ simpleResolvers: true, description: 'Per-trip availability of one seating section; its cells are in BusSearchResult.seatingLayouts' })
export class BusSeatingSection implements BusSeatingSectionView {
  @Field({ description: 'The section identifier (REST key)' })
  key!: string;

  @Field({ description: 'Section name for display, e.g. Lower deck' })
  sectionName!: string;

  @Field(() => Int, { description: 'Rows in the section grid' })
  seatingRows!: number;

  @Field(() => Int, { description: 'Columns in the section grid' })
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

@ObjectType({ simpleResolvers: true, description: 'The bus running a trip' })
export class BusVehicle implements BusVehicleView {
  @Field(() => ID, { description: 'Vehicle id' })
  id!: string;

  @Field({ description: 'Registration plate' })
  plateNumber!: string;

  @Field({ description: 'Make and model' })
  type!: string;

  @Field(() => BusVehicleClass, { description: 'Class of the vehicle; decides the fare' })
  vehicleClass!: VehicleClass;

  @Field(() => Int, { description: 'Number of seats' })
  seats!: number;

  @Field(() => Int, { description: 'Seat columns across the bus' })
  seatingColumns!: number;

  @Field(() => Int, { description: 'Number of passenger doors' })
  numberOfDoors!: number;

  @Field(() => SteeringWheelPosition, { description: 'Side of the driver, for drawing the seat map' })
  steeringWheelPosition!: BusVehicleView['steeringWheelPosition'];

  @Field(() => [String], { description: 'Amenity names, e.g. WIFI, AC, USB' })
  amenities!: string[];

  @Field({ description: 'Id of the layout in BusSearchResult.seatingLayouts' })
  seatingLayoutId!: string;

  @Field(() => [BusSeatingSection], { description: 'Availability of each seating section on this trip' })
  seatingGrid!: BusSeatingSection[];
}

@ObjectType({ simpleResolvers: true, description: 'Where a trip sells boarding and alighting, for one region (the REST key)' })
export class BusRegionStations implements BusRegionStationsView {
  @Field({ description: 'Region name' })
  region!: string;

  @Field(() => [String], { description: 'Stop ids in the region where passengers may board' })
  pickUpStations!: string[];

  @Field(() => [String], { description: 'Stop ids in the region where passengers may alight' })
  dropOffStations!: string[];
}

@ObjectType({ simpleResolvers: true, description: "The operator's booking settings" })
export class BusOperatorSettings implements OperatorSettings {
  @Field({ description: 'Passengers choose their seat' }) seatReservation!: boolean;
  @Field({ description: 'Several tickets may be sold in one booking' }) bulkTicketing!: boolean;
  @Field({ description: 'The operator sends the ticket by SMS' }) sendTextMessage!: boolean;
  @Field({ description: 'Agents may change the ticket price' }) flexibleTicketPrice!: boolean;
  @Field({ description: 'Boarding is sold at intermediate stops' }) flexibleOrigin!: boolean;
  @Field({ description: 'Alighting is sold at intermediate stops' }) flexibleDestination!: boolean;
  @Field({ description: 'Tickets are sold online' }) allowOnlineSales!: boolean;
  @Field({ description: 'The passenger name must be entered' }) enterCustomerName!: boolean;
  @Field({ description: 'The passenger phone number must be entered' }) enterCustomerPhoneNumber!: boolean;
  @Field({ description: 'The passenger email must be entered' }) enterCustomerEmail!: boolean;
  @Field({ description: 'The passenger nationality must be entered' }) enterCustomerNationality!: boolean;
  @Field({ description: 'The passenger passport number must be entered' }) enterCustomerPassportNumber!: boolean;
  @Field({ description: 'No ticket is sold between two intermediate stops' }) noBetweenBookings!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'A bus trip: one dated departure, seen from the searched pair (fromStop → toStop)' })
export class BusTrip implements BusTripView {
  @Field(() => ID, { description: 'frequencyId:serviceDate' })
  id!: string;

  @Field(() => Company, { description: "The operator (admin's Company)" })
  /** The key only: the company field resolver reads the display fields from the directory. */
  company!: Pick<Company, 'uuid'>;

  @Field(() => [BusCompanyLogo], { description: "The operator's logos" })
  companyLogo!: BusCompanyLogo[];

  @Field({ description: 'tripsId:HHmm of the departure from the first stop' })
  frequencyId!: string;

  @Field({ description: 'ROUTE:DIRECTION' })
  tripsId!: string;

  @Field({ description: 'Route id' })
  routeId!: string;

  @Field({ description: 'Route name for display' })
  routeName!: string;

  @Field({ description: 'Short route name for display' })
  routeShortName!: string;

  @Field({ description: 'Hex color, #RRGGBB' })
  routeColor!: string;

  @Field({ description: 'Hex color, #RRGGBB' })
  routeTextColor!: string;

  @Field({ description: "The trip's first stop" })
  origin!: string;

  @Field({ description: "The trip's last stop" })
  destination!: string;

  @Field({ description: 'Destination shown on the bus' })
  headsign!: string;

  @Field(() => Float, { description: "Fare of the vehicle's class for fromStop → toStop, in priceCurrency" })
  price!: number;

  @Field({ description: 'ISO 4217 code of price and agentCommission' })
  priceCurrency!: string;

  @Field(() => DateTimeScalar, { description: 'Departure from fromStop, with its offset' })
  departureDate!: string;

  @Field({ description: 'HH:mm local at fromStop' })
  departureTime!: string;

  @Field({ description: 'HH:mm local: when to be at fromStop' })
  reportingTime!: string;

  @Field({ description: 'HH:mm local at toStop' })
  estimatedArrivalTime!: string;

  @Field({ description: 'Duration fromStop → toStop, H:mm (hours may exceed 24)' })
  travelTime!: string;

  @Field(() => BusEstimatedTravel, { description: 'Duration fromStop → toStop in hours and minutes' })
  estimatedTravel!: BusEstimatedTravel;

  @Field(() => DateTimeScalar, { description: 'Arrival at toStop, with its offset' })
  estimatedArrivalDate!: string;

  @Field(() => Int, { description: 'Local calendar days from departure at fromStop to arrival at toStop: 0 same day, 1 next day' })
  estimatedArrivalDays!: number;

  @Field({ description: "fromStop's IANA zone" })
  timezone!: string;

  @Field(() => LocalDateScalar, { description: 'The date the trip leaves its first stop (local there); stopTimes days count from it' })
  serviceDate!: string;

  @Field(() => BusDirection, { description: 'Direction of the trip on its route' })
  direction!: Direction;

  @Field({ description: 'The bus has left fromStop, the origin of the traveller' })
  hasLeftOrigin!: boolean;

  @Field({ description: 'The operator cancelled this departure' })
  canceled!: boolean;

  @Field(() => Int, { description: '0 when cancelled or left' })
  availableSeats!: number;

  @Field(() => Float, { description: 'Per ticket, in priceCurrency' })
  agentCommission!: number;

  @Field(() => [BusImportantInformation], { description: 'Notices to show before booking' })
  importantInformation!: BusImportantInformation[];

  // Before the stops, the bus and the fares: REST answers the fields in this order (docs/rest-shapes.md).
  @Field(() => BusOperatorSettings, { description: "The operator's booking settings" })
  settings!: BusOperatorSettings;

  @Field(() => [BusStopTime], { description: 'Every call of the trip, in order' })
  stopTimes!: BusStopTime[];

  @Field(() => BusStopTime, { description: 'The call at the searched origin' })
  fromStop!: BusStopTime;

  @Field(() => BusStopTime, { description: 'The call at the searched destination' })
  toStop!: BusStopTime;

  @Field(() => BusStopTime, { description: "The trip's first call" })
  firstStop!: BusStopTime;

  @Field(() => BusStopTime, { description: "The trip's last call" })
  lastStop!: BusStopTime;

  @Field(() => BusVehicle, { description: 'The bus and its seat availability' })
  vehicle!: BusVehicle;

  @Field(() => [BusFareRule], { description: 'The fare rule of fromStop → toStop' })
  fareRules!: BusFareRule[];

  @Field(() => [BusRegionStations], { description: 'REST answers these as an object keyed by region' })
  routeStations!: BusRegionStations[];
}
