import { DataSource, In } from 'typeorm';
import { CompanyEntity } from './company.entity';

/** SQL for the company table (reference data: a few dozen operators). */
export class CompanyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Companies by name, at most `limit` when given. */
  list(limit?: number): Promise<CompanyEntity[]> {
    return this.repository().find({ order: { name: 'ASC' }, ...(limit !== undefined && { take: limit }) });
  }

  byUuid(uuid: string): Promise<CompanyEntity | null> {
    return this.repository().findOneBy({ uuid });
  }

  byUuids(uuids: string[]): Promise<CompanyEntity[]> {
    return this.repository().findBy({ uuid: In(uuids) });
  }

  async insert(row: CompanyEntity): Promise<void> {
    await this.repository().insert(row);
  }

  async update(uuid: string, row: CompanyEntity): Promise<void> {
    await this.repository().update({ uuid }, row);
  }

  /** Writes the rows, each over the one with its uuid. */
  async upsert(rows: CompanyEntity[]): Promise<void> {
    await this.repository().upsert(rows, ['uuid']);
  }

  private repository() {
    return this.dataSource.getRepository(CompanyEntity);
  }
}
