import {
  getNamedType,
  getNullableType,
  GraphQLNonNull,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { z } from 'zod';
import { DateTime, FreeObject, LocalDate } from '../schemas/common.schemas';
import { apiSchema } from './api-schema.reader';
import type { FieldOverlay, GroupOverlay, RestShape, ShapeOverlay } from './rest-shape.type';

/** An object type, or an interface walked by its own fields (an implementation's other fields are not selected). */
type Walked = GraphQLObjectType | GraphQLInterfaceType;
const isWalked = (type: GraphQLNamedType): type is Walked => isObjectType(type) || isInterfaceType(type);

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

/** The overlay of the object a field holds: its own, inheriting whether nulls are absent (withoutNulls drops them at every depth). */
function inheritedShape(owner: ShapeOverlay, overlay: FieldOverlay): ShapeOverlay {
  return { nullsAbsent: owner.nullsAbsent, ...overlay.shape };
}

/** The leaf (scalar or enum) or object a field ends in, before list and null wrapping. */
function namedPart(field: GraphQLField<unknown, unknown>, overlay: FieldOverlay, owner: ShapeOverlay, where: string, schema: GraphQLSchema): Built {
  const named = getNamedType(field.type);
  const shape = inheritedShape(owner, overlay);
  if (overlay.lowerCase && !isEnumType(named)) fail(where, `lowerCase is for an enum, not ${named.name}`);
  if (overlay.schema) {
    if (isWalked(named) && !overlay.selection) return { selection: objectShape(named, shape, where, schema).selection, schema: overlay.schema };
    return { selection: overlay.selection ?? '', schema: overlay.schema };
  }
  if (isWalked(named)) {
    const built = objectShape(named, shape, where, schema);
    return shape.id ? { selection: built.selection, schema: built.schema.meta(componentMeta(named, shape)) } : built;
  }
  if (isEnumType(named)) {
    const values = named.getValues().map((v) => (overlay.lowerCase ? v.name.toLowerCase() : v.name));
    return { selection: '', schema: z.enum(values as [string, ...string[]]) };
  }
  if (isScalarType(named)) {
    const scalar = SCALARS[named.name] ?? fail(where, `scalar ${named.name} has no JSON form: add it to SCALARS`);
    return { selection: '', schema: scalar() };
  }
  return fail(where, `${named.name} is a union: give the field a selection and a schema in the overlay`);
}

/**
 * Wraps the named part as GraphQL wraps it: lists (unless REST keys the list by a member), and null where the type
 * allows it (absent instead when `absent`).
 */
function wrapped(type: GraphQLOutputType, inner: z.ZodType, absent: boolean, keyed = false): z.ZodType {
  const base = getNullableType(type);
  const item = isListType(base) && !keyed ? z.array(wrapped(base.ofType, inner, false)) : inner;
  if (isNonNullType(type)) return item;
  return absent ? item.optional() : item.nullable();
}

/** keyedBy: the list's objects as one object keyed by a non-null text or enum member, which each entry leaves out. */
function keyedPart(
  field: GraphQLField<unknown, unknown>,
  overlay: FieldOverlay,
  key: string,
  owner: ShapeOverlay,
  where: string,
  schema: GraphQLSchema,
): Built {
  const list = getNullableType(field.type);
  const named = getNamedType(field.type);
  if (!isListType(list) || isListType(getNullableType(list.ofType)) || !isObjectType(named)) return fail(where, 'keyedBy takes a list of objects');
  const keyField = named.getFields()[key] ?? fail(where, `keyedBy names ${key}, a field ${named.name} does not have`);
  const keyType = getNullableType(keyField.type);
  if (!isNonNullType(keyField.type) || !(isEnumType(keyType) || (isScalarType(keyType) && ['String', 'ID'].includes(keyType.name))))
    fail(where, `keyedBy needs a non-null String, ID or enum member; ${named.name}.${key} is ${String(keyField.type)}`);
  const shape = inheritedShape(owner, overlay);
  const built = objectShape(named, shape, where, schema);
  const keyOverlay = shape.fields?.[key] ?? {};
  const { [keyOverlay.as ?? key]: answered, ...entryMembers } = built.schema.shape;
  if (!answered) fail(where, `keyedBy names ${key}, which the shape leaves out`);
  const plain = z.object(entryMembers);
  const entry = overlay.schema ?? (shape.id ? plain.meta(componentMeta(named, shape)) : plain);
  // The property names are the key's values: its JSON type and refinement, not the member's description.
  const keys = namedPart(keyField, keyOverlay, shape, `${where}.${key}`, schema).schema;
  // An enum key names some of its values, not all of them (z.record of an enum requires every one).
  if (keys instanceof z.ZodEnum) return { selection: built.selection, schema: z.partialRecord(keys, entry) };
  if (keys instanceof z.core.$ZodString) return { selection: built.selection, schema: z.record(keys, entry) };
  return fail(where, `keyedBy needs a text key: the overlay's schema for ${key} is not a string schema`);
}

function fieldPart(field: GraphQLField<unknown, unknown>, overlay: FieldOverlay, owner: ShapeOverlay, where: string, schema: GraphQLSchema): Built {
  if (overlay.keepNull && (!owner.nullsAbsent || isNonNullType(field.type)))
    fail(where, 'keepNull is for a nullable field of an object whose nulls are absent (nullsAbsent)');
  const part = overlay.keyedBy ? keyedPart(field, overlay, overlay.keyedBy, owner, where, schema) : namedPart(field, overlay, owner, where, schema);
  // A named component keeps its own description; the member that refers to it carries the field's.
  const description = overlay.description ?? (overlay.shape?.id ? undefined : overlay.shape?.description) ?? field.description ?? undefined;
  const type = overlay.nonNull ? new GraphQLNonNull(getNullableType(field.type)) : field.type;
  if (overlay.absentWhenNull && isNonNullType(type)) fail(where, 'absentWhenNull on a field that is never null');
  const absent = (owner.nullsAbsent === true && !overlay.keepNull) || overlay.absentWhenNull === true;
  const zod = wrapped(type, part.schema, absent, overlay.keyedBy !== undefined);
  const alias = overlay.as ? `${overlay.as}: ` : '';
  return {
    selection: `${alias}${field.name}${part.selection ? ` { ${part.selection} }` : ''}`,
    schema: description ? zod.meta({ description }) : zod,
  };
}

/** flatten: the object's members, answered as the owner's own in place of the field. */
function flattenedPart(field: GraphQLField<unknown, unknown>, overlay: FieldOverlay, owner: ShapeOverlay, where: string, schema: GraphQLSchema) {
  const type = getNullableType(field.type);
  if (!isNonNullType(field.type) || !isObjectType(type)) return fail(where, 'flatten takes a non-null object field');
  const built = objectShape(type, inheritedShape(owner, overlay), where, schema);
  return { selection: `${field.name} { ${built.selection} }`, schema: built.schema, lifted: built.schema.shape };
}

/** The REST members in the REST order: the overlay's `order` first, then the type's order. */
function inRestOrder<T extends { rest: string }>(members: T[], order: string[] | undefined, where: string): T[] {
  if (!order) return members;
  for (const name of order) if (!members.some((m) => m.rest === name)) fail(`${where}.${name}`, 'order names a member that is not answered');
  const rank = (rest: string) => (order.includes(rest) ? order.indexOf(rest) : order.length);
  // Array#sort is stable: members order leaves out keep the type's order.
  return [...members].sort((a, b) => rank(a.rest) - rank(b.rest));
}

type Part = Built & { rest: string; keepNull: boolean; lifted?: Record<string, z.ZodType>; routeOnly?: boolean; group?: string };

/** Each grouped field's group (ShapeOverlay.groups), checked against the type's fields. */
function groupsByField(groups: Record<string, GroupOverlay>, fields: Record<string, unknown>, where: string): Map<string, string> {
  const byField = new Map<string, string>();
  for (const [group, { fields: names }] of Object.entries(groups))
    for (const name of names) {
      if (!fields[name]) fail(`${where}.${group}`, `groups a field the type does not have: ${name}`);
      byField.set(name, group);
    }
  return byField;
}

function groupSchema(members: Record<string, z.ZodType> | undefined, group: GroupOverlay, where: string): z.ZodType {
  if (!members) return fail(where, 'every field of the group is left out');
  const meta = { ...(group.id ? { id: group.id } : {}), ...(group.description ? { description: group.description } : {}) };
  return Object.keys(meta).length ? z.object(members).meta(meta) : z.object(members);
}

/**
 * The object's members: each part's, a flattened part's lifted ones in its place, a grouped part's in its group; then
 * the groups and the added members. A part the route only reads has none; a name answered twice fails.
 */
function membersOf(parts: Part[], overlay: ShapeOverlay, where: string): Record<string, z.ZodType> {
  const members: Record<string, z.ZodType> = {};
  const groups: Record<string, Record<string, z.ZodType>> = {};
  const put = (name: string, member: z.ZodType, into = members) => {
    if (Object.hasOwn(into, name)) fail(`${where}.${name}`, `two fields are answered as ${name}`);
    into[name] = member;
  };
  for (const part of parts.filter((p) => !p.routeOnly))
    for (const [name, member] of Object.entries(part.lifted ?? { [part.rest]: part.schema }))
      put(name, member, part.group ? (groups[part.group] ??= {}) : members);
  for (const [name, group] of Object.entries(overlay.groups ?? {})) put(name, groupSchema(groups[name], group, `${where}.${name}`));
  for (const [name, member] of Object.entries(overlay.adds ?? {})) put(name, member);
  return members;
}

function objectShape(type: Walked, overlay: ShapeOverlay, where: string, schema: GraphQLSchema): Built & { schema: z.ZodObject; nullsKept: string[] } {
  const fields = type.getFields();
  for (const name of [...Object.keys(overlay.fields ?? {}), ...(overlay.only ?? [])])
    if (!fields[name]) fail(`${where}.${name}`, `${type.name} has no field ${name}`);
  const grouped = groupsByField(overlay.groups ?? {}, fields, where);
  const parts: Part[] = [];
  for (const field of Object.values(fields)) {
    const fieldOverlay = overlay.fields?.[field.name] ?? {};
    if (fieldOverlay.omit || (overlay.only && !overlay.only.includes(field.name))) continue;
    const fieldWhere = `${where}.${field.name}`;
    const part = fieldOverlay.flatten
      ? flattenedPart(field, fieldOverlay, overlay, fieldWhere, schema)
      : fieldPart(field, fieldOverlay, overlay, fieldWhere, schema);
    const extra = { routeOnly: fieldOverlay.routeOnly === true, group: grouped.get(field.name) };
    parts.push({ ...part, rest: fieldOverlay.as ?? field.name, keepNull: fieldOverlay.keepNull === true, ...extra });
  }
  if (!parts.length) fail(where, `every field of ${type.name} is left out`);
  const ordered = inRestOrder(parts, overlay.order, where);
  return {
    selection: ordered.map((p) => p.selection).join(' '),
    schema: z.object(membersOf(ordered, overlay, where)),
    nullsKept: ordered.filter((p) => p.keepNull).map((p) => p.rest),
  };
}

/** A named component: its id, and the overlay's or the type's description. */
function componentMeta(type: Walked, overlay: ShapeOverlay): { id?: string; description?: string } {
  const description = overlay.description ?? type.description ?? undefined;
  return { ...(overlay.id ? { id: overlay.id } : {}), ...(description ? { description } : {}) };
}

/**
 * One REST answer derived from the API type `typeName`: the selection the route sends and the zod schema (hence
 * OpenAPI) its answer is checked by. A field added to the GraphQL type appears in both with no other edit.
 */
export function restShape(typeName: string, overlay: ShapeOverlay = {}, schema: GraphQLSchema = apiSchema()): RestShape {
  const type = schema.getType(typeName);
  if (!type || !isWalked(type)) return fail(typeName, 'not an object type or interface of the API schema (schema/client.graphql)');
  const built = objectShape(type, overlay, typeName, schema);
  const meta = componentMeta(type, overlay);
  return { selection: built.selection, schema: Object.keys(meta).length ? built.schema.meta(meta) : built.schema, nullsKept: built.nullsKept };
}
