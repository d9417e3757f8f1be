import { type ApolloServerPlugin, type GraphQLRequestListener, type GraphQLResponse, HeaderMap } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import type { TokenService } from '../../shared/auth/token.service';
import { AppError } from '../../shared/errors/app-error.exception';
import { appErrorExtensions, toRequestError } from '../../shared/errors/graphql-errors.mapper';
import type { GatewayContext } from '../gateway.context';
import { IdempotencyException } from './idempotency.exception';
import { IDEMPOTENCY_KEY_HEADER, keyProblem, REPLAYED_HEADER, requestFingerprint } from './idempotency-key.policy';
import type { BegunRequest, IdempotentRequests } from './idempotent-requests.service';

/** The error a GraphQL answer leads with, read as the REST error body it stands for (for which answers to keep). */
function outcomeOf(result: FormattedExecutionResult, httpStatus: number) {
  const first = result.errors?.[0];
  if (!first) return { outcomeStatus: httpStatus, body: result };
  const ext = (first.extensions ?? {}) as { status?: unknown; errorCode?: unknown; code?: unknown; data?: unknown };
  // An error without our status is one formatError masked: not an outcome to replay.
  const status = typeof ext.status === 'number' ? ext.status : 500;
  return { outcomeStatus: status, body: { errorCode: String(ext.errorCode ?? ext.code ?? ''), status, data: ext.data, error: {} } };
}

/** A refused key as the GraphQL answer a request error gets: its HTTP status, Retry-After where it has one. */
function refusal(error: AppError): GraphQLResponse {
  const headers = new HeaderMap();
  const retryAfter = error.data?.retryAfterSeconds;
  if (typeof retryAfter === 'number') headers.set('retry-after', String(retryAfter));
  return {
    http: { status: error.status, headers },
    body: { kind: 'single', singleResult: { errors: [{ message: error.errorMessage, extensions: appErrorExtensions(error) }] } },
  };
}

/**
 * Idempotency-Key for GraphQL mutations sent to /graphql, with the REST routes' rules and store (docs/decisions.md
 * "Idempotency keys"): the key is claimed once the operation is known to be a mutation that passed every check, a kept answer is returned
 * instead of executing, and the executed answer is kept when final. Queries ignore the header; REST's own operations
 * are keyed by the REST router.
 */
export function idempotencyPlugin(requests: IdempotentRequests, tokens: TokenService): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart({ request, contextValue }): Promise<GraphQLRequestListener<GatewayContext> | void> {
      const key = request.http?.headers.get(IDEMPOTENCY_KEY_HEADER);
      if (contextValue.source !== 'graphql' || key === undefined) return;
      let begun: BegunRequest | undefined;
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'mutation') return;
          const problem = keyProblem(key);
          if (problem) throw toRequestError(IdempotencyException.invalidKey(problem));
        },
        // Claimed here, not in didResolveOperation: Apollo runs every plugin's didResolveOperation at once, so a claim
        // there would go on after another plugin refused the operation (its cost) and hold the key until its lease ends.
        async responseForOperation({ operation, request: { query, variables, operationName } }) {
          if (operation.operation !== 'mutation') return null;
          const principal = await tokens.principalOrNull(contextValue.forwardedHeaders.authorization);
          if (!principal) return null;
          const fingerprint = requestFingerprint('GRAPHQL', operationName ?? '', { query, variables: variables ?? {} });
          try {
            begun = await requests.begin(principal.accountId, key, fingerprint);
          } catch (error) {
            if (error instanceof AppError) return refusal(error);
            throw error;
          }
          if (begun.kind !== 'replay') return null;
          const singleResult = JSON.parse(begun.answer.body) as FormattedExecutionResult;
          return { http: { status: begun.answer.status, headers: new HeaderMap([[REPLAYED_HEADER, 'true']]) }, body: { kind: 'single', singleResult } };
        },
        async willSendResponse({ response }) {
          if (begun?.kind !== 'run') return;
          const running = begun;
          begun = undefined;
          if (response.body.kind !== 'single') return running.release();
          const status = response.http.status ?? 200;
          await running.settle({ status, headers: {}, ...outcomeOf(response.body.singleResult, status), text: JSON.stringify(response.body.singleResult) });
        },
      };
    },
  };
}
