import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppError } from '../errors/app-error.exception';
import type { InvalidationBus } from '../cache/invalidation-bus.service';
import { InvalidatedCache } from '../cache/invalidated.cache';
import { COMPANIES_TOPIC } from '../cache/invalidation-topics.contract';
import { isDuplicateKeyError } from '../database/data-source.factory';
import type { CompanyEntity } from './company.entity';
import { CompanyRepository } from './company.repository';

export { COMPANIES_TOPIC };
/** The directory is cached only up to this many companies; beyond, reads go to the database. */
export const COMPANY_CACHE_MAX_ROWS = 5_000;
/** A backstop for rows changed behind the service's back (hand-written SQL); changes made here publish at once. */
export const COMPANY_CACHE_TTL_MS = 5 * 60_000;

export class CompanyException extends AppError {
  static invalid(message: string): CompanyException {
    return new CompanyException('COMPANY_INVALID', 400, message);
  }
  static notFound(uuid: string): CompanyException {
    return new CompanyException('COMPANY_NOT_FOUND', 404, `No company with uuid ${uuid}`);
  }
  static tinTaken(tin: string): CompanyException {
    return new CompanyException('COMPANY_TIN_TAKEN', 409, `A company with TIN ${tin} already exists`);
  }
}

export type CompanyInput = Omit<CompanyEntity, 'uuid'>;

interface Directory {
  /** False when the table outgrew the bound: then only that fact is cached, and reads go to the database. */
  complete: boolean;
  list: CompanyEntity[];
  byUuid: Map<string, CompanyEntity>;
}

const UUID = /^[0-9a-f-]{36}$/i;
const TYPES = ['BUS_OPERATOR', 'RAIL_OPERATOR', 'FERRY_OPERATOR'];

/**
 * Companies: the whole (small) directory is held in memory and served from there; a create or update here
 * publishes an invalidation, so every process reads the change on its next request (shared/cache).
 */
export class CompanyService {
  private readonly directory: InvalidatedCache<'all', Directory>;
  private readonly companies: CompanyRepository;

  constructor(
    dataSource: DataSource,
    private readonly bus: InvalidationBus,
  ) {
    this.companies = new CompanyRepository(dataSource);
    this.directory = new InvalidatedCache<'all', Directory>(bus, {
      topic: COMPANIES_TOPIC,
      max: 1,
      ttlMs: COMPANY_CACHE_TTL_MS,
      maxSize: COMPANY_CACHE_MAX_ROWS,
      sizeOf: (d) => d.list.length,
    });
  }

  async list(): Promise<CompanyEntity[]> {
    return (await this.cached())?.list ?? this.companies.list();
  }

  async findByUuid(uuid: string): Promise<CompanyEntity | null> {
    if (!UUID.test(uuid)) return null;
    const directory = await this.cached();
    if (directory) return directory.byUuid.get(uuid.toLowerCase()) ?? null;
    return this.companies.byUuid(uuid.toLowerCase());
  }

  /** One answer per uuid, in order (null when unknown): one cache lookup, or one query when uncached. */
  async findByUuids(uuids: readonly string[]): Promise<Array<CompanyEntity | null>> {
    const wanted = uuids.map((u) => (UUID.test(u) ? u.toLowerCase() : ''));
    const directory = await this.cached();
    if (directory) return wanted.map((u) => directory.byUuid.get(u) ?? null);
    const valid = [...new Set(wanted.filter(Boolean))];
    const rows = valid.length ? await this.companies.byUuids(valid) : [];
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    return wanted.map((u) => byUuid.get(u) ?? null);
  }

  async create(input: CompanyInput): Promise<CompanyEntity> {
    const row = { uuid: randomUUID(), ...checked(input) };
    try {
      await this.companies.insert(row);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw CompanyException.tinTaken(row.tinNumber);
      throw error;
    }
    await this.changed();
    return row;
  }

  async update(uuid: string, patch: Partial<CompanyInput>): Promise<CompanyEntity> {
    const current = UUID.test(uuid) ? await this.companies.byUuid(uuid.toLowerCase()) : null;
    if (!current) throw CompanyException.notFound(uuid);
    const { uuid: id, ...fields } = current;
    const next = { uuid: id, ...checked({ ...fields, ...patch }) };
    try {
      await this.companies.update(id, next);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw CompanyException.tinTaken(next.tinNumber);
      throw error;
    }
    await this.changed();
    return next;
  }

  /** After the reference seed (or any bulk change): every process reloads the directory. */
  changed(): Promise<void> {
    return this.bus.publish(COMPANIES_TOPIC);
  }

  /** The directory from memory (loaded once when missing); undefined while it cannot be trusted or is too big. */
  private async cached(): Promise<Directory | undefined> {
    if (this.directory.version() === undefined) return undefined;
    const directory = await this.directory.getOrLoad('all', async () => {
      const rows = await this.companies.list(COMPANY_CACHE_MAX_ROWS + 1);
      const complete = rows.length <= COMPANY_CACHE_MAX_ROWS;
      const list = complete ? rows : [];
      return { complete, list, byUuid: new Map(list.map((c) => [c.uuid, c])) };
    });
    return directory.complete ? directory : undefined;
  }
}

/** Field rules from the table's columns: a bounded, typed row or a 400. */
function checked(input: CompanyInput): CompanyInput {
  const text = (name: string, value: unknown, max: number, required = false): string | null => {
    if (value === null || value === undefined || value === '') {
      if (required) throw CompanyException.invalid(`${name} is required`);
      return null;
    }
    if (typeof value !== 'string' || value.trim() === '' || value.length > max)
      throw CompanyException.invalid(`${name} must be text of 1 to ${max} characters`);
    return value.trim();
  };
  const companyType = text('companyType', input.companyType, 32);
  if (companyType !== null && !TYPES.includes(companyType)) throw CompanyException.invalid(`companyType must be one of ${TYPES.join(', ')}`);
  const registeredAt = text('registeredAt', input.registeredAt, 10);
  if (registeredAt !== null && !/^\d{4}-\d{2}-\d{2}$/.test(registeredAt)) throw CompanyException.invalid('registeredAt must be YYYY-MM-DD');
  return {
    tinNumber: text('tinNumber', input.tinNumber, 16, true)!,
    name: text('name', input.name, 200, true)!,
    tradingName: text('tradingName', input.tradingName, 200),
    companyType,
    phoneNumber: text('phoneNumber', input.phoneNumber, 20),
    email: text('email', input.email, 254),
    website: text('website', input.website, 200),
    region: text('region', input.region, 100),
    registeredAt,
  };
}
