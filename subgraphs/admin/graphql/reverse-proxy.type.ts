import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';

export enum ReverseProxyDomainType {
  APEX = 'APEX',
  SUBDOMAIN = 'SUBDOMAIN',
}
registerEnumType(ReverseProxyDomainType, { name: 'ReverseProxyDomainType', description: 'Place of a tenant name in the Public Suffix List' });

export enum ReverseProxyVerificationStatus {
  VERIFIED = 'VERIFIED',
  UNVERIFIED = 'UNVERIFIED',
}
registerEnumType(ReverseProxyVerificationStatus, {
  name: 'ReverseProxyVerificationStatus',
  description: 'Whether the name already points at the proxy in DNS',
});

@ObjectType({ description: 'The proxy host serving the tenants' })
export class ReverseProxyServer {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;
}

@ObjectType({ description: 'A tenant host name served by the reverse proxy' })
export class ReverseProxyDomain {
  @Field(() => ID, { description: 'Stable across renames of the domain' })
  id!: string;

  @Field()
  name!: string;

  @Field(() => ReverseProxyDomainType)
  domainType!: ReverseProxyDomainType;

  @Field({ description: 'ICANN public suffix, e.g. co.tz' })
  publicSuffix!: string;

  @Field(() => String, { nullable: true, description: 'The name redirected here: www.<apex> for an apex, the apex for www.<apex>; null for other subdomains' })
  redirectForName!: string | null;

  @Field(() => ReverseProxyVerificationStatus)
  verificationStatus!: ReverseProxyVerificationStatus;

  @Field({ description: 'ISO 8601 instant' })
  createdAt!: string;

  @Field(() => ReverseProxyServer, { nullable: true })
  server!: ReverseProxyServer | null;
}

@ObjectType({ description: "A tenant's nginx server block, kept as a file in the configuration repository" })
export class ReverseProxyConfig {
  @Field(() => ReverseProxyDomain)
  domain!: ReverseProxyDomain;

  @Field(() => ID)
  companyUuid!: string;

  @Field(() => GraphQLJSONObject)
  metadata!: Record<string, unknown>;

  @Field({ description: 'Path of the file in the repository' })
  file!: string;

  @Field(() => [String], { description: 'Every server_name in the file' })
  serverNames!: string[];

  @Field({ description: 'Last commit touching the file: the value If-Match must carry' })
  revision!: string;
}

@ObjectType()
export class ReverseProxyConfigList {
  @Field({ description: 'The repository HEAD commit' })
  revision!: string;

  @Field(() => [ReverseProxyConfig], { description: 'In source-file order (sorted file names, as nginx includes them)' })
  configs!: ReverseProxyConfig[];
}

@ObjectType()
export class ReverseProxyConfigChange {
  @Field({ description: 'False when nothing needed committing' })
  changed!: boolean;

  @Field(() => ReverseProxyConfig)
  config!: ReverseProxyConfig;
}

@ObjectType()
export class ReverseProxyDeletion {
  @Field()
  domain!: string;

  @Field({ description: 'The repository HEAD after the deletion commit' })
  revision!: string;
}

@InputType()
export class CreateReverseProxyConfigInput {
  @Field()
  domain!: string;

  @Field()
  companyUuid!: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  metadata?: Record<string, unknown> | null;
}

@InputType({ description: 'Only the fields given change; metadata replaces the whole object (null clears it)' })
export class UpdateReverseProxyConfigInput {
  @Field({ nullable: true })
  domain?: string;

  @Field({ nullable: true })
  companyUuid?: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  metadata?: Record<string, unknown> | null;
}
