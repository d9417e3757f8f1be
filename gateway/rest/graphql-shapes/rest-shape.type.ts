import type { z } from 'zod';

/**
 * Where a REST member differs from the GraphQL field it comes from. Everything not written here is derived from the
 * API schema: the member, its JSON type, whether it may be null, and its description.
 */
export interface FieldOverlay {
  /** The REST member name when REST renames the field; sent as a GraphQL alias, so the answer needs no reshaping. */
  as?: string;
  /** REST leaves the field out: neither selected nor documented. */
  omit?: true;
  /** Selected for the route to read (a cursor it checks, an id it joins on) and left out of the answer: not documented. */
  routeOnly?: true;
  /**
   * A REST-only refinement of the field's leaf type (a format, a narrowed enum, min/max, a shared component such as
   * MoneyAmount); list and null wrapping are still derived from GraphQL.
   */
  schema?: z.ZodType;
  /** REST never answers null here (the route answers a state in which GraphQL's nullable field is always set). */
  nonNull?: true;
  /**
   * In an object whose nulls are absent, REST still answers this member, null included (the cancellation's
   * refundState): documented as required and nullable. The route puts it back (RestShape.nullsKept at the root).
   */
  keepNull?: true;
  /**
   * The route leaves this member out where GraphQL answers null, while the object's other nulls stay (the reverse-proxy
   * domain's server): documented as optional, never null.
   */
  absentWhenNull?: true;
  /** An enum the route answers in lower case: its values are documented so. */
  lowerCase?: true;
  /** The field's own selection when REST hand-writes it (only with `schema`; for a union, or a shared component). */
  selection?: string;
  /** REST words the description differently. */
  description?: string;
  /** For a field of object type: the overlay of that object's fields. */
  shape?: ShapeOverlay;
  /**
   * For a list of objects: REST answers an object keyed by this member's value, the member left out of each entry (the
   * route's reply builds it; e.g. otherCurrencies by `code`). Documented as an object whose property names are the
   * member's schema and whose additionalProperties are the entry (with `schema`, that schema is the entry's).
   */
  keyedBy?: string;
  /**
   * For a non-null object field: REST lifts the object's members into the owner, in place of the field (the route's
   * reply does it; e.g. the operator's company members answered as the operator's own). A name both have fails the
   * build; `order` places the lifted members by the field's name.
   */
  flatten?: true;
}

/** An object member the route builds from several fields of the type (e.g. three price fields as one `price`). */
export interface GroupOverlay {
  /** The GraphQL fields it holds, each under its `as` name (or its own). */
  fields: string[];
  /** Makes the object a named component in openapi.json. */
  id?: string;
  description?: string;
}

/** A REST answer (or a part of one) as the GraphQL object type it comes from, plus where REST differs. */
export interface ShapeOverlay {
  /** Makes the object a named component in openapi.json (components/schemas/<id>). */
  id?: string;
  /** REST words the object's description differently (default: the field's, or for the root the type's, description). */
  description?: string;
  /**
   * The route drops null members (withoutNulls): a nullable GraphQL field is documented as optional, never null.
   * The objects below inherit it (withoutNulls drops them at every depth) unless their own overlay says otherwise.
   */
  nullsAbsent?: boolean;
  /**
   * The REST member order (REST names) where it differs from the type's: these first, the others after them in the
   * type's order. The selection follows it, since a JSON answer keeps its selection's order.
   */
  order?: string[];
  /**
   * A compact form: only these GraphQL fields, in the type's order, so a field added to the type stays out of it
   * (e.g. the company list's `mini=true`). Without it every field not left out is answered.
   */
  only?: string[];
  /** Per GraphQL field name. A name the type does not have is an error when the route table is built. */
  fields?: Record<string, FieldOverlay>;
  /** Members the route groups fields into, by REST name; documented after the type's fields, as the route appends them. */
  groups?: Record<string, GroupOverlay>;
  /** Members the route computes and appends (e.g. a seat's availability); documented last, in this order. */
  adds?: Record<string, z.ZodType>;
}

/** What a route needs from one declaration: the selection it sends and the schema its answer is documented and checked by. */
export interface RestShape<S extends z.ZodType = z.ZodObject> {
  /** The GraphQL selection set's contents (no outer braces), in the type's field order. */
  selection: string;
  schema: S;
  /** The REST names of the root's `keepNull` members: the route answers them null where it drops every other null. */
  nullsKept: readonly string[];
}
