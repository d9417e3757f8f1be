import type { IncomingHttpHeaders } from 'node:http';
import { getVariableValues, GraphQLSchema, Kind, VariableDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { AnswerShortcut, PreparedAnswer } from './answer-shortcut.port';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { InvalidatedCache } from '../cache/invalidated.cache';
import { noteOperation } from '../context/request-scope.state';
import { chosenOperation } from './operation-choice.parser';
import type { Metrics } from '../metrics/metrics.registry';

/** Documents whose analysis is kept: the gateway sends one text per REST route, clients a few more. */
export const TEMPLATED_DOCUMENTS_MAX = 100;
/** Answer templates kept per field: one per document, Accept header and key (what the answer shows). */
export const ANSWER_TEMPLATES_MAX = 1_000;
/** Their characters together (a template is about the size of its answer: 10 KB for a 9-offer flight search, 35 KB for a train search). */
export const ANSWER_TEMPLATES_MAX_CHARS = 32 * 1024 * 1024;
/**
 * Keys answered once without a template: a template is made the second time its key is answered, so an answer
 * nobody repeats (a new supplier answer, most of them) costs none. A key is a few hundred characters.
 */
export const ANSWER_KEYS_SEEN_MAX = 10_000;
/** A template whose answer reads data that changes at run time lives at most this long (the invalidation's backstop). */
export const ANSWER_TEMPLATE_TTL_MS = 5 * 60_000;
/** Accept headers remembered per document; a request with another one is answered by Apollo first, as ever. */
const PROVEN_ACCEPTS_MAX = 16;

export interface AnswerTemplateBounds {
  documents: number;
  templates: number;
  chars: number;
  seen: number;
}

const BOUNDS: AnswerTemplateBounds = {
  documents: TEMPLATED_DOCUMENTS_MAX,
  templates: ANSWER_TEMPLATES_MAX,
  chars: ANSWER_TEMPLATES_MAX_CHARS,
  seen: ANSWER_KEYS_SEEN_MAX,
};

/**
 * A root field whose answers differ, for equal work, only in a few values each request makes anew (a search's
 * offer references and expiry, its creation instant). `TWork` is what its resolver takes up: the outcome of the
 * work done before Apollo ran.
 */
export interface TemplatedField<TWork> {
  operation: 'query' | 'mutation';
  field: string;
  /** The resolver's own work for these arguments (the caller's token, the rate limit, the search). */
  run(args: Record<string, unknown>, headers: IncomingHttpHeaders): Promise<TWork>;
  /** What the answer shows apart from `values`: equal keys give equal answers but for those. */
  key(work: TWork): string;
  /** This answer's own values, each as its JSON appears in the answer (a quoted string), always in the same order. */
  values(work: TWork): string[];
  /** Data the answer's field resolvers read at run time (company names) changes with this bus topic: templates are forgotten. */
  topic?: string;
}

/**
 * What a resolver of a TemplatedField takes up. Made before Apollo runs: with the work done already (or the error
 * it ended with), or empty, when the resolver is to do the work itself and note it here.
 */
export class PreparedWork<TWork> {
  private constructor(
    private done: { work: TWork } | { error: unknown } | undefined,
    /** The work, once known: the answer Apollo sends is learned from it. */
    public work?: TWork,
  ) {}

  static done<T>(work: T): PreparedWork<T> {
    return new PreparedWork<T>({ work }, work);
  }

  static failed<T>(error: unknown): PreparedWork<T> {
    return new PreparedWork<T>({ error });
  }

  static toDo<T>(): PreparedWork<T> {
    return new PreparedWork<T>(undefined);
  }

  /** The work done before Apollo ran, once (throwing what it threw); undefined: the resolver does it now. */
  take(): TWork | undefined {
    const done = this.done;
    this.done = undefined;
    if (done && 'error' in done) throw done.error;
    return done?.work;
  }
}

/** A document whose one root selection is the field, every argument a variable. */
interface TemplatedDocument {
  /** Names the document (with its operation) in template keys, which stay short. */
  id: number;
  operationName: string | null;
  /** Argument name → the variable that gives it. */
  args: ReadonlyArray<readonly [string, string]>;
  definitions: readonly VariableDefinitionNode[];
  /**
   * The Accept headers with which Apollo answered it with data and no errors: it parses, validates and runs the
   * field and nothing else, and Apollo serves that Accept (it refuses some before running anything).
   */
  proven: Set<string>;
}

/** An answer less its own values: `parts` around the holes, a hole being the index of a value. */
interface AnswerTemplate {
  headers: ReadonlyArray<readonly [string, string]>;
  parts: string[];
  holes: number[];
  chars: number;
}

/** Where templates live: an LRU, or (for a field with a topic) a cache the invalidation bus empties. */
interface TemplateStore {
  version(): string | undefined;
  get(key: string): AnswerTemplate | undefined;
  set(key: string, template: AnswerTemplate, version: string | undefined): void;
  readonly size: number;
}

/**
 * Answers of a TemplatedField without Apollo's execution and serialisation (issue 23, item 8). The first answer
 * Apollo sends for a (document, Accept header, key) is kept as a template with the request's own values cut out,
 * and a later request with the same key is answered by filling in its values.
 *
 * The work itself is always done, by the resolver's code: before Apollo, for a document Apollo has already
 * answered without errors with the same Accept header. When that work fails, or no template fits yet, Apollo
 * answers, its resolver taking up the work (or the error) instead of doing it again, so errors are formatted by
 * Apollo as ever. A template is made the second time its key is answered.
 */
export class AnswerTemplates<TWork> implements AnswerShortcut {
  private readonly documents: LRUCache<string, TemplatedDocument | false>;
  private readonly templates: TemplateStore;
  private readonly seen: LRUCache<string, true>;
  private documentIds = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly field: TemplatedField<TWork>,
    /** Called for every answer sent from a template, as Apollo's plugins would have counted it. */
    private readonly served: (operationName: string | null) => void,
    bus?: InvalidationBus,
    bounds: AnswerTemplateBounds = BOUNDS,
  ) {
    this.documents = new LRUCache({ max: bounds.documents });
    this.seen = new LRUCache({ max: bounds.seen });
    const sized = { maxSize: bounds.chars, sizeOf: (template: AnswerTemplate) => template.chars };
    if (field.topic) {
      if (!bus) throw new Error(`the templates of ${field.field} need the invalidation bus (topic ${field.topic})`);
      const cache = new InvalidatedCache<string, AnswerTemplate>(bus, { topic: field.topic, max: bounds.templates, ttlMs: ANSWER_TEMPLATE_TTL_MS, ...sized });
      this.templates = {
        version: () => cache.version(),
        get: (key) => cache.get(key),
        set: (key, template, version) => cache.set(key, template, version),
        get size() {
          return cache.size;
        },
      };
    } else {
      const lru = new LRUCache<string, AnswerTemplate>({
        max: bounds.templates,
        maxSize: bounds.chars,
        maxEntrySize: bounds.chars,
        sizeCalculation: sized.sizeOf,
      });
      this.templates = {
        version: () => '',
        get: (key) => lru.get(key),
        set: (key, template) => void lru.set(key, template),
        get size() {
          return lru.size;
        },
      };
    }
  }

  /** Templates kept now. */
  get size(): number {
    return this.templates.size;
  }

  async prepare(body: unknown, headers: IncomingHttpHeaders): Promise<PreparedAnswer | null> {
    if (typeof body !== 'object' || body === null) return null;
    const { query, operationName, variables, extensions } = body as Record<string, unknown>;
    if (typeof query !== 'string' || (operationName != null && typeof operationName !== 'string')) return null;
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    // Persisted-query and other extensions are Apollo's to read.
    if (extensions != null && (typeof extensions !== 'object' || Object.keys(extensions).length > 0)) return null;
    const document = this.analyse(query, (operationName as string | null | undefined) ?? null);
    if (!document) return null;
    const accept = headers.accept ?? '';
    // Taken before the work: a template learned from an answer whose run-time data changed meanwhile is not kept.
    const version = this.templates.version();
    if (!document.proven.has(accept)) {
      const prepared = PreparedWork.toDo<TWork>();
      return { kind: 'apollo', prepared, answered: (...sent) => prepared.work !== undefined && this.learn(document, accept, prepared.work, version, ...sent) };
    }
    // Variables that do not fit: Apollo refuses them before the resolver runs, with its own error.
    const coerced = getVariableValues(this.schema, document.definitions, (variables as Record<string, unknown> | null | undefined) ?? {});
    if (coerced.errors) return null;
    const args: Record<string, unknown> = {};
    for (const [argument, variable] of document.args) if (variable in coerced.coerced) args[argument] = coerced.coerced[variable];
    let work: TWork;
    try {
      work = await this.field.run(args, headers);
    } catch (error) {
      return { kind: 'apollo', prepared: PreparedWork.failed<TWork>(error) };
    }
    const template = this.templates.get(templateKey(document, accept, this.field.key(work)));
    const filled = template && fill(template, this.field.values(work));
    if (filled !== undefined) {
      noteOperation(document.operationName);
      this.served(document.operationName);
      return { kind: 'answer', headers: template!.headers, body: filled };
    }
    return { kind: 'apollo', prepared: PreparedWork.done(work), answered: (...sent) => this.learn(document, accept, work, version, ...sent) };
  }

  /** Keeps Apollo's answer as a template, the second time its key is answered, when it is a plain 200 with data and no errors. */
  private learn(
    document: TemplatedDocument,
    accept: string,
    work: TWork,
    version: string | undefined,
    status: number,
    headers: ReadonlyArray<readonly [string, string]>,
    body: string,
  ): void {
    // Apollo writes `errors` before `data`: an answer that starts with data has none.
    if (status !== 200 || !body.startsWith('{"data":')) return;
    if (document.proven.size < PROVEN_ACCEPTS_MAX) document.proven.add(accept);
    const key = templateKey(document, accept, this.field.key(work));
    if (!this.seen.delete(key)) {
      this.seen.set(key, true);
      return;
    }
    const template = templateOf(body, this.field.values(work), headers);
    if (template) this.templates.set(key, template, version);
  }

  private analyse(query: string, operationName: string | null): TemplatedDocument | false {
    const key = `${operationName ?? ''}\u0000${query}`;
    let document = this.documents.get(key);
    if (document === undefined) {
      document = templatedDocument(++this.documentIds, query, operationName, this.field);
      this.documents.set(key, document);
    }
    return document;
  }
}

