import {
  getNamedType,
  getNullableType,
  GraphQLNonNull,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { z } from 'zod';
import { DateTime, FreeObject, LocalDate } from '../schemas/common.schemas';
import { apiSchema } from './api-schema.reader';
import type { FieldOverlay, RestShape, ShapeOverlay } from './rest-shape.type';

/** The JSON each API scalar is answered as. A scalar missing here fails the route table's build, naming it. */
const SCALARS: Record<string, () => z.ZodType> = {
  String: () => z.string(),
  ID: () => z.string(),
  Int: () => z.number().int(),
  Float: () => z.number(),
  Boolean: () => z.boolean(),
  DateTime: () => DateTime,
  LocalDate: () => LocalDate,
  JSONObject: () => FreeObject,
  IntOrString: () => z.union([z.number().int(), z.string()]),
};

interface Built {
  selection: string;
  schema: z.ZodType;
}

function fail(where: string, message: string): never {
  throw new Error(`REST shape ${where}: ${message}`);
}

/** The leaf (scalar or enum) or object a field ends in, before list and null wrapping. */
function namedPart(field: GraphQLField<unknown, unknown>, overlay: FieldOverlay, owner: ShapeOverlay, where: string, schema: GraphQLSchema): Built {
  const named = getNamedType(field.type);
  // An object below inherits whether nulls are absent (withoutNulls drops them at every depth).
  const shape: ShapeOverlay = { nullsAbsent: owner.nullsAbsent, ...overlay.shape };
  if (overlay.schema) {
    if (isObjectType(named) && !overlay.selection) return { selection: objectShape(named, shape, where, schema).selection, schema: overlay.schema };
    return { selection: overlay.selection ?? '', schema: overlay.schema };
  }
  if (isObjectType(named)) {
    const built = objectShape(named, shape, where, schema);
    return shape.id ? { selection: built.selection, schema: built.schema.meta(componentMeta(named, shape)) } : built;
  }
  if (isEnumType(named)) {
    const values = named.getValues().map((v) => v.name);
    return { selection: '', schema: z.enum(values as [string, ...string[]]) };
  }
  if (isScalarType(named)) {
    const scalar = SCALARS[named.name] ?? fail(where, `scalar ${named.name} has no JSON form: add it to SCALARS`);
    return { selection: '', schema: scalar() };
  }
  return fail(where, `${named.name} is a union or interface: give the field a selection and a schema in the overlay`);
}

/** Wraps the named part as GraphQL wraps it: lists, and null where the type allows it (absent instead when `absent`). */
function wrapped(type: GraphQLOutputType, inner: z.ZodType, absent: boolean): z.ZodType {
  const base = getNullableType(type);
  const item = isListType(base) ? z.array(wrapped(base.ofType, inner, false)) : inner;
  if (isNonNullType(type)) return item;
  return absent ? item.optional() : item.nullable();
}

function fieldPart(field: GraphQLField<unknown, unknown>, overlay: FieldOverlay, owner: ShapeOverlay, where: string, schema: GraphQLSchema): Built {
  if (overlay.keepNull && (!owner.nullsAbsent || isNonNullType(field.type)))
    fail(where, 'keepNull is for a nullable field of an object whose nulls are absent (nullsAbsent)');
  const part = namedPart(field, overlay, owner, where, schema);
  // A named component keeps its own description; the member that refers to it carries the field's.
  const description = overlay.description ?? (overlay.shape?.id ? undefined : overlay.shape?.description) ?? field.description ?? undefined;
  const type = overlay.nonNull ? new GraphQLNonNull(getNullableType(field.type)) : field.type;
  const zod = wrapped(type, part.schema, owner.nullsAbsent === true && !overlay.keepNull);
  const alias = overlay.as ? `${overlay.as}: ` : '';
  return {
    selection: `${alias}${field.name}${part.selection ? ` { ${part.selection} }` : ''}`,
    schema: description ? zod.meta({ description }) : zod,
  };
}

/** The REST members in the REST order: the overlay's `order` first, then the type's order. */
function inRestOrder<T extends { rest: string }>(members: T[], order: string[] | undefined, where: string): T[] {
  if (!order) return members;
  for (const name of order) if (!members.some((m) => m.rest === name)) fail(`${where}.${name}`, 'order names a member that is not answered');
  const rank = (rest: string) => (order.includes(rest) ? order.indexOf(rest) : order.length);
  // Array#sort is stable: members order leaves out keep the type's order.
  return [...members].sort((a, b) => rank(a.rest) - rank(b.rest));
}

function objectShape(type: GraphQLObjectType, overlay: ShapeOverlay, where: string, schema: GraphQLSchema): Built & { schema: z.ZodObject; nullsKept: string[] } {
  const fields = type.getFields();
  for (const name of [...Object.keys(overlay.fields ?? {}), ...(overlay.only ?? [])])
    if (!fields[name]) fail(`${where}.${name}`, `${type.name} has no field ${name}`);
  const parts: Array<Built & { rest: string; keepNull: boolean }> = [];
  for (const field of Object.values(fields)) {
    const fieldOverlay = overlay.fields?.[field.name] ?? {};
    if (fieldOverlay.omit || (overlay.only && !overlay.only.includes(field.name))) continue;
    const part = fieldPart(field, fieldOverlay, overlay, `${where}.${field.name}`, schema);
    parts.push({ ...part, rest: fieldOverlay.as ?? field.name, keepNull: fieldOverlay.keepNull === true });
  }
  if (!parts.length) fail(where, `every field of ${type.name} is left out`);
  const ordered = inRestOrder(parts, overlay.order, where);
  return {
    selection: ordered.map((p) => p.selection).join(' '),
    schema: z.object(Object.fromEntries(ordered.map((p) => [p.rest, p.schema]))),
    nullsKept: ordered.filter((p) => p.keepNull).map((p) => p.rest),
  };
}

/** A named component: its id, and the overlay's or the type's description. */
function componentMeta(type: GraphQLObjectType, overlay: ShapeOverlay): { id?: string; description?: string } {
  const description = overlay.description ?? type.description ?? undefined;
  return { ...(overlay.id ? { id: overlay.id } : {}), ...(description ? { description } : {}) };
}

/**
 * One REST answer derived from the API type `typeName`: the selection the route sends and the zod schema (hence
 * OpenAPI) its answer is checked by. A field added to the GraphQL type appears in both with no other edit.
 */
export function restShape(typeName: string, overlay: ShapeOverlay = {}, schema: GraphQLSchema = apiSchema()): RestShape {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return fail(typeName, 'not an object type of the API schema (schema/client.graphql)');
  const built = objectShape(type, overlay, typeName, schema);
  const meta = componentMeta(type, overlay);
  return { selection: built.selection, schema: Object.keys(meta).length ? built.schema.meta(meta) : built.schema, nullsKept: built.nullsKept };
}
