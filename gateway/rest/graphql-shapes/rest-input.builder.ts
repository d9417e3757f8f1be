import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { z } from 'zod';
import { DateTimeScalar, LocalDateScalar } from '../../../shared/graphql/date-time.scalar';
import { IntOrString } from '../../../shared/graphql/int-or-string.scalar';
import { apiSchema } from './api-schema.reader';
import type { ArgumentsOverlay, InputOverlay, MemberOverlay, RestInput } from './rest-input.type';

/** A scalar the subgraphs parse with their own code: the check runs that same parser, so its rule is written once. */
function parsedBy(scalar: GraphQLScalarType, json: z.ZodType, format?: string): () => z.ZodType {
  return () => {
    const check = json.superRefine((value, ctx) => {
      try {
        scalar.parseValue(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      }
    });
    return format ? check.meta({ format }) : check;
  };
}

/** The JSON each API input scalar is accepted as, by GraphQL's own coercion rules. A scalar missing here fails the build. */
const SCALARS: Record<string, () => z.ZodType> = {
  String: () => z.string(),
  // GraphQL also coerces an integer to ID; REST documents ids as the strings every answer carries.
  ID: () => z.string(),
  Int: () => z.number().int(),
  Float: () => z.number(),
  Boolean: () => z.boolean(),
  DateTime: parsedBy(DateTimeScalar, z.string(), 'date-time'),
  LocalDate: parsedBy(LocalDateScalar, z.string(), 'date'),
  IntOrString: parsedBy(IntOrString, z.union([z.number().int(), z.string()], { error: 'must be an integer or a string' })),
  JSONObject: () => z.looseObject({}),
};

type Member = GraphQLArgument | GraphQLInputField;

function fail(where: string, message: string): never {
  throw new Error(`REST input ${where}: ${message}`);
}

function leaf(type: GraphQLInputType, overlay: MemberOverlay, where: string): z.ZodType {
  const named = getNamedType(type);
  if (isInputObjectType(named)) return objectCheck(named, overlay.shape ?? {}, where);
  if (isEnumType(named)) return z.enum(named.getValues().map((v) => v.name) as [string, ...string[]]);
  if (isScalarType(named)) return (SCALARS[named.name] ?? fail(where, `scalar ${named.name} has no JSON form: add it to SCALARS`))();
  return fail(where, `${String(named)} is not an input type`);
}

/**
 * Lists and null as GraphQL wraps them: a nullable member may be null or absent, a non-null one must be given. In text
 * (a query string, a path, a header) no value is null: there a nullable member may only be absent.
 */
function wrapped(type: GraphQLInputType, inner: z.ZodType, text = false): z.ZodType {
  const base = getNullableType(type);
  const item = isListType(base) ? z.array(wrapped(base.ofType as GraphQLInputType, inner)) : inner;
  return isNonNullType(type) ? item : text ? item.optional() : item.nullish();
}

function memberCheck(member: Member, overlay: MemberOverlay, where: string, text: boolean): z.ZodType {
  const graphql = overlay.instead?.schema ?? leaf(member.type, overlay, where);
  const inner = overlay.accepts
    ? z.union([graphql, overlay.accepts.schema], overlay.accepts.message ? { error: overlay.accepts.message } : undefined)
    : graphql;
  const given = wrapped(member.type, inner, text);
  const check = overlay.whenAbsent === undefined ? given : text ? given.optional() : given.nullish();
  const description = overlay.description ?? member.description ?? undefined;
  const meta = { ...(description ? { description } : {}), ...overlay.documents };
  return Object.keys(meta).length ? check.meta(meta) : check;
}

/** REST name → GraphQL member, in the overlay's order, then the schema's; checks that the overlay names real members. */
function restMembers(members: readonly Member[], overlay: InputOverlay, where: string): Array<[string, Member]> {
  const byName = new Map(members.map((m) => [m.name, m]));
  for (const name of Object.keys(overlay.members ?? {})) if (!byName.has(name)) fail(`${where}.${name}`, `no argument or field ${name}`);
  const named = members.filter((m) => !overlay.members?.[m.name]?.omit).map((m): [string, Member] => [overlay.members?.[m.name]?.as ?? m.name, m]);
  const order = overlay.order ?? [];
  for (const name of order) if (!named.some(([rest]) => rest === name)) fail(`${where}.${name}`, `order names a member that is not taken`);
  const rank = (rest: string) => (order.includes(rest) ? order.indexOf(rest) : order.length);
  return named
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index)
    .map((e) => e.entry);
}

function membersCheck(members: readonly Member[], overlay: InputOverlay, where: string, text = false): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [rest, member] of restMembers(members, overlay, where))
    shape[rest] = memberCheck(member, overlay.members?.[member.name] ?? {}, `${where}.${member.name}`, text);
  const object = overlay.unknownMembers === 'ignore' ? z.object(shape) : z.strictObject(shape);
  const meta = { ...(overlay.id ? { id: overlay.id } : {}), ...(overlay.description ? { description: overlay.description } : {}) };
  return Object.keys(meta).length ? object.meta(meta) : object;
}

