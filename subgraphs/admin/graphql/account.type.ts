import { Directive, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Role } from '../../../shared/auth/roles';
import { AccountStatus } from '../../../shared/auth/entities/account.entity';

registerEnumType(Role, { name: 'Role' });
registerEnumType(AccountStatus, { name: 'AccountStatus' });

@ObjectType({ description: 'An agent float wallet; amounts are decimal strings in the wallet currency' })
export class Wallet {
  @Field()
  currency!: string;

  @Field()
  balance!: string;

  @Field({ description: 'How far below zero the balance may go' })
  overdraftLimit!: string;
}

@Directive('@key(fields: "id")')
@ObjectType({ description: 'A user of the platform: customer, agent, administrator or service account' })
export class Account {
  @Field(() => ID)
  id!: string;

  @Field()
  email!: string;

  @Field()
  fullName!: string;

  @Field(() => Role)
  role!: Role;

  @Field(() => Int, { nullable: true, description: '222 for agent accounts' })
  permissionLevel!: number | null;

  @Field(() => AccountStatus)
  status!: AccountStatus;

  @Field(() => Wallet, { nullable: true, description: 'Agents only' })
  wallet!: Wallet | null;
}

@ObjectType()
export class LogonPayload {
  @Field({ description: 'An RS256 JWT; send it as "Authorization: Bearer <token>"' })
  token!: string;
}

@ObjectType({ description: 'A public RSA key in JWK form' })
export class JsonWebKey {
  @Field()
  kty!: string;

  @Field()
  kid!: string;

  @Field()
  use!: string;

  @Field()
  alg!: string;

  @Field()
  e!: string;

  @Field()
  n!: string;
}

@ObjectType()
export class JsonWebKeySet {
  @Field(() => [JsonWebKey])
  keys!: JsonWebKey[];
}
