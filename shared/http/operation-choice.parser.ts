import { Kind, OperationDefinitionNode, parse } from 'graphql';

/**
 * The operation a request runs, chosen as GraphQL chooses it (the named one, or the only one when no name is given),
 * for the caches that answer some requests before the server does. Undefined when the text does not parse within
 * `maxTokens`, holds anything but operations (a fragment: left to the server), or has no such operation.
 */
export function chosenOperation(query: string, operationName: string | null, maxTokens: number): OperationDefinitionNode | undefined {
  let operations: OperationDefinitionNode[];
  try {
    const document = parse(query, { noLocation: true, maxTokens });
    operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== document.definitions.length) return undefined;
  } catch {
    return undefined;
  }
  return operationName === null ? (operations.length === 1 ? operations[0] : undefined) : operations.find((o) => o.name?.value === operationName);
}
