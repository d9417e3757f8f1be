import { Query, Resolver } from 'type-graphql';
import { AirportService } from '../services/airport.service';
import { Airport } from './airport.type';

@Resolver(() => Airport)
export class AirportResolver {
  constructor(private readonly airportService: AirportService) {}

  @Query(() => [Airport], { description: 'Airports for airport pickers; public, no token needed' })
  airports(): Airport[] {
    return this.airportService.list();
  }
}
