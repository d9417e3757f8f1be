import { Field, Float, Int, ObjectType } from 'type-graphql';

/** The GTFS-style fields every stop list (airports, SGR stations, bus stops) shares. */
@ObjectType({ description: 'Never emitted: no field returns it, only subclasses' })
export abstract class StopFields {
  @Field({ description: 'Stop id: IATA code for airports, station id for SGR stations, <CITY>:RGN:0 for bus stops' })
  stopId!: string;

  @Field(() => Float, { description: 'WGS 84 latitude, decimal degrees' })
  stopLat!: number;

  @Field(() => Float, { description: 'WGS 84 longitude, decimal degrees' })
  stopLon!: number;

  @Field({ description: 'Name for display' })
  stopName!: string;

  @Field({ description: 'Longer description for display (airport or terminal name)' })
  stopDesc!: string;

  @Field({ description: 'IANA time zone' })
  stopTimezone!: string;

  @Field({ description: 'Geohash of the city the stop serves' })
  cityGeohash!: string;

  @Field(() => Int, { description: 'Ranking weight for stop pickers; higher is more popular' })
  popularity!: number;
}
