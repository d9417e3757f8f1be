/**
 * A WHERE clause a repository builds from its own fixed SQL fragments: each fragment with its placeholders, the
 * values bound beside it, never spliced into the text.
 */
export class SqlConditions {
  private readonly fragments: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...values: unknown[]): this {
    this.fragments.push(sql);
    this.params.push(...values);
    return this;
  }

  /** `WHERE a AND b`, or nothing when no condition was added. */
  get where(): string {
    return this.fragments.length ? `WHERE ${this.fragments.join(' AND ')}` : '';
  }
}
