import type { IncomingHttpHeaders } from 'node:http';
import { getVariableValues, GraphQLSchema, Kind, OperationDefinitionNode, parse, print, VariableDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { AnswerShortcut, PreparedAnswer } from '../../../shared/http/answer-shortcut';
import type { RequestContext } from '../../../shared/context/request-context';
import { noteOperation } from '../../../shared/context/request-scope';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import type { FlightSearchOutcome } from './flight-search.service';
import type { FlightSearchRequest } from './flight-search.request';

/** Search documents whose analysis is kept: the gateway sends one text per REST route, clients a few more. */
export const SEARCH_DOCUMENTS_MAX = 100;
/** Answer templates kept: one per priced answer, offers shown, meta, document and Accept header. */
export const SEARCH_ANSWERS_MAX = 1_000;
/** Their characters together (a template is about the size of its answer: 10 KB at 9 offers, 125 KB at 50). */
export const SEARCH_ANSWERS_MAX_CHARS = 32 * 1024 * 1024;
/**
 * Keys answered once without a template: a template is made the second time a key is answered, so a search
 * nobody repeats (a new supplier answer, most of them) costs no template. A key is about 150 characters.
 */
export const SEARCH_ANSWERS_SEEN_MAX = 10_000;

export interface SearchAnswerBounds {
  documents: number;
  answers: number;
  chars: number;
  seen: number;
}

const BOUNDS: SearchAnswerBounds = {
  documents: SEARCH_DOCUMENTS_MAX,
  answers: SEARCH_ANSWERS_MAX,
  chars: SEARCH_ANSWERS_MAX_CHARS,
  seen: SEARCH_ANSWERS_SEEN_MAX,
};

/**
 * The search the searchFlights resolver takes up. Made before Apollo runs: with the outcome of the search done
 * already (or the error it ended with), or empty, when the resolver is to search itself and note its outcome here.
 */
export class PreparedSearch {
  private constructor(
    private done: { outcome: FlightSearchOutcome } | { error: unknown } | undefined,
    /** The outcome, once known: the answer Apollo sends is learned from it. */
    public outcome?: FlightSearchOutcome,
  ) {}

  static searched(outcome: FlightSearchOutcome): PreparedSearch {
    return new PreparedSearch({ outcome }, outcome);
  }

  static failed(error: unknown): PreparedSearch {
    return new PreparedSearch({ error });
  }

  static toDo(): PreparedSearch {
    return new PreparedSearch(undefined);
  }

  /** The outcome of the search done before Apollo ran, once (it throws what that search threw); undefined: search now. */
  take(): FlightSearchOutcome | undefined {
    const done = this.done;
    this.done = undefined;
    if (done && 'error' in done) throw done.error;
    return done?.outcome;
  }
}

/** A document that runs exactly one search: `searchFlights(input: $x)` alone at the root of one mutation. */
interface SearchDocument {
  /** Names the document (with its operation) in template keys, which stay short. */
  id: number;
  operationName: string | null;
  variable: string;
  definitions: readonly VariableDefinitionNode[];
  /**
   * The Accept headers with which Apollo answered it with data and no errors: it parses, validates and runs the
   * search and nothing else, and Apollo serves that Accept (it refuses some before running anything).
   */
  proven: Set<string>;
}

/** Accept headers remembered per document; a request with another one is answered by Apollo first, as ever. */
const PROVEN_ACCEPTS_MAX = 16;

/**
 * An answer less what each search makes anew: `parts` around the holes, a hole being the search's expiry (-1)
 * or the reference of the offer at that position.
 */
interface AnswerTemplate {
  headers: ReadonlyArray<readonly [string, string]>;
  parts: string[];
  holes: number[];
  chars: number;
}

/** A version-8 offerReference in JSON (offers/offer-reference.ts), or the quoted expiry added to the pattern. */
const REFERENCE = '"[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"';

/**
 * Flight search answers without Apollo's execution and serialisation (issue 23, item 8). Two searches that show the
 * same offers of the same priced answer (one supplier answer priced for one display currency, pricing context,
 * wallet currency and set of rates: one offer snapshot) answer the same bytes but for each offer's reference and
 * the search's expiry. So the first answer Apollo sends for a (document, Accept, snapshot, offers shown, meta) is
 * kept as a template with those values cut out, and a later search with the same key is answered by filling it.
 *
 * The search itself is always done, by the same code as the resolver's (token, rate limit, search, offers stored
 * under fresh references): before Apollo, for a document Apollo has already answered without errors with the same
 * Accept header. When that search fails, or no template fits yet, Apollo answers, its resolver taking up the
 * outcome (or the error) instead of searching again, so errors are formatted by Apollo as ever. A template is made
 * the second time its key is answered: most new supplier answers are never repeated.
 */
export class SearchAnswers implements AnswerShortcut {
  private readonly documents: LRUCache<string, SearchDocument | false>;
  private readonly answers: LRUCache<string, AnswerTemplate>;
  private readonly seen: LRUCache<string, true>;
  private documentIds = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    /** The resolver's own work: the caller's token, the rate limit, the search. */
    private readonly search: (input: FlightSearchRequest, req: RequestContext) => Promise<FlightSearchOutcome>,
    private readonly contextOf: (headers: IncomingHttpHeaders) => RequestContext,
    /** Called for every answer sent from a template, as Apollo's plugins would have counted it. */
    private readonly served: (operationName: string | null) => void,
    bounds: SearchAnswerBounds = BOUNDS,
  ) {
    this.documents = new LRUCache({ max: bounds.documents });
    this.answers = new LRUCache({ max: bounds.answers, maxSize: bounds.chars, maxEntrySize: bounds.chars, sizeCalculation: (template) => template.chars });
    this.seen = new LRUCache({ max: bounds.seen });
  }

  /** Templates kept now. */
  get size(): number {
    return this.answers.size;
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
    if (!document.proven.has(accept)) {
      const prepared = PreparedSearch.toDo();
      return { kind: 'apollo', prepared, answered: (...sent) => prepared.outcome && this.learn(document, accept, prepared.outcome, ...sent) };
    }
    // Variables that do not fit: Apollo refuses them before the resolver runs, with its own error.
    const coerced = getVariableValues(this.schema, document.definitions, (variables as Record<string, unknown> | null | undefined) ?? {});
    if (coerced.errors) return null;
    let outcome: FlightSearchOutcome;
    try {
      outcome = await this.search(coerced.coerced[document.variable] as FlightSearchRequest, this.contextOf(headers));
    } catch (error) {
      return { kind: 'apollo', prepared: PreparedSearch.failed(error) };
    }
    const template = this.answers.get(templateKey(document, accept, outcome));
    const filled = template && fill(template, outcome);
    if (template && filled !== undefined) {
      noteOperation(document.operationName);
      this.served(document.operationName);
      return { kind: 'answer', headers: template.headers, body: filled };
    }
    return { kind: 'apollo', prepared: PreparedSearch.searched(outcome), answered: (...sent) => this.learn(document, accept, outcome, ...sent) };
  }

  /** Keeps Apollo's answer as a template when it is a plain 200 with data and no errors. */
  private learn(
    document: SearchDocument,
    accept: string,
    outcome: FlightSearchOutcome,
    status: number,
    headers: ReadonlyArray<readonly [string, string]>,
    body: string,
  ): void {
    // Apollo writes `errors` before `data`: an answer that starts with data has none.
    if (status !== 200 || !body.startsWith('{"data":')) return;
    if (document.proven.size < PROVEN_ACCEPTS_MAX) document.proven.add(accept);
    const key = templateKey(document, accept, outcome);
    if (!this.seen.delete(key)) {
      this.seen.set(key, true);
      return;
    }
    const template = templateOf(body, outcome, headers);
    if (template) this.answers.set(key, template);
  }

  private analyse(query: string, operationName: string | null): SearchDocument | false {
    const key = `${operationName ?? ''}\u0000${query}`;
    let document = this.documents.get(key);
    if (document === undefined) {
      document = searchDocument(++this.documentIds, query, operationName);
      this.documents.set(key, document);
    }
    return document;
  }
}

