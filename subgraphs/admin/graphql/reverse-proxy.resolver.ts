import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import { Role } from '../../../shared/auth/roles.types';
import type { RequestContext } from '../../../shared/context/request.context';
import { REVERSE_PROXY_PAGE_MAX } from '../../../shared/api-contract/reverse-proxy.contract';
import { type Actor, type ConfigView, type ReverseProxyService } from '../reverse-proxy/reverse-proxy.service';
import type { ConfigInput } from '../reverse-proxy/config-input.validator';
import {
  CreateReverseProxyConfigInput,
  ReverseProxyConfig,
  ReverseProxyConfigChange,
  ReverseProxyConfigList,
  ReverseProxyConfigPageArgs,
  ReverseProxyDeletion,
  ReverseProxyDomainType,
  ReverseProxyVerificationStatus,
  UpdateReverseProxyConfigInput,
} from './reverse-proxy.type';

const IF_MATCH = 'If-Match value: one or more quoted revisions ("<sha>") or *; a bare revision is accepted too';

function toGraph(view: ConfigView): ReverseProxyConfig {
  return {
    ...view,
    domain: {
      ...view.domain,
      domainType: view.domain.domainType === 'apex' ? ReverseProxyDomainType.APEX : ReverseProxyDomainType.SUBDOMAIN,
      verificationStatus: view.domain.verificationStatus === 'verified' ? ReverseProxyVerificationStatus.VERIFIED : ReverseProxyVerificationStatus.UNVERIFIED,
    },
  };
}

/** GraphQL leaves absent input fields undefined and explicit nulls null; only metadata may be cleared with null. */
function configInput(input: CreateReverseProxyConfigInput | UpdateReverseProxyConfigInput): ConfigInput {
  return {
    domain: input.domain ?? undefined,
    companyUuid: input.companyUuid ?? undefined,
    metadata: input.metadata,
  };
}

async function administrator(req: RequestContext): Promise<Actor> {
  const { accountId, email } = await req.requireRole(Role.ADMIN, Role.SUDO);
  return { accountId, email };
}

/** Thin: ADMIN or SUDO only, then one service call. */
@Resolver()
export class ReverseProxyResolver {
  constructor(private readonly reverseProxy: ReverseProxyService) {}

  @Query(() => ReverseProxyConfigList, {
    description: 'The tenant configurations a page at a time (first, after), with the repository revision (ADMIN or SUDO)',
  })
  async reverseProxyConfigs(@Args() { first, after }: ReverseProxyConfigPageArgs, @Ctx() { req }: GraphQLContext): Promise<ReverseProxyConfigList> {
    await administrator(req);
    if (!Number.isInteger(first) || first < 1 || first > REVERSE_PROXY_PAGE_MAX) {
      throw PlatformException.badRequest(`first must be from 1 to ${REVERSE_PROXY_PAGE_MAX}`, { field: 'first' });
    }
    const { revision, configs, nextCursor } = await this.reverseProxy.page(first, after ?? null);
    return { revision, configs: configs.map(toGraph), nextCursor };
  }

  @Query(() => ReverseProxyConfig, { description: 'One tenant configuration by domain; REVERSE_PROXY_CONFIG_NOT_FOUND when none (ADMIN or SUDO)' })
  async reverseProxyConfig(
    @Arg('domain', () => String, { description: 'The tenant host name' }) domain: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<ReverseProxyConfig> {
    await administrator(req);
    return toGraph(await this.reverseProxy.get(domain));
  }

  @Mutation(() => ReverseProxyConfig, { description: 'Renders, commits and verifies a new tenant server block (ADMIN or SUDO)' })
  async createReverseProxyConfig(
    @Arg('input', () => CreateReverseProxyConfigInput, { description: 'The configuration to create' }) input: CreateReverseProxyConfigInput,
    @Arg('ifMatch', () => String, { nullable: true, description: `Optional repository revision the change is based on (${IF_MATCH})` }) ifMatch: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<ReverseProxyConfig> {
    const actor = await administrator(req);
    return toGraph(await this.reverseProxy.create(actor, configInput(input), ifMatch ?? null));
  }

  @Mutation(() => ReverseProxyConfigChange, { description: 'Changes domain, company or metadata of a tenant; ifMatch is required (ADMIN or SUDO)' })
  async updateReverseProxyConfig(
    @Arg('domain', () => String, { description: 'The tenant host name' }) domain: string,
    @Arg('input', () => UpdateReverseProxyConfigInput, { description: 'The changes; fields left out keep their value' }) input: UpdateReverseProxyConfigInput,
    @Arg('ifMatch', () => String, { nullable: true, description: `The configuration's revision (${IF_MATCH}); missing answers 428` }) ifMatch: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<ReverseProxyConfigChange> {
    const actor = await administrator(req);
    const { changed, config } = await this.reverseProxy.update(actor, domain, ifMatch ?? null, configInput(input));
    return { changed, config: toGraph(config) };
  }

  @Mutation(() => ReverseProxyDeletion, { description: 'Deletes a tenant server block in one commit; ifMatch is required (ADMIN or SUDO)' })
  async deleteReverseProxyConfig(
    @Arg('domain', () => String, { description: 'The tenant host name' }) domain: string,
    @Arg('ifMatch', () => String, { nullable: true, description: `The configuration's revision (${IF_MATCH}); missing answers 428` }) ifMatch: string | null,
    @Ctx() { req }: GraphQLContext,
  ): Promise<ReverseProxyDeletion> {
    const actor = await administrator(req);
    return this.reverseProxy.remove(actor, domain, ifMatch ?? null);
  }
}
