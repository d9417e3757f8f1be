import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { createErrorFormatter } from '../errors/graphql-errors.mapper';
import type { Logger } from '../logging/logger';

/** What every ApolloServer of the platform (gateway and subgraphs) shares. */
export function sharedApolloOptions<TContext extends BaseContext>(
  logger: Logger,
  { production }: { production: boolean },
): Pick<
  ApolloServerOptionsWithGateway<TContext>,
  'formatError' | 'includeStacktraceInErrorResponses' | 'hideSchemaDetailsFromClientErrors' | 'csrfPrevention' | 'stopOnTerminationSignals' | 'logger'
> {
  return {
    // Production answers no "Did you mean" suggestions: Apollo cuts them from validation errors, the
    // formatter from every other message (variable coercion, errors passed through from subgraphs).
    formatError: createErrorFormatter(logger, { hideSchemaDetails: production }),
    hideSchemaDetailsFromClientErrors: production,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // bin/start.ts owns shutdown: Apollo's own signal handlers (on outside NODE_ENV=test) would race it.
    stopOnTerminationSignals: false,
    logger: { debug: () => undefined, info: () => undefined, warn: (m) => logger.warn(String(m)), error: (m) => logger.error(String(m)) },
  };
}