function templatedDocument(id: number, query: string, operationName: string | null, field: TemplatedField<unknown>): TemplatedDocument | false {
  const operation = chosenOperation(query, operationName, 5_000);
  if (!operation || operation.operation !== field.operation || operation.directives?.length || operation.selectionSet.selections.length !== 1) return false;
  const [selection] = operation.selectionSet.selections;
  if (selection.kind !== Kind.FIELD || selection.name.value !== field.field || selection.alias || selection.directives?.length) return false;
  const args: Array<[string, string]> = [];
  for (const argument of selection.arguments ?? []) {
    if (argument.value.kind !== Kind.VARIABLE) return false;
    args.push([argument.name.value, argument.value.name.value]);
  }
  const definitions = operation.variableDefinitions ?? [];
  // Every variable feeds an argument, and only one: the arguments are exactly the variables' values.
  const used = new Set(args.map(([, variable]) => variable));
  if (used.size !== args.length || definitions.length !== used.size || definitions.some((d) => !used.has(d.variable.name.value))) return false;
  return { id, operationName: operation.name?.value ?? null, args, definitions, proven: new Set() };
}

function templateKey(document: TemplatedDocument, accept: string, key: string): string {
  return `${document.id}\u0000${accept}\u0000${key}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The answer with these values cut out, or undefined when filling them back would not give the same bytes. */
function templateOf(body: string, values: readonly string[], headers: ReadonlyArray<readonly [string, string]>): AnswerTemplate | undefined {
  // Two equal values could not be told apart in the answer.
  if (new Set(values).size !== values.length || values.some((value) => value.length === 0)) return undefined;
  const index = new Map(values.map((value, i) => [value, i]));
  const parts: string[] = [];
  const holes: number[] = [];
  let from = 0;
  if (values.length) {
    const pattern = new RegExp(values.map(escapeRegExp).join('|'), 'g');
    for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
      parts.push(body.slice(from, match.index));
      holes.push(index.get(match[0])!);
      from = match.index + match[0].length;
    }
  }
  parts.push(body.slice(from));
  const template: AnswerTemplate = { headers: [...headers], parts, holes, chars: body.length };
  return fill(template, values) === body ? template : undefined;
}

/** The template with this answer's values; undefined when it has a hole for a value this answer does not have (or has empty). */
function fill(template: AnswerTemplate, values: readonly string[]): string | undefined {
  const { parts, holes } = template;
  let body = parts[0];
  for (let i = 0; i < holes.length; i++) {
    const value = values[holes[i]];
    if (!value) return undefined;
    body += value + parts[i + 1];
  }
  return body;
}

/** Counts an answer sent from a template in `safiri_graphql_operations_total`, as Apollo's metrics plugin would have. */
export function servedFromTemplate(
  ports: { metrics: Pick<Metrics, 'graphqlOperations' | 'operationLabel'> },
  service: string,
  operationName: string | null,
): void {
  ports.metrics.graphqlOperations.inc({ service, operation: ports.metrics.operationLabel(operationName ?? undefined), outcome: 'ok' });
}
