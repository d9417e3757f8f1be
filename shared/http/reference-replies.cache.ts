import type { IncomingHttpHeaders } from 'node:http';
import { Kind } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { TokenService } from '../auth/token.service';
import { InvalidatedCache } from '../cache/invalidated.cache';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { noteAccount, noteOperation } from '../context/request-scope.state';
import { chosenOperation } from './operation-choice.parser';

/**
 * A root query field whose answer is reference data: the same for every caller allowed to read it, and
 * changed only by code that publishes `topic` on the invalidation bus after it commits.
 */
export interface ReferenceField {
  field: string;
  topic: string;
  /** 'public': answered to anyone; 'signed-in': to any caller whose token verifies (the resolver asks nothing more). */
  access: 'public' | 'signed-in';
  /**
   * Only with field `_entities` (the gateway's entity fetch): the entity types whose references are reference
   * data of this topic. A request qualifies only when its representations come in one variable and every one
   * names such a type; references to any other type are answered by Apollo as always.
   */
  entityTypes?: readonly string[];
}

const ENTITIES_FIELD = '_entities';
/** More references than this in one request are answered by Apollo (a trainStations plan sends about a dozen). */
export const REFERENCE_ENTITIES_MAX = 1_000;

/** Answers kept per topic, and the bytes they may hold together (a reference list is a few KB to a few MB). */
export const REFERENCE_REPLIES_MAX = 64;
export const REFERENCE_REPLIES_MAX_BYTES = 16 * 1024 * 1024;
/** A backstop for a change made behind the services' back; a change made through them is published at once. */
export const REFERENCE_REPLY_TTL_MS = 60_000;
/** Documents whose analysis (cacheable or not) is remembered. */
const ANALYSED_MAX = 500;

export interface StoredReply {
  headers: Array<[string, string]>;
  body: string;
}

/** What lookup() found: an answer to send, or a miss that store() may fill once Apollo has answered. */
export type ReplyLookup = { kind: 'hit'; reply: StoredReply } | { kind: 'miss'; topic: string; key: string; version: string | undefined };

interface Analysis {
  topic: string;
  access: ReferenceField['access'];
  operationName: string | null;
  /** For `_entities`: the variable that carries the representations, and the types they may name. */
  entities?: { variable: string; types: ReadonlySet<string> };
}

/**
 * The answers of reference reads (the company directory, airports) kept as the bytes Apollo sent, in front
 * of Apollo: a repeated read costs a token check and a write, not a parse, validation, execution and
 * serialisation. Only documents whose every root field is a ReferenceField of one topic qualify (no
 * mutations, fragments or directives at the root); the key is the document, operation name and variables.
 * The gateway's entity fetch of reference types (a trainStations plan asks admin for its partners'
 * companies) qualifies the same way when every reference names such a type.
 * An answer with errors is never kept, and an invalidation of the topic forgets its answers everywhere.
 */
export class ReferenceReplies {
  private readonly fields: Map<string, ReferenceField>;
  private readonly caches = new Map<string, InvalidatedCache<string, StoredReply>>();
  private readonly analysed = new LRUCache<string, Analysis | false>({ max: ANALYSED_MAX });

  constructor(
    fields: readonly ReferenceField[],
    private readonly bus: InvalidationBus,
    private readonly tokens: TokenService,
    /** Called for every answer served from here, as Apollo's plugins would have counted it. */
    private readonly served: (operationName: string | null) => void,
  ) {
    this.fields = new Map(fields.map((f) => [f.field, f]));
    for (const topic of new Set(fields.map((f) => f.topic))) {
      this.caches.set(
        topic,
        new InvalidatedCache<string, StoredReply>(bus, {
          topic,
          max: REFERENCE_REPLIES_MAX,
          ttlMs: REFERENCE_REPLY_TTL_MS,
          maxSize: REFERENCE_REPLIES_MAX_BYTES,
          sizeOf: (reply) => reply.body.length,
        }),
      );
    }
  }

