/** A nullable DATETIME column as the driver returns it (a Date, or a string in some modes) read as a Date or null. */
export const nullableDate = (value: Date | string | null): Date | null => (value === null || value === undefined ? null : new Date(value));
