import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A bus stop (city terminal); ids have the form <CITY>:RGN:0' })
export class BusStop {
  @Field()
  stopId!: string;

  @Field()
  stopName!: string;

  @Field()
  stopDesc!: string;

  @Field(() => Float)
  stopLat!: number;

  @Field(() => Float)
  stopLon!: number;

  @Field({ description: 'IANA time zone' })
  stopTimezone!: string;

  @Field()
  cityGeohash!: string;

  @Field(() => Int)
  popularity!: number;

  @Field()
  region!: string;

  @Field({ description: 'ISO 3166-1 alpha-2' })
  countryCode!: string;
}