function objectCheck(type: GraphQLInputObjectType, overlay: InputOverlay, where: string): z.ZodObject {
  const checked = membersCheck(Object.values(type.getFields()), overlay, `${where}(${type.name})`);
  return overlay.description || !type.description ? checked : checked.meta({ description: type.description });
}

/** A checked REST value as GraphQL takes it: members renamed, unknown ones dropped, REST-only JSON forms converted. */
function graphQLValue(type: GraphQLInputType, value: unknown, overlay: MemberOverlay): unknown {
  if (value === undefined || value === null) return value;
  const base = getNullableType(type);
  if (isListType(base) && Array.isArray(value)) return value.map((item) => graphQLValue(base.ofType as GraphQLInputType, item, overlay));
  if (overlay.accepts && !overlay.accepts.schema.safeParse(value).error) return overlay.accepts.toGraphQL(value);
  if (overlay.instead && !overlay.instead.schema.safeParse(value).error) return overlay.instead.toGraphQL(value);
  const named = getNamedType(type);
  if (!isInputObjectType(named) || typeof value !== 'object') return value;
  return objectValue(named, value as Record<string, unknown>, overlay.shape ?? NO_OVERLAY);
}

const NO_OVERLAY: InputOverlay & MemberOverlay = {};

/** The REST members of an input object or a field's arguments under one overlay, worked out once: variables() runs per request. */
const PLANS = new WeakMap<InputOverlay, WeakMap<object, Array<[string, Member]>>>();

function plannedMembers(owner: GraphQLInputObjectType | readonly GraphQLArgument[], overlay: InputOverlay): Array<[string, Member]> {
  let byOwner = PLANS.get(overlay);
  if (!byOwner) PLANS.set(overlay, (byOwner = new WeakMap()));
  let plan = byOwner.get(owner);
  if (!plan) byOwner.set(owner, (plan = restMembers(isInputObjectType(owner) ? Object.values(owner.getFields()) : owner, overlay, '')));
  return plan;
}

function objectValue(
  owner: GraphQLInputObjectType | readonly GraphQLArgument[],
  value: Record<string, unknown>,
  overlay: InputOverlay,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rest, member] of plannedMembers(owner, overlay)) {
    const memberOverlay = overlay.members?.[member.name] ?? NO_OVERLAY;
    const given = value[rest];
    if ((given === undefined || given === null) && memberOverlay.whenAbsent !== undefined) out[member.name] = memberOverlay.whenAbsent;
    else if (given !== undefined) out[member.name] = graphQLValue(member.type, given, memberOverlay);
  }
  return out;
}

function rootField(schema: GraphQLSchema, target: string) {
  const [root, name] = target.split('.');
  const type = root === 'Mutation' ? schema.getMutationType() : root === 'Query' ? schema.getQueryType() : undefined;
  if (!type || !isObjectType(type)) return fail(target, 'name a root field as Query.<field> or Mutation.<field>');
  return type.getFields()[name] ?? fail(target, `the API schema (schema/client.graphql) has no ${target}`);
}

/**
 * One REST input derived from a root field of the API schema (`Mutation.depositTrainCardPayment`): the check of its JSON
 * types and presence, which is GraphQL's own input coercion (so it is also openapi.json's request schema), and the
 * variables and argument list its operation sends. Rules about values are the owning subgraph's alone; its error (the
 * same code and fields a GraphQL client gets) is answered as it is.
 */
export function restInput(target: string, overlay: ArgumentsOverlay = {}, schema: GraphQLSchema = apiSchema()): RestInput {
  const field = rootField(schema, target);
  if (overlay.body) {
    const argument = field.args.find((a) => a.name === overlay.body) ?? fail(target, `has no argument ${overlay.body}`);
    const type = getNamedType(argument.type);
    if (!isInputObjectType(type)) return fail(target, `argument ${overlay.body} is not an input object`);
    for (const name of overlay.alongside ?? []) if (!field.args.some((a) => a.name === name)) fail(target, `has no argument ${name}`);
    for (const other of field.args)
      if (other !== argument && isNonNullType(other.type) && !overlay.alongside?.includes(other.name)) fail(target, `argument ${other.name} is required too`);
    return {
      schema: membersCheck(Object.values(type.getFields()), { description: type.description ?? undefined, ...overlay }, `${target}(${type.name})`),
      variableDefinitions: `$${argument.name}: ${String(argument.type)}`,
      arguments: `${argument.name}: $${argument.name}`,
      variables: (request) => ({ [argument.name]: objectValue(type, request, overlay) }),
    };
  }
  const taken = restMembers(field.args, overlay, target).map(([, member]) => member as GraphQLArgument);
  return {
    schema: membersCheck(field.args, overlay, target, overlay.in !== undefined),
    variableDefinitions: taken.map((a) => `$${a.name}: ${String(a.type)}`).join(', '),
    arguments: taken.map((a) => `${a.name}: $${a.name}`).join(', '),
    variables: (request) => {
      const values = objectValue(field.args, request, overlay);
      return Object.fromEntries(taken.map((a) => [a.name, values[a.name] ?? null]));
    },
  };
}
