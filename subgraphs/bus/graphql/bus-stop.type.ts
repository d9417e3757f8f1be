import { Field, ObjectType } from 'type-graphql';
import { StopFields } from '../../../shared/graphql/stop-fields.type';
import type { BusStopRecord } from '../services/bus-stop.service';

@ObjectType({ simpleResolvers: true, description: 'A bus stop (city terminal); ids have the form <CITY>:RGN:0' })
export class BusStop extends StopFields implements BusStopRecord {
  @Field({ description: 'Region the stop is in' })
  region!: string;

  @Field({ description: 'ISO 3166-1 alpha-2' })
  countryCode!: string;
}
