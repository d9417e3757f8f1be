import type { z } from 'zod';

/**
 * Where a REST request member differs from the GraphQL argument (or input field) it becomes. Everything not written
 * here is derived from the API schema: the member, its JSON type, whether it is required, and its description.
 */
export interface MemberOverlay {
  /** The REST member name when REST names the argument differently. */
  as?: string;
  /** REST does not take this argument: neither documented nor sent (the operation passes null, or its own value). */
  omit?: true;
  /** REST words the description differently. */
  description?: string;
  /**
   * JSON Schema keywords that document a value rule the owning subgraph checks (maxLength, pattern, enum, format,
   * example). Documentation only: the gateway checks JSON types and presence, the subgraph the values, so a rule is
   * never checked twice. Take its numbers from shared/api-contract when both sides need them.
   */
  documents?: Record<string, unknown>;
  /**
   * A REST-only JSON type the member also accepts, with its conversion to the GraphQL value (e.g. an amount sent as
   * a JSON number, passed on as its text). The check accepts the GraphQL type or this.
   */
  accepts?: {
    schema: z.ZodType;
    toGraphQL(value: unknown): unknown;
    /** The problem's words when a value has neither form (default: zod's "Invalid input"). */
    message?: string;
  };
  /**
   * A REST-only JSON form taken in place of the GraphQL type (documented and checked as it), with its conversion:
   * a submitted offer object for the offer reference it carries.
   */
  instead?: {
    schema: z.ZodType;
    toGraphQL(value: unknown): unknown;
  };
  /**
   * REST may leave out (or send null) this non-null member: the operation sends this value, which the owning validator
   * reads as missing, so the problem is listed with the others (a passenger's firstName sent as "").
   */
  whenAbsent?: string | number | boolean;
  /** For a member of input object type: the overlay of that object's fields. */
  shape?: InputOverlay;
}

/** A REST request body (or query string, or part of one) as the GraphQL arguments or input object it becomes. */
export interface InputOverlay {
  /** Makes the object a named component in openapi.json (components/schemas/<id>). */
  id?: string;
  description?: string;
  /**
   * Members the client adds that GraphQL does not know: GraphQL refuses them (an input object has exactly its
   * fields), and so does REST by default; 'ignore' documents REST's leniency where a route has always dropped them.
   */
  unknownMembers?: 'refuse' | 'ignore';
  /** The member order of the check and the document (REST names); by default the API schema's (alphabetical) order. */
  order?: string[];
  /** Per GraphQL argument or field name. A name GraphQL does not have is an error when the route table is built. */
  members?: Record<string, MemberOverlay>;
}

/** The input of one root field: its arguments, or (with `body`) the one input-object argument the REST body is. */
export interface ArgumentsOverlay extends InputOverlay {
  /** The argument whose input object is the whole REST body (e.g. `input`); without it the body's members are the arguments. */
  body?: string;
  /**
   * With `body`: the other required arguments the route passes itself, from the path or a header (e.g. the `domain`
   * a PATCH changes). Without it, a required argument besides the body is an error, so that none is forgotten.
   */
  alongside?: string[];
  /**
   * Without `body`: REST carries these arguments as text, in the query string, the path or a header, where no value is
   * null, so a nullable argument is documented (and checked) as optional, never null.
   */
  in?: 'query' | 'path' | 'header';
}

/** What a route needs from one declaration of its input: the check and document, and the GraphQL variables. */
export interface RestInput {
  /** Checks JSON types and presence as GraphQL's own input coercion does; the document of openapi.json. */
  schema: z.ZodObject;
  /** The operation's variable definitions, e.g. `$paymentReference: String!, $total: String`. */
  variableDefinitions: string;
  /** The field's arguments passed from those variables, e.g. `paymentReference: $paymentReference, total: $total`. */
  arguments: string;
  /**
   * The GraphQL variables of a checked request: each argument from its REST member (converted where the overlay
   * accepts another JSON type), null when absent, unknown members left out.
   */
  variables(request: Record<string, unknown>): Record<string, unknown>;
}
