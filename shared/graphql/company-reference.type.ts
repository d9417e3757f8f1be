import { Directive, Field, ID, ObjectType } from 'type-graphql';

/**
 * The admin subgraph's Company as the train and bus subgraphs answer it: the key, plus the display fields
 * their searches show, read from the same company directory admin serves (CompanyService, one cache per
 * process, emptied on every company change). The fields are @shareable, so the gateway takes them from
 * the subgraph already answering the trip instead of a second fetch to admin (docs/decisions.md "Speed").
 * The key stays unresolvable here: a Company reached any other way is still fetched from admin.
 * Descriptions and types are admin's own (subgraphs/admin/graphql/company.type.ts), so they compose unchanged.
 */
@Directive('@key(fields: "uuid", resolvable: false)')
@ObjectType({ simpleResolvers: true })
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

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Contact phone number, E.164; null when unknown' })
  phoneNumber!: string | null;

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Contact email address; null when unknown' })
  email!: string | null;

  @Directive('@shareable')
  @Field(() => String, { nullable: true, description: 'Website URL; null when none' })
  website!: string | null;
}
