import type { IncomingHttpHeaders } from 'node:http';
import type { GraphQLSchema } from 'graphql';

/**
 * A subgraph module's way to answer some GraphQL requests without Apollo's execution and serialisation, with
 * the bytes Apollo sent for an earlier request of the same kind (the flight search's answer templates). It sees
 * each POST body first; a request it does not claim goes to Apollo untouched.
 */
export interface AnswerShortcut {
  /** Null: not this shortcut's request, Apollo answers it as always. */
  prepare(body: unknown, headers: IncomingHttpHeaders): Promise<PreparedAnswer | null>;
}

/** Made once the subgraph's schema exists (a shortcut checks variables against it, as Apollo does). */
export type AnswerShortcutFactory = (schema: GraphQLSchema) => AnswerShortcut;

/** Where a module registers its shortcuts while it builds its schema; printing a schema passes none. */
export interface AnswerShortcuts {
  add(factory: AnswerShortcutFactory): void;
}

export type PreparedAnswer =
  /** The answer, as Apollo would have sent it: status 200 with these headers and bytes. */
  | { kind: 'answer'; headers: ReadonlyArray<readonly [string, string]>; body: string }
  /**
   * Apollo answers, and its resolvers find `prepared` in their context (work the shortcut did already, for them to
   * take up instead of doing it again); `answered` then sees what Apollo sent.
   */
  | { kind: 'apollo'; prepared: object; answered?(status: number, headers: ReadonlyArray<readonly [string, string]>, body: string): void };
