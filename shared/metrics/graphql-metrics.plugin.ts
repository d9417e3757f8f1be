import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { Metrics } from './metrics.registry';

/** Counts every GraphQL operation an Apollo server answers, by (bounded) operation name and outcome. */
export function graphqlMetricsPlugin<T extends BaseContext>(metrics: Metrics, service: string): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operationName, request, response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          metrics.graphqlOperations.inc({
            service,
            operation: metrics.operationLabel(operationName ?? request.operationName ?? nameInText(request.query)),
            outcome: errors?.length ? 'error' : 'ok',
          });
        },
      };
    },
  };
}

/** A document that failed to parse or validate has no resolved operation: the name it starts with, if any. */
function nameInText(query: string | undefined): string | undefined {
  return query ? /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)?.[1] : undefined;
}
