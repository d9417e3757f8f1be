import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import { addDays, todayIn } from '../../shared/time/calendar-date.calculator';
import type { Platform } from '../../shared/platform/platform.wiring';
import type { RestFlightOffer } from './rest-bodies';

/** A REST client of the flight API for end-to-end tests, speaking to the gateway like a partner would. */
export class FlightClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  static async create(
    baseUrl: string,
    platform: Platform,
    email: string,
    role: string,
    wallet: { currency?: string; openingBalance?: string; overdraftLimit?: string } = {},
  ) {
    await createAccountService(platform).create({ email, password: 'flight password 1', role, ...wallet });
    // A loaded machine may answer a logon 503 (every password check busy) or time it out: the client retries, as one
    // should, and a refusal that stays names itself instead of leaving a test with an undefined token.
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${baseUrl}/api/logon`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'flight password 1' }),
      });
      const body = (await res.json()) as { token?: string };
      if (res.ok && body.token) return new FlightClient(baseUrl, body.token);
      if (attempt >= 5 || (res.status < 500 && res.status !== 429)) throw new Error(`logon of ${email} answered ${res.status}: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }

  /** One request; `T` is the body shape the test reads (not checked at run time: the assertions do that). */
  async call<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** The first offer of a search; fails the test when there is none. */
  async firstOffer(search: Record<string, unknown>): Promise<RestFlightOffer> {
    const res = await this.call<{ data: RestFlightOffer[] }>('POST', '/api/flight/search', search);
    if (res.status !== 200 || res.body.data.length === 0)
      throw new Error(`no offer for ${JSON.stringify(search)}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data[0];
  }
}

export function daysAhead(days: number): string {
  return addDays(todayIn('Africa/Dar_es_Salaam', new Date()), days);
}

/** A domestic adult: names and contact are all a domestic itinerary needs. */
export function adult(lastName = 'Mwinyi', extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Asha',
    lastName,
    ageCategory: 'ADULT',
    email: `asha.${lastName.toLowerCase()}@example.com`,
    phoneNumber: '0712345678',
    countryCode: '255',
    ...extra,
  };
}

/** An international adult with every document field. */
export function traveller(lastName = 'Mwinyi', extra: Record<string, unknown> = {}) {
  return adult(lastName, {
    dateOfBirth: '1990-04-12',
    gender: 'F',
    documentType: 'PASSPORT',
    passportNumber: 'TZ1234567',
    passportExpiryDate: '2031-01-01',
    documentIssuingCountry: 'TZ',
    nationality: 'TZ',
    ...extra,
  });
}
