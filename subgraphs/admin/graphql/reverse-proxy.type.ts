import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { REVERSE_PROXY_METADATA_MAX_BYTES, REVERSE_PROXY_PAGE_DEFAULT, REVERSE_PROXY_PAGE_MAX } from '../../../shared/api-contract/reverse-proxy.contract';

const NAME = 'under an ICANN public suffix; stored in lower case, without a trailing dot, IDNs as punycode';
const METADATA = `a JSON object of at most ${REVERSE_PROXY_METADATA_MAX_BYTES} bytes`;

export enum ReverseProxyDomainType {
  APEX = 'APEX',
  SUBDOMAIN = 'SUBDOMAIN',
}
registerEnumType(ReverseProxyDomainType, {
  name: 'ReverseProxyDomainType',
  description: 'Place of a tenant name in the Public Suffix List',
  valuesConfig: {
    APEX: { description: 'A registrable domain directly under its public suffix, e.g. example.co.tz' },
    SUBDOMAIN: { description: 'Any name below an apex, e.g. tickets.example.co.tz' },
  },
});

export enum ReverseProxyVerificationStatus {
  VERIFIED = 'VERIFIED',
  UNVERIFIED = 'UNVERIFIED',
}
registerEnumType(ReverseProxyVerificationStatus, {
  name: 'ReverseProxyVerificationStatus',
  description: 'Whether the name already points at the proxy in DNS',
  valuesConfig: {
    VERIFIED: { description: 'DNS points the name at the proxy' },
    UNVERIFIED: { description: 'DNS does not (yet) point the name at the proxy' },
  },
});

@ObjectType({ description: 'The proxy host serving the tenants' })
export class ReverseProxyServer {
  @Field(() => ID, { description: 'Slug of the proxy host name' })
  id!: string;

  @Field({ description: 'Host name of the proxy server' })
  name!: string;
}

@ObjectType({ description: 'A tenant host name served by the reverse proxy' })
export class ReverseProxyDomain {
  @Field(() => ID, { description: 'Stable across renames of the domain' })
  id!: string;

  @Field({ description: 'The host name, lower case, e.g. tickets.example.co.tz' })
  name!: string;

  @Field(() => ReverseProxyDomainType, { description: 'Whether the name is an apex (registrable) domain or a subdomain' })
  domainType!: ReverseProxyDomainType;

  @Field({ description: 'ICANN public suffix, e.g. co.tz' })
  publicSuffix!: string;

  @Field(() => String, { nullable: true, description: 'The name redirected here: www.<apex> for an apex, the apex for www.<apex>; null for other subdomains' })
  redirectForName!: string | null;

  @Field(() => ReverseProxyVerificationStatus, { description: 'Whether the name already points at the proxy in DNS' })
  verificationStatus!: ReverseProxyVerificationStatus;

  @Field({ description: 'ISO 8601 instant' })
  createdAt!: string;

  @Field(() => ReverseProxyServer, {
    nullable: true,
    description: 'Proxy host serving the name; null when the deployment names none (REVERSE_PROXY_SERVER_NAME)',
  })
  server!: ReverseProxyServer | null;
}

// The domain record last: REST answers the fields in this order (docs/rest-shapes.md).
@ObjectType({ description: "A tenant's nginx server block, kept as a file in the configuration repository" })
export class ReverseProxyConfig {
  @Field(() => ID, { description: 'uuid of the company the tenant belongs to' })
  companyUuid!: string;

  @Field(() => GraphQLJSONObject, { description: 'Free-form tenant settings kept with the configuration (an object; {} when none)' })
  metadata!: Record<string, unknown>;

  @Field({ description: 'Path of the file in the repository' })
  file!: string;

  @Field(() => [String], { description: 'Every server_name in the file' })
  serverNames!: string[];

  @Field({ description: 'Last commit touching the file: the value If-Match must carry' })
  revision!: string;

  @Field(() => ReverseProxyDomain, { description: 'The tenant host name the server block serves' })
  domain!: ReverseProxyDomain;
}

@ObjectType({ description: 'One page of the tenant configurations and the repository revision they were read at' })
export class ReverseProxyConfigList {
  @Field({ description: 'The repository HEAD commit the page was read at; the same on every page of one walk' })
  revision!: string;

  @Field(() => [ReverseProxyConfig], { description: 'In source-file order (sorted file names, as nginx includes them)' })
  configs!: ReverseProxyConfig[];

  @Field(() => String, {
    nullable: true,
    description:
      'Pass as `after` to read the next page; null on the last page. A cursor holds the revision: after any change to the configurations it is refused with REVERSE_PROXY_REVISION_CONFLICT (list again from the first page)',
  })
  nextCursor!: string | null;
}

@ArgsType()
export class ReverseProxyConfigPageArgs {
  @Field(() => Int, {
    defaultValue: REVERSE_PROXY_PAGE_DEFAULT,
    description: `Page size: default ${REVERSE_PROXY_PAGE_DEFAULT}, maximum ${REVERSE_PROXY_PAGE_MAX}`,
  })
  first!: number;

  @Field(() => String, { nullable: true, description: "A previous page's nextCursor: answers the configurations after that page; omitted starts at the first" })
  after?: string | null;
}

@ObjectType({ description: 'The result of an update' })
export class ReverseProxyConfigChange {
  @Field({ description: 'False when nothing needed committing' })
  changed!: boolean;

  @Field(() => ReverseProxyConfig, { description: 'The configuration after the change' })
  config!: ReverseProxyConfig;
}

@ObjectType({ description: 'The result of a deletion' })
export class ReverseProxyDeletion {
  @Field({ description: 'The host name whose configuration was deleted' })
  domain!: string;

  @Field({ description: 'The repository HEAD after the deletion commit' })
  revision!: string;
}

@InputType({ description: 'A new tenant server block' })
export class CreateReverseProxyConfigInput {
  @Field({ description: `Host name to serve, e.g. tickets.example.co.tz, ${NAME}` })
  domain!: string;

  @Field({ description: 'uuid of an existing company, the one the tenant belongs to' })
  companyUuid!: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: `Free-form tenant settings, ${METADATA}; omitted or null stores {}` })
  metadata?: Record<string, unknown> | null;
}

@InputType({ description: 'Only the fields given change; metadata replaces the whole object (null clears it)' })
export class UpdateReverseProxyConfigInput {
  @Field({ nullable: true, description: `New host name, ${NAME}: the file moves in the same commit, id and createdAt stay; omitted keeps the current one` })
  domain?: string;

  @Field({ nullable: true, description: 'uuid of an existing company; omitted keeps the current one' })
  companyUuid?: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: `New metadata, ${METADATA}, replacing the whole object; null clears it, omitted keeps it` })
  metadata?: Record<string, unknown> | null;
}
