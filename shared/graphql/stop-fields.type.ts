import { Field, Float, Int, ObjectType } from 'type-graphql';

/** The GTFS-style fields every stop list (airports, SGR stations, bus stops) shares. */
@ObjectType({ description: 'Never emitted: no field returns it, only subclasses' })
export abstract class StopFields {
  @Field()
  stopId!: string;

  @Field(() => Float)
  stopLat!: number;

  @Field(() => Float)
  stopLon!: number;

  @Field()
  stopName!: string;

  @Field()
  stopDesc!: string;

  @Field({ description: 'IANA time zone' })
  stopTimezone!: string;

  @Field()
  cityGeohash!: string;

  @Field(() => Int)
  popularity!: number;
}
