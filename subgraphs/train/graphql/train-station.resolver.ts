import { Query, Resolver } from 'type-graphql';
import { StationService } from '../services/station.service';
import { TrainStation } from './train-station.type';

@Resolver(() => TrainStation)
export class TrainStationResolver {
  constructor(private readonly stations: StationService) {}

  @Query(() => [TrainStation], { description: 'SGR stations for station pickers; public, no token needed' })
  trainStations(): TrainStation[] {
    return this.stations.list();
  }
}
