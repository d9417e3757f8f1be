import { Query, Resolver } from 'type-graphql';
import { BusStopService } from '../services/bus-stop.service';
import { BusStop } from './bus-stop.type';

@Resolver(() => BusStop)
export class BusStopResolver {
  constructor(private readonly stops: BusStopService) {}

  @Query(() => [BusStop], { description: 'Bus stops for stop pickers; public, no token needed' })
  busStops(): BusStop[] {
    return this.stops.list();
  }
}
