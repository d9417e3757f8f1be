import { AppError } from '../../../shared/errors/app-error.exception';
import { addDays, compareDates } from '../../../shared/time/calendar-date.calculator';
import { checkTrainSearch, type TrainSearchInput, trainSearchRefusal, type SearchProblem } from '../../../shared/api-contract/train-search.validator';

/** The train domain's coded errors for search input (OpenAPI `getTripTrainSearch` lists them). */
export class TrainSearchException extends AppError {
  /** The search validator's problems, as the REST route answers them too (FROM_STOP_ID_REQUIRED or BAD_REQUEST). */
  static refused(problems: SearchProblem[]): TrainSearchException {
    const refusal = trainSearchRefusal(problems);
    return new TrainSearchException(refusal.errorCode, 400, refusal.message, { fields: refusal.fields });
  }
  static invalid(field: string, message: string): TrainSearchException {
    return new TrainSearchException('BAD_REQUEST', 400, `${field} ${message}`, { fields: [{ field, message }] });
  }
  static unknownStop(field: string, stopId: string): TrainSearchException {
    return new TrainSearchException('UNKNOWN_STOP_ID', 400, `${field}: ${stopId} is not a station in the station list (GET /stops/train/api/stops)`, {
      field,
      stopId,
    });
  }
  static notSgr(field: string, stopId: string): TrainSearchException {
    return new TrainSearchException('STOP_NOT_SGR', 400, `${field}: ${stopId} is not an SGR station; use a stop_id of the form <STATION>:SGR:0`, {
      field,
      stopId,
    });
  }
}

/** The search arguments as GraphQL gives them. */
export type TrainSearchQuery = TrainSearchInput;

export interface SgrStop {
  stopId: string;
  partners: Array<{ provider: string; service: string; id: number }>;
}

export interface TrainSearch<S extends SgrStop = SgrStop> {
  from: S;
  to: S;
  date: string;
  lookAheadDays: 1 | 2 | 3 | null;
}

/** The search validator's rules, then the stations: SGR search uses stops with a RAIL/SGR partner; any other stop is refused before the provider is asked. */
export function validateTrainSearch<S extends SgrStop>(query: TrainSearchQuery, stopById: (stopId: string) => S | undefined): TrainSearch<S> {
  const checked = checkTrainSearch(query);
  if ('problems' in checked) throw TrainSearchException.refused(checked.problems);
  const { date, lookAheadDays } = checked.search;
  const stop = (field: 'from' | 'to'): S => {
    const id = checked.search[field];
    const found = stopById(id);
    if (!found) throw /^[A-Za-z0-9]+:SGR:\d+$/.test(id) ? TrainSearchException.unknownStop(field, id) : TrainSearchException.notSgr(field, id);
    if (!found.partners.some((p) => p.provider === 'RAIL' && p.service === 'SGR')) throw TrainSearchException.notSgr(field, id);
    return found;
  };
  const from = stop('from');
  const to = stop('to');
  if (from.stopId === to.stopId) throw TrainSearchException.invalid('to', 'must differ from from');
  return { from, to, date, lookAheadDays };
}

/** Candidate dates: lookAheadDays consecutive days from the later of the day after the requested date and the service date. */
export function trainLookAheadDates(requestedDate: string, serviceDate: string, days: number): string[] {
  const dayAfter = addDays(requestedDate, 1);
  const start = compareDates(dayAfter, serviceDate) >= 0 ? dayAfter : serviceDate;
  return Array.from({ length: days }, (_, i) => addDays(start, i));
}
