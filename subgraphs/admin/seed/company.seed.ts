import { DataSource } from 'typeorm';
import companies from '../../../shared/reference-data/companies.json';
import { CompanyRepository } from '../../../shared/companies/company.repository';

/** Loads the reference operators; an upsert, so every start brings the table up to date. */
export async function seedCompanies(dataSource: DataSource): Promise<number> {
  await new CompanyRepository(dataSource).upsert(
    companies.map((c) => ({
      uuid: c.uuid,
      tinNumber: c.tinNumber,
      name: c.name,
      tradingName: c.tradingName,
      companyType: c.companyType,
      phoneNumber: c.phoneNumber,
      email: c.email,
      website: c.website,
      region: c.region,
      registeredAt: c.registeredAt,
    })),
  );
  return companies.length;
}
