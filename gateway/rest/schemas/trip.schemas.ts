import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/* GET /api/trips (issue 26): the REST twin of me.trips; each item is the Trip interface's fields, whatever the kind. */

/** OpenAPI schema `Trip`: the fields every kind of trip answers (the GraphQL interface Trip). */
export const TRIP = restShape('Trip', { id: 'Trip', description: 'One booking of the account, flight or train.' });

export const TripPageAnswer = z
  .object({
    data: z.array(TRIP.schema).meta({ description: 'Newest booking first.' }),
    nextCursor: z.string().nullable().meta({ description: 'Pass as after for the next page; null on the last page.' }),
  })
  .meta({ id: 'TripPage', description: "A page of the caller's trips." });
