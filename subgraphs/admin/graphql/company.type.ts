import { Directive, Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum CompanyType {
  BUS_OPERATOR = 'BUS_OPERATOR',
  RAIL_OPERATOR = 'RAIL_OPERATOR',
  FERRY_OPERATOR = 'FERRY_OPERATOR',
}
registerEnumType(CompanyType, {
  name: 'CompanyType',
  description: 'What a company operates; null for legacy companies',
  valuesConfig: { BUS_OPERATOR: { description: 'Runs buses' }, RAIL_OPERATOR: { description: 'Runs trains' }, FERRY_OPERATOR: { description: 'Runs ferries' } },
});

/** A transport operator. Owned by admin; other subgraphs reference it by uuid. */
@Directive('@key(fields: "uuid")')
@ObjectType({ description: 'A transport company (bus, rail or ferry operator)' })
export class Company {
  @Field(() => ID, { description: 'Company id, stable; other subgraphs reference the company by it' })
  uuid!: string;

  @Field({ description: 'Tanzania Revenue Authority taxpayer number' })
  tinNumber!: string;

  @Field({ description: 'Registered legal name' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Name shown to travellers; null when the company trades under its legal name' })
  tradingName!: string | null;

  @Field(() => CompanyType, { nullable: true, description: 'What the company operates; null for legacy companies' })
  companyType!: CompanyType | null;

  @Field(() => String, { nullable: true, description: 'Contact phone number, E.164; null when unknown' })
  phoneNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'Contact email address; null when unknown' })
  email!: string | null;

  @Field(() => String, { nullable: true, description: 'Website URL; null when none' })
  website!: string | null;

  @Field(() => String, { nullable: true, description: 'Region of the registered office' })
  region!: string | null;

  @Field(() => String, { nullable: true, description: 'Registration date, YYYY-MM-DD' })
  registeredAt!: string | null;
}
