import { PlatformException } from '../errors/app-error.exception';

/*
 * The one check of a logon's values (OpenAPI `postLogon`, GraphQL `logon`): the REST layer runs it on the body before
 * any GraphQL runs and the admin subgraph on the arguments, so both answer one 400 BAD_REQUEST naming the same fields
 * in the same words. Whether the credentials match an account is the admin subgraph's alone.
 */

/** The longest text each member may hold (a password is set with at most 200 characters; a longer one never matches). */
export const LOGON_MAX_LENGTH = { email: 254, password: 1024 } as const;

/** A logon as sent: the REST body's members unchecked, or the GraphQL arguments. */
export interface LogonInput {
  email?: unknown;
  password?: unknown;
}

export interface LogonProblem {
  field: string;
  message: string;
}

/** Every problem at once, email first; or the credentials as sent. */
export function checkLogon(input: LogonInput): { credentials: { email: string; password: string } } | { problems: LogonProblem[] } {
  const problems: LogonProblem[] = [];
  for (const field of ['email', 'password'] as const) {
    const value = input[field];
    // Absent is worded as every REST body words a missing member; GraphQL's non-null arguments never are.
    if (value === undefined || value === null) problems.push({ field, message: 'is required (string)' });
    else if (typeof value !== 'string') problems.push({ field, message: 'must be a string' });
    else if (!value.trim()) problems.push({ field, message: 'must not be blank' });
    else if (value.length > LOGON_MAX_LENGTH[field]) problems.push({ field, message: `must be at most ${LOGON_MAX_LENGTH[field]} characters` });
  }
  return problems.length ? { problems } : { credentials: { email: input.email as string, password: input.password as string } };
}

/** The 400 of a refused logon: data.field is the first field named, data.fields every one. */
export function logonInvalid(problems: LogonProblem[]): PlatformException {
  return PlatformException.badRequest(`Invalid logon: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, {
    field: problems[0].field,
    fields: problems,
  });
}
