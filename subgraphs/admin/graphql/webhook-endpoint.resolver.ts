import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { RequestContext } from '../../../shared/context/request.context';
import {
  WEBHOOK_MANAGER_ROLES,
  type Page,
  type WebhookCaller,
  type WebhookDeliveryView,
  type WebhookEndpointService,
  type WebhookEndpointView,
} from '../../../shared/webhooks/webhook-endpoint.service';
import {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointDeletion,
  WebhookEndpointPage,
  WebhookEndpointPageArgs,
  WebhookEndpointSecret,
  WebhookPageArgs,
  WebhookPing,
} from './webhook-endpoint.type';

const WHO = 'A customer or agent: its own endpoints; ADMIN and SUDO: any account’s. Another account’s endpoint is WEBHOOK_ENDPOINT_NOT_FOUND';

async function caller(req: RequestContext): Promise<WebhookCaller> {
  const { accountId, role } = await req.requireRole(...WEBHOOK_MANAGER_ROLES);
  return { accountId, role };
}

const endpointOf = (view: WebhookEndpointView): WebhookEndpoint => Object.assign(new WebhookEndpoint(), view);
const deliveryOf = (view: WebhookDeliveryView): WebhookDelivery => Object.assign(new WebhookDelivery(), view);
const endpointId = (description: string) => Arg('id', () => ID, { description });

/** Thin: who is calling, then one service call, its views as the GraphQL types. */
@Resolver()
export class WebhookEndpointResolver {
  constructor(private readonly webhooks: WebhookEndpointService) {}

  @Query(() => WebhookEndpointPage, { description: `Webhook endpoints, newest first, a page at a time (first, after). ${WHO}` })
  async webhookEndpoints(@Args() { first, after, accountId }: WebhookEndpointPageArgs, @Ctx() { req }: GraphQLContext): Promise<WebhookEndpointPage> {
    const page: Page<WebhookEndpointView> = await this.webhooks.page(await caller(req), { first, after, accountId });
    return { endpoints: page.items.map(endpointOf), nextCursor: page.nextCursor };
  }

  @Query(() => WebhookEndpoint, { description: `One webhook endpoint. ${WHO}` })
  async webhookEndpoint(@endpointId('The endpoint id, whe_…') id: string, @Ctx() { req }: GraphQLContext): Promise<WebhookEndpoint> {
    return endpointOf(await this.webhooks.get(await caller(req), id));
  }

  @Query(() => WebhookDeliveryPage, { description: `An endpoint's deliveries, newest first, a page at a time (first, after). ${WHO}` })
  async webhookDeliveries(
    @Arg('endpointId', () => ID, { description: 'The endpoint id, whe_…' }) endpoint: string,
    @Args() { first, after }: WebhookPageArgs,
    @Ctx() { req }: GraphQLContext,
  ): Promise<WebhookDeliveryPage> {
    const page = await this.webhooks.deliveries(await caller(req), endpoint, { first, after });
    return { deliveries: page.items.map(deliveryOf), nextCursor: page.nextCursor };
  }

  @Mutation(() => WebhookEndpointSecret, {
    description: `Registers an endpoint of the caller's account and answers its signing secret, shown this once. At most WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT per account (WEBHOOK_ENDPOINT_LIMIT_REACHED)`,
  })
  async createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput, { description: 'The endpoint to register' }) input: CreateWebhookEndpointInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<WebhookEndpointSecret> {
    const { endpoint, secret } = await this.webhooks.create(await caller(req), input);
    return { endpoint: endpointOf(endpoint), secret };
  }

  @Mutation(() => WebhookEndpoint, { description: `Changes url, events, enabled or description of an endpoint. ${WHO}` })
  async updateWebhookEndpoint(
    @endpointId('The endpoint id, whe_…') id: string,
    @Arg('input', () => UpdateWebhookEndpointInput, { description: 'The changes; members left out keep their value' }) input: UpdateWebhookEndpointInput,
    @Ctx() { req }: GraphQLContext,
  ): Promise<WebhookEndpoint> {
    return endpointOf(await this.webhooks.update(await caller(req), id, input));
  }

  @Mutation(() => WebhookEndpointDeletion, { description: `Deletes an endpoint; deliveries under way to it end. ${WHO}` })
  async deleteWebhookEndpoint(@endpointId('The endpoint id, whe_…') id: string, @Ctx() { req }: GraphQLContext): Promise<WebhookEndpointDeletion> {
    return this.webhooks.remove(await caller(req), id);
  }

  @Mutation(() => WebhookPing, { description: `Sends a webhook.ping event to this endpoint only, enabled or not. ${WHO}` })
  async pingWebhookEndpoint(@endpointId('The endpoint id, whe_…') id: string, @Ctx() { req }: GraphQLContext): Promise<WebhookPing> {
    return this.webhooks.ping(await caller(req), id);
  }

  @Mutation(() => WebhookEndpointSecret, {
    description: `Makes a new signing secret, shown this once; the previous one keeps signing beside it for 24 hours. ${WHO}`,
  })
  async rotateWebhookEndpointSecret(@endpointId('The endpoint id, whe_…') id: string, @Ctx() { req }: GraphQLContext): Promise<WebhookEndpointSecret> {
    const { endpoint, secret } = await this.webhooks.rotateSecret(await caller(req), id);
    return { endpoint: endpointOf(endpoint), secret };
  }

  @Mutation(() => WebhookDelivery, {
    description: `Sends a finished delivery (DELIVERED, FAILED, REFUSED) again, with a fresh retry window; one still under way is answered as it is. ${WHO}`,
  })
  async redeliverWebhookDelivery(
    @Arg('endpointId', () => ID, { description: 'The endpoint id, whe_…' }) endpoint: string,
    @Arg('deliveryId', () => ID, { description: 'The delivery id, whd_…' }) deliveryId: string,
    @Ctx() { req }: GraphQLContext,
  ): Promise<WebhookDelivery> {
    return deliveryOf(await this.webhooks.redeliver(await caller(req), endpoint, deliveryId));
  }
}