  /** Null when the request is not a reference read (Apollo answers it as usual, and nothing is kept). */
  async lookup(body: unknown, headers: IncomingHttpHeaders): Promise<ReplyLookup | null> {
    if (this.fields.size === 0 || typeof body !== 'object' || body === null) return null;
    const { query, operationName, variables } = body as { query?: unknown; operationName?: unknown; variables?: unknown };
    if (typeof query !== 'string' || (operationName != null && typeof operationName !== 'string')) return null;
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    const analysis = this.analyse(query, (operationName as string | null | undefined) ?? null);
    if (!analysis) return null;
    if (
      analysis.entities &&
      !onlyReferencesTo(analysis.entities.types, (variables as Record<string, unknown> | null | undefined)?.[analysis.entities.variable])
    ) {
      return null;
    }
    if (analysis.access === 'signed-in' && !(await this.signedIn(headers))) return null;
    const cache = this.caches.get(analysis.topic)!;
    const key = `${operationName ?? ''}\u0000${JSON.stringify(variables ?? {})}\u0000${query}`;
    const version = cache.version();
    const reply = cache.get(key);
    if (reply) {
      noteOperation(analysis.operationName);
      this.served(analysis.operationName);
      return { kind: 'hit', reply };
    }
    return { kind: 'miss', topic: analysis.topic, key, version };
  }

  /** Keeps Apollo's answer to a miss when it is a plain 200 without errors and nothing changed meanwhile. */
  store(miss: Extract<ReplyLookup, { kind: 'miss' }>, status: number, headers: Iterable<[string, string]>, body: string): void {
    if (status !== 200 || miss.version === undefined) return;
    let parsed: { errors?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.errors !== undefined || parsed.data == null) return;
    this.caches.get(miss.topic)!.set(miss.key, { headers: [...headers], body }, miss.version);
  }

  private async signedIn(headers: IncomingHttpHeaders): Promise<boolean> {
    // Without a verified token Apollo answers the request, with the resolver's own 401.
    const principal = await this.tokens.principalOrNull(headers.authorization);
    noteAccount(principal?.accountId);
    return principal !== null;
  }

  private analyse(query: string, operationName: string | null): Analysis | false {
    const key = `${operationName ?? ''}\u0000${query}`;
    let analysis = this.analysed.get(key);
    if (analysis === undefined) {
      analysis = this.analyseDocument(query, operationName);
      this.analysed.set(key, analysis);
    }
    return analysis;
  }

  private analyseDocument(query: string, operationName: string | null): Analysis | false {
    const operation = chosenOperation(query, operationName, 2_000);
    if (!operation || operation.operation !== 'query' || operation.directives?.length) return false;
    let found: ReferenceField | undefined;
    let entities: Analysis['entities'];
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || selection.directives?.length) return false;
      if (selection.name.value === '__typename') continue;
      const field = this.fields.get(selection.name.value);
      if (!field || (found && (found.topic !== field.topic || found.access !== field.access))) return false;
      if (field.field === ENTITIES_FIELD) {
        // One entity fetch per document, its representations in a variable: a literal list is never checked, so never kept.
        const argument = selection.arguments?.length === 1 ? selection.arguments[0] : undefined;
        if (entities || !field.entityTypes || argument?.name.value !== 'representations' || argument.value.kind !== Kind.VARIABLE) return false;
        entities = { variable: argument.value.name.value, types: new Set(field.entityTypes) };
      }
      found = field;
    }
    return found ? { topic: found.topic, access: found.access, operationName: operation.name?.value ?? null, entities } : false;
  }
}

/** True when `representations` is a bounded, non-empty list of references that each name one of `types`. */
function onlyReferencesTo(types: ReadonlySet<string>, representations: unknown): boolean {
  if (!Array.isArray(representations) || representations.length === 0 || representations.length > REFERENCE_ENTITIES_MAX) return false;
  for (const reference of representations) {
    if (typeof reference !== 'object' || reference === null || !types.has((reference as { __typename?: unknown }).__typename as string)) return false;
  }
  return true;
}
