import { Arg, Int, Query, Resolver } from 'type-graphql';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { AirportService } from '../services/airport.service';
import { Airport } from './airport.type';

/** Airports a page holds when the caller sends no limit. */
export const AIRPORTS_DEFAULT_LIMIT = 100;
/** The most airports one page may hold: the whole list (about 8,400), so one call can still read it all. */
export const AIRPORTS_MAX_LIMIT = 10000;

@Resolver(() => Airport)
export class AirportResolver {
  constructor(private readonly airportService: AirportService) {}

  @Query(() => [Airport], {
    description:
      'Airports for airport pickers, most popular first (then by IATA code); public, no token needed. Paged: pass the stopId of the last airport of a page as `after` to read the next one; an empty page ends the list',
  })
  airports(
    @Arg('limit', () => Int, {
      defaultValue: AIRPORTS_DEFAULT_LIMIT,
      description: `Airports in the page: 1 to ${AIRPORTS_MAX_LIMIT} (the maximum covers the whole list); default ${AIRPORTS_DEFAULT_LIMIT}`,
    })
    limit: number,
    @Arg('after', () => String, {
      nullable: true,
      description: 'Cursor: the stopId of the last airport of the previous page; omit (or null) for the first page',
    })
    after: string | null,
  ): Airport[] {
    if (!Number.isInteger(limit) || limit < 1 || limit > AIRPORTS_MAX_LIMIT) {
      throw PlatformException.badRequest(`limit must be between 1 and ${AIRPORTS_MAX_LIMIT}`);
    }
    const list = this.airportService.list();
    let start = 0;
    if (after != null) {
      const index = list.findIndex((airport) => airport.stopId === after);
      if (index < 0) throw PlatformException.badRequest('after is not the stopId of a listed airport');
      start = index + 1;
    }
    return list.slice(start, start + limit);
  }
}