function searchDocument(id: number, query: string, operationName: string | null): SearchDocument | false {
  let operations: OperationDefinitionNode[];
  try {
    const parsed = parse(query, { noLocation: true, maxTokens: 5_000 });
    if (parsed.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION)) return false;
    operations = parsed.definitions as OperationDefinitionNode[];
  } catch {
    return false;
  }
  const operation = operationName === null ? (operations.length === 1 ? operations[0] : undefined) : operations.find((o) => o.name?.value === operationName);
  if (!operation || operation.operation !== 'mutation' || operation.directives?.length || operation.selectionSet.selections.length !== 1) return false;
  const [field] = operation.selectionSet.selections;
  if (field.kind !== Kind.FIELD || field.name.value !== 'searchFlights' || field.alias || field.directives?.length || field.arguments?.length !== 1)
    return false;
  const [argument] = field.arguments;
  if (argument.name.value !== 'input' || argument.value.kind !== Kind.VARIABLE) return false;
  const variable = argument.value.name.value;
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length !== 1 || definitions[0].variable.name.value !== variable || print(definitions[0].type) !== 'FlightSearchInput!') return false;
  return { id, operationName: operation.name?.value ?? null, variable, definitions, proven: new Set() };
}

/** What makes two answers equal but for references and expiry: the document, how it is encoded, the offers shown, the meta. */
function templateKey(document: SearchDocument, accept: string, outcome: FlightSearchOutcome): string {
  return `${document.id}\u0000${accept}\u0000${outcome.shown}\u0000${JSON.stringify(outcome.meta)}`;
}

