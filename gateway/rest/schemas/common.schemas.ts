import { z } from 'zod';

/*
 * Building blocks the route contracts share. Components with an `id` appear once in openapi.json
 * under components/schemas; the others are inlined where used.
 */

/** A money amount as the spec writes it: a decimal string with the currency's decimals (TZS "24500", USD "171.00"). */
export const MoneyAmount = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ id: 'MoneyAmount', description: "Decimal string in the currency's own decimals (0 for TZS, KES, UGX, XAF, RWF; 2 otherwise).", example: '24500' });

/** An ISO 4217 currency code. */
export const CurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({ id: 'CurrencyCode', description: 'ISO 4217 code, e.g. TZS, USD.', example: 'TZS' });

/** A provider-local calendar date, never shifted through UTC. */
export const LocalDate = z.iso.date().meta({ id: 'LocalDate', description: "YYYY-MM-DD in the provider's local calendar.", example: '2026-12-24' });

/** An instant with its offset. */
export const DateTime = z.iso
  .datetime({ offset: true })
  .meta({ id: 'DateTime', description: 'ISO 8601 date-time with offset.', example: '2026-12-24T08:30:00+03:00' });

/** A free-form JSON object (the spec leaves its content open). */
export const FreeObject = z.looseObject({});

/** A string with its description, an integer (described or not), and a UUID: the schemas' common shorthands. */
export const text = (description: string) => z.string().meta({ description });
export const int = (description?: string) => (description ? z.number().int().meta({ description }) : z.number().int());
export const Uuid = z.uuid();
