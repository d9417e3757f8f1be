import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** The admin subgraph's Company, referenced by key only: the gateway fetches its fields from admin. */
@Directive('@key(fields: "uuid", resolvable: false)')
@ObjectType()
export class Company {
  @Field(() => ID)
  uuid!: string;
}
