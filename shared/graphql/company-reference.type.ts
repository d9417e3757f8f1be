import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** The admin subgraph's Company, referenced by key only: the gateway fetches its fields from admin. */
@Directive('@key(fields: "uuid", resolvable: false)')
@ObjectType()
export class Company {
  @Field(() => ID, { description: 'Company id, stable; other subgraphs reference the company by it' })
  uuid!: string;
}
