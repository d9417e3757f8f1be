import { Directive, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Role } from '../../../shared/auth/roles.types';
import { AccountStatus } from '../../../shared/auth/entities/account.entity';
import { Wallet } from './wallet.type';

registerEnumType(Role, {
  name: 'Role',
  description: 'What an account is allowed to do',
  valuesConfig: {
    CUSTOMER: { description: 'A traveller booking for themselves' },
    SERVICE_AGENT: { description: 'An in-house sales agent with a float wallet' },
    THIRD_PARTY_AGENT: { description: 'An external reseller with a float wallet' },
    ADMIN: { description: 'A back-office administrator' },
    SUDO: { description: 'A super administrator' },
    ISSUER: { description: 'The internal payment service account that signals ticket issuance' },
  },
});
registerEnumType(AccountStatus, {
  name: 'AccountStatus',
  description: 'Whether an account may log on',
  valuesConfig: { ACTIVE: { description: 'May log on' }, DISABLED: { description: 'Cannot log on; existing tokens are refused' } },
});

@Directive('@key(fields: "id")')
@ObjectType({ description: 'A user of the platform: customer, agent, administrator or service account' })
export class Account {
  @Field(() => ID, { description: 'Account id (the token subject)' })
  id!: string;

  @Field({ description: 'Login email address' })
  email!: string;

  @Field({ description: 'Name shown on tickets and in the back office' })
  fullName!: string;

  @Field(() => Role, { description: 'What the account may do; decides which queries and mutations it can call' })
  role!: Role;

  @Field(() => Int, { nullable: true, description: '222 for agent accounts' })
  permissionLevel!: number | null;

  @Field(() => AccountStatus, { description: 'DISABLED accounts cannot log on' })
  status!: AccountStatus;

  @Field(() => Wallet, { nullable: true, description: 'Agents only' })
  wallet!: Wallet | null;
}

@ObjectType({ description: 'The result of a successful logon' })
export class LogonPayload {
  @Field({ description: 'An RS256 JWT without expiry; send it as "Authorization: Bearer <token>"' })
  token!: string;
}

@ObjectType({ description: 'A public RSA key in JWK form' })
export class JsonWebKey {
  @Field({ description: 'Key type, always RSA' })
  kty!: string;

  @Field({ description: 'Key id, matched against the kid in a token header' })
  kid!: string;

  @Field({ description: 'Key use, always sig' })
  use!: string;

  @Field({ description: 'Signature algorithm, RS256' })
  alg!: string;

  @Field({ description: 'RSA public exponent, base64url' })
  e!: string;

  @Field({ description: 'RSA modulus, base64url' })
  n!: string;
}

@ObjectType({ description: 'The public keys that verify bearer tokens (a JWKS document)' })
export class JsonWebKeySet {
  @Field(() => [JsonWebKey], { description: 'The current signing keys' })
  keys!: JsonWebKey[];
}
