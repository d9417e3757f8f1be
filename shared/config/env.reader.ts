/**
 * Reads one environment variable at a time and records each bad value as a problem instead of throwing, so that
 * loadConfig can name every bad value at once.
 */
export type Env = Record<string, string | undefined>;

export class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  optionalString(name: string): string | null {
    return this.raw(name) ?? null;
  }

  optionalUrl(name: string, protocols: string[]): string | null {
    return this.raw(name) === undefined ? null : this.url(name, undefined, protocols) || null;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  /** A non-negative number with an optional fraction (a rate such as 0.5). */
  decimal(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d{1,9}(\.\d{1,9})?$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max}, a fraction allowed (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  port(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) > 65535) {
      this.problems.push(`${name} must be a TCP port from 0 to 65535 (got "${value}")`);
      return fallback;
    }
    return Number(value);
  }

  pattern(name: string, fallback: string, re: RegExp, what: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!re.test(value)) {
      this.problems.push(`${name} must be ${what} (got "${value}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, fallback: string | undefined, protocols: string[]): string {
    const value = this.raw(name);
    if (value === undefined) {
      if (fallback === undefined) this.problems.push(`${name} is required when NODE_ENV=production`);
      return fallback ?? '';
    }
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name} is not a valid URL (got "${redact(value)}")`);
      return '';
    }
    if (!protocols.includes(parsed.protocol)) {
      this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${redact(value)}")`);
      return '';
    }
    return value;
  }
}

/** Hides a password in a URL so that config errors never print secrets. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}
