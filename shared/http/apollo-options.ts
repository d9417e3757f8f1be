import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { createErrorFormatter } from '../errors/graphql-errors';
import type { Logger } from '../logging/logger';

/** What every ApolloServer of the platform (gateway and subgraphs) shares. */
export function sharedApolloOptions<TContext extends BaseContext>(
  logger: Logger,
): Pick<
  ApolloServerOptionsWithGateway<TContext>,
  'formatError' | 'includeStacktraceInErrorResponses' | 'csrfPrevention' | 'stopOnTerminationSignals' | 'logger'
> {
  return {
    formatError: createErrorFormatter(logger),
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // bin/start.ts owns shutdown: Apollo's own signal handlers (on outside NODE_ENV=test) would race it.
    stopOnTerminationSignals: false,
    logger: { debug: () => undefined, info: () => undefined, warn: (m) => logger.warn(String(m)), error: (m) => logger.error(String(m)) },
  };
}
