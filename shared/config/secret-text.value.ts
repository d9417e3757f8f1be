import { inspect } from 'node:util';

/**
 * A secret from the configuration (a token, a password). It prints as a placeholder (JSON, util.inspect), so a
 * configuration that is logged or dumped never shows it; only the client that needs it reads it, through value().
 */
export class SecretText {
  readonly #value: string;

  constructor(
    value: string,
    private readonly placeholder: string,
  ) {
    this.#value = value;
  }

  value(): string {
    return this.#value;
  }

  toJSON(): string {
    return this.placeholder;
  }

  [inspect.custom](): string {
    return this.placeholder;
  }
}
