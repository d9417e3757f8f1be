import { Directive, Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum CompanyType {
  BUS_OPERATOR = 'BUS_OPERATOR',
  RAIL_OPERATOR = 'RAIL_OPERATOR',
  FERRY_OPERATOR = 'FERRY_OPERATOR',
}
registerEnumType(CompanyType, { name: 'CompanyType', description: 'What a company operates; null for legacy companies' });

/** A transport operator. Owned by admin; other subgraphs reference it by uuid. */
@Directive('@key(fields: "uuid")')
@ObjectType({ description: 'A transport company (bus, rail or ferry operator)' })
export class Company {
  @Field(() => ID)
  uuid!: string;

  @Field({ description: 'Tanzania Revenue Authority taxpayer number' })
  tinNumber!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  tradingName!: string | null;

  @Field(() => CompanyType, { nullable: true })
  companyType!: CompanyType | null;

  @Field(() => String, { nullable: true })
  phoneNumber!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  website!: string | null;

  @Field(() => String, { nullable: true, description: 'Region of the registered office' })
  region!: string | null;

  @Field(() => String, { nullable: true, description: 'Registration date, YYYY-MM-DD' })
  registeredAt!: string | null;
}
