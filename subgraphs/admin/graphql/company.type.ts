import { ArgsType, Directive, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../../shared/graphql/date-time.scalar';

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

/**
 * A transport operator. Owned by admin; other subgraphs reference it by uuid. The display fields are @shareable:
 * train and bus answer them for their trips from this same directory (shared/graphql/company-reference.type.ts).
 */
@Directive('@key(fields: "uuid")')
@ObjectType({ description: 'A transport company (bus, rail or ferry operator)' })
export class Company {
  @Field(() => ID, { description: 'Company id, stable; other subgraphs reference the company by it' })
  uuid!: string;

  @Directive('@shareable')
  @Field({ description: 'Tanzania Revenue Authority taxpayer number' })
  tinNumber!: string;

  @Directive('@shareable')
  @Field({ description: 'Registered legal name' })
  name!: string;

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Name shown to travellers; null when the company trades under its legal name' })
  tradingName!: string | null;

  @Field(() => CompanyType, { nullable: true, description: 'What the company operates; null for legacy companies' })
  companyType!: CompanyType | null;

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Contact phone number, E.164; null when unknown' })
  phoneNumber!: string | null;

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Contact email address; null when unknown' })
  email!: string | null;

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Website URL; null when none' })
  website!: string | null;

  @Field(() => String, { nullable: true, description: 'Region of the registered office' })
  region!: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Registration date; null when unknown' })
  registeredAt!: string | null;
}

/** companyPage's default and maximum page size. */
export const COMPANY_PAGE_DEFAULT = 50;
export const COMPANY_PAGE_MAX = 200;

@ObjectType({ description: 'One page of companies, by name' })
export class CompanyPage {
  @Field(() => [Company], { description: 'The companies of this page, by name' })
  companies!: Company[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` to read the next page; null on the last page' })
  nextCursor!: string | null;
}

@ArgsType()
export class CompanyPageArgs {
  @Field(() => Int, { defaultValue: COMPANY_PAGE_DEFAULT, description: `Page size: default ${COMPANY_PAGE_DEFAULT}, maximum ${COMPANY_PAGE_MAX}` })
  first!: number;

  @Field(() => String, { nullable: true, description: "A previous page's nextCursor: answers the companies after that page; omitted starts at the first" })
  after?: string | null;
}
