import { Field, ObjectType } from 'type-graphql';
import { StopFields } from '../../../shared/graphql/stop-fields.type';
import type { AirportRecord } from '../services/airport.service';

@ObjectType({ description: 'An airport (stopId has the form <IATA>:FLT:0); search takes its IATA code (stopCode)' })
export class Airport extends StopFields implements AirportRecord {
  @Field({ description: 'IATA airport code' })
  stopCode!: string;

  @Field({ description: 'ISO 3166-1 alpha-2' })
  countryCode!: string;
}