const expiryJson = (outcome: FlightSearchOutcome): string | undefined =>
  outcome.data.length ? JSON.stringify(DateTimeScalar.serialize(outcome.data[0].expiresAt)) : undefined;

/** The answer with this search's references and expiry cut out, or undefined when filling it back would not give the same bytes. */
function templateOf(body: string, outcome: FlightSearchOutcome, headers: ReadonlyArray<readonly [string, string]>): AnswerTemplate | undefined {
  // Every offer of a search shares its expiry.
  if (outcome.data.some((offer) => offer.expiresAt.getTime() !== outcome.data[0].expiresAt.getTime())) return undefined;
  const expiry = expiryJson(outcome);
  const positions = new Map(outcome.data.map((offer, position) => [JSON.stringify(offer.offerReference), position]));
  const parts: string[] = [];
  const holes: number[] = [];
  let from = 0;
  if (expiry !== undefined) {
    const pattern = new RegExp(`${REFERENCE}|${expiry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g');
    for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
      const hole = match[0] === expiry ? -1 : positions.get(match[0]);
      if (hole === undefined) continue;
      parts.push(body.slice(from, match.index));
      holes.push(hole);
      from = match.index + match[0].length;
    }
  }
  parts.push(body.slice(from));
  const template: AnswerTemplate = { headers: [...headers], parts, holes, chars: body.length };
  return fill(template, outcome) === body ? template : undefined;
}

/** The template with this search's values; undefined when it has a hole for an offer the search does not have. */
function fill(template: AnswerTemplate, outcome: FlightSearchOutcome): string | undefined {
  const { parts, holes } = template;
  if (holes.length === 0) return parts[0];
  const expiry = expiryJson(outcome);
  let body = parts[0];
  for (let i = 0; i < holes.length; i++) {
    const hole = holes[i];
    if (hole >= outcome.data.length || expiry === undefined) return undefined;
    body += (hole < 0 ? expiry : `"${outcome.data[hole].offerReference}"`) + parts[i + 1];
  }
  return body;
}
