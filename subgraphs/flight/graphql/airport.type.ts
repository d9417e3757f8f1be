import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'An airport; search takes its IATA code (stopCode)' })
export class Airport {
  @Field({ description: 'Form <IATA>:FLT:0' })
  stopId!: string;

  @Field({ description: 'IATA airport code' })
  stopCode!: string;

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

  @Field({ description: 'ISO 3166-1 alpha-2' })
  countryCode!: string;
}
