import type { JsonObject, RestRequest } from '../rest-route.types';
import { queryObject } from '../rest.contract';
import type { MemberOverlay, RestInput } from './rest-input.type';

/** The parts of a request that carry one operation's arguments, each declared with restInput. */
export interface OperationInputParts {
  params?: RestInput;
  query?: RestInput;
  body?: RestInput;
  headers?: RestInput;
}

/**
 * One operation's variable definitions, arguments and variables from the parts of a request that carry them (the path,
 * the query, the body, a header), in that order.
 */
export function operationInput<Parts extends OperationInputParts>(parts: Parts) {
  const taken = [parts.params, parts.query, parts.body, parts.headers].filter((part): part is RestInput => part !== undefined);
  return {
    ...parts,
    variableDefinitions: taken.map((part) => part.variableDefinitions).join(', '),
    arguments: taken.map((part) => part.arguments).join(', '),
    variables: (request: RestRequest) => ({
      ...parts.params?.variables(request.params),
      ...parts.query?.variables(queryObject(request.query)),
      ...parts.body?.variables(request.body as JsonObject),
      ...parts.headers?.variables(request.headers as JsonObject),
    }),
  };
}

/** An overlay leaving these arguments out of a part (another part carries them). */
export const omitted = (names: string[]): Record<string, MemberOverlay> => Object.fromEntries(names.map((name) => [name, { omit: true }]));
