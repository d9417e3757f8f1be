import type { z } from 'zod';
import { badInput, InputProblem, inputProblems, queryObject, RouteContract } from './rest.contract';
import type { RestRequest } from './rest-route.types';

/**
 * Checks a request against its route's declared schemas (or, for the body, query or path, its module's validator) before any
 * GraphQL runs, listing every problem at once. Only checks: routes still read the request as sent.
 */
export function checkInput(contract: RouteContract, request: RestRequest): void {
  const validated: Partial<Record<'body' | 'query' | 'params', InputProblem[]>> = contract.validate
    ? { [contract.validates ?? 'body']: contract.validate(request) }
    : {};
  const problems: InputProblem[] = [
    ...(validated.params ?? problemsOf(contract.params, request.params)),
    ...(validated.query ?? problemsOf(contract.query, queryObject(request.query))),
    ...problemsOf(contract.headers, request.headers),
    ...(validated.body ?? problemsOf(contract.body, request.body ?? {})),
  ];
  if (problems.length) throw (contract.invalidInput ?? badInput)(problems);
}

function problemsOf(schema: z.ZodType | undefined, value: unknown): InputProblem[] {
  if (!schema) return [];
  const result = schema.safeParse(value);
  return result.success ? [] : inputProblems(result.error, value);
}
