import { GraphQLError, GraphQLScalarType, Kind, ValueNode } from 'graphql';

/** RFC 3339 date-time with a zone (Z or ±hh:mm); fractions of a second allowed. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** A calendar date. */
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function dateTime(value: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === 'string' && DATE_TIME.test(value) && validDate(value)) return value;
  throw new GraphQLError(`DateTime cannot represent ${JSON.stringify(value)}: expected an ISO 8601 date-time with a zone, e.g. 2026-12-24T08:30:00+03:00`);
}

function localDate(value: unknown): string {
  if (typeof value === 'string' && LOCAL_DATE.test(value) && validDate(value)) return value;
  throw new GraphQLError(`LocalDate cannot represent ${JSON.stringify(value)}: expected a calendar date YYYY-MM-DD, e.g. 2026-12-24`);
}

function literal(parse: (value: unknown) => string, name: string) {
  return (ast: ValueNode): string => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be written as a string`, { nodes: ast });
    return parse(ast.value);
  };
}

/**
 * An instant. A string keeps the offset it was written with (a train's departure in East Africa Time
 * stays +03:00, never shifted to UTC); a Date is written in UTC (Z).
 */
export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'An instant as an ISO 8601 / RFC 3339 date-time with its zone, e.g. 2026-12-24T08:30:00+03:00 or 2026-11-25T05:00:00.000Z.',
  specifiedByURL: 'https://datatracker.ietf.org/doc/html/rfc3339#section-5.6',
  serialize: dateTime,
  parseValue: dateTime,
  parseLiteral: literal(dateTime, 'DateTime'),
});

/** A calendar date in the provider's own calendar: never converted through UTC. */
export const LocalDateScalar = new GraphQLScalarType<string, string>({
  name: 'LocalDate',
  description: "A calendar date YYYY-MM-DD in the provider's local calendar (never shifted through UTC), e.g. 2026-12-24.",
  specifiedByURL: 'https://datatracker.ietf.org/doc/html/rfc3339#section-5.6',
  serialize: localDate,
  parseValue: localDate,
  parseLiteral: literal(localDate, 'LocalDate'),
});
