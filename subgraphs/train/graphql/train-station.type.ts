import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';

/** The admin subgraph's Company, referenced by key only. */
@Directive('@key(fields: "uuid", resolvable: false)')
@ObjectType()
export class Company {
  @Field(() => ID)
  uuid!: string;
}

@ObjectType({ description: 'A booking partner serving a station; SGR search uses provider RAIL, service SGR' })
export class StationPartner {
  @Field()
  provider!: string;

  @Field()
  service!: string;

  @Field(() => Int, { description: "The provider's station id, used for seat holds" })
  id!: number;

  @Field()
  name!: string;

  @Field(() => Company, { description: 'The operating company' })
  company!: Company;
}

@ObjectType({ description: 'An SGR railway station' })
export class TrainStation {
  @Field({ description: 'Form <STATION>:SGR:0; used exactly in search' })
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

  @Field(() => [StationPartner])
  partners!: StationPartner[];
}
