import { describedEnum } from './enum.builder';

/*
 * The look-ahead answer of the flight and the train search (the availability meta of both specs): the same values in
 * both, so one enum for both subgraphs and one client type. The value names are the REST strings.
 */

export const AvailabilityStatusEnum = describedEnum('AvailabilityStatus', 'Whether the requested date itself has offers (the later dates are in lookAhead)', {
  RESULTS_FOUND: 'The requested date has offers',
  NO_RESULTS: 'The requested date has no offers',
});

export const LookAheadStatusEnum = describedEnum('LookAheadStatus', 'What the look-ahead over later dates found', {
  NOT_NEEDED: 'The requested date has offers: no later date was checked',
  FOUND: 'A later date has offers (see next)',
  NO_RESULTS: 'Every later date checked has no offers',
  INCOMPLETE: 'An earlier later date could not be checked (failed or timed out), so the earliest one with offers is unknown; see confirmedThrough',
});
