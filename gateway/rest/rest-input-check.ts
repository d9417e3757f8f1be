import type { z } from 'zod';
import { badInput, InputProblem, inputProblems, queryObject, RouteContract } from './rest-contract';
import type { RestRequest } from './rest-route';

/**
 * Checks a request against its route's declared schemas before any GraphQL runs, listing every
 * problem at once. Only checks: routes still read the request as sent (the schemas do not rewrite it).
 */
export function checkInput(contract: RouteContract, request: RestRequest): void {
  const problems: InputProblem[] = [
    ...problemsOf(contract.params, request.params),
    ...problemsOf(contract.query, queryObject(request.query)),
    ...problemsOf(contract.headers, request.headers),
    ...problemsOf(contract.body, request.body ?? {}),
  ];
  if (problems.length) throw (contract.invalidInput ?? badInput)(problems);
}

function problemsOf(schema: z.ZodType | undefined, value: unknown): InputProblem[] {
  if (!schema) return [];
  // reportInput: a wrong-typed value keeps its input on the issue, so it reads "must be a string", not "is required".
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : inputProblems(result.error);
}
