import { DataSource, In } from 'typeorm';
import { CompanyEntity } from '../entities/company.entity';

export class CompanyService {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<CompanyEntity[]> {
    return this.dataSource.getRepository(CompanyEntity).find({ order: { name: 'ASC' } });
  }

  findByUuid(uuid: string): Promise<CompanyEntity | null> {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) return Promise.resolve(null);
    return this.dataSource.getRepository(CompanyEntity).findOneBy({ uuid: uuid.toLowerCase() });
  }

  findByUuids(uuids: string[]): Promise<CompanyEntity[]> {
    return this.dataSource.getRepository(CompanyEntity).findBy({ uuid: In(uuids) });
  }
}
