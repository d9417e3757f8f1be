import {
  buildASTSchema,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
} from 'graphql';

/** Types of the supergraph that federation adds for the router, not for clients. */
const INTERNAL_TYPE = /^(join__|link__|_Service$|_Entity$|_Any$|federation__)/;

export interface DescriptionCoverage {
  /** Types, fields, arguments and enum values a client sees. */
  total: number;
  described: number;
  /** Schema coordinates without a description, e.g. `Query.trainSearch(date:)`. */
  missing: string[];
}

/** How much of the client schema carries descriptions: types, fields, arguments and enum values. */
export function descriptionCoverage(schema: GraphQLSchema): DescriptionCoverage {
  const missing: string[] = [];
  let total = 0;
  const count = (coordinate: string, description: string | null | undefined) => {
    total++;
    if (!description?.trim()) missing.push(coordinate);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type) || INTERNAL_TYPE.test(type.name)) continue;
    count(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.name.startsWith('_')) continue;
        count(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) count(`${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) count(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) count(`${type.name}.${value.name}`, value.description);
    }
  }
  return { total, described: total - missing.length, missing };
}

/** The supergraph SDL as a schema (its federation directives are defined in it). */
export function supergraphSchema(sdl: string): GraphQLSchema {
  return buildASTSchema(parse(sdl), { assumeValidSDL: true });
}
