import { Field, Int, ObjectType } from 'type-graphql';
import { StopFields } from '../../../shared/graphql/stop-fields.type';
import { Company } from '../../../shared/graphql/company-reference.type';

export { Company };

@ObjectType({ simpleResolvers: true, description: 'A booking partner serving a station; SGR search uses provider RAIL, service SGR' })
export class StationPartner {
  @Field({ description: 'The booking provider code, e.g. RAIL' })
  provider!: string;

  @Field({ description: 'The provider service code, e.g. SGR' })
  service!: string;

  @Field(() => Int, { description: "The provider's station id, used for seat holds" })
  id!: number;

  @Field({ description: 'The station name the partner uses' })
  name!: string;

  @Field(() => Company, { description: 'The operating company' })
  /** The key only: the company field resolver reads the display fields from the directory. */
  company!: Pick<Company, 'uuid'>;
}

@ObjectType({ simpleResolvers: true, description: 'An SGR railway station; stopId has the form <STATION>:SGR:0 and is used exactly in search' })
export class TrainStation extends StopFields {
  @Field(() => [StationPartner], { description: 'Booking partners serving the station' })
  partners!: StationPartner[];
}
