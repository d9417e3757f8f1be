import { Arg, Args, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import type { WalletStatementService } from '../wallet/wallet-statement.service';
import { Wallet, WalletAdjustmentInput, WalletEntriesArgs, WalletEntry, WalletEntryConnection, WalletHold, WalletTopUpInput } from './wallet.type';
import type { WalletEntryTypeValue, WalletDirectionValue } from './wallet.type';

type Entry = Awaited<ReturnType<WalletStatementService['topUp']>>['entry'];
const asEntry = (entry: Entry): WalletEntry => ({ ...entry, type: entry.type as WalletEntryTypeValue, direction: entry.direction as WalletDirectionValue });

@Resolver(() => Wallet)
export class WalletResolver {
  constructor(private readonly statement: WalletStatementService) {}

  @FieldResolver(() => String, { description: 'Admitted spends whose debit is still to come (the sum of holds)' })
  heldTotal(@Root() wallet: Wallet): string {
    return wallet.view.held;
  }

  @FieldResolver(() => String, { description: 'balance minus heldTotal: what the wallet holds once every admitted booking is debited' })
  availableBalance(@Root() wallet: Wallet): string {
    return this.statement.availableBalance(wallet.view);
  }

  @FieldResolver(() => String, { description: 'availableBalance plus overdraftLimit: the most a new booking may take now' })
  spendable(@Root() wallet: Wallet): string {
    return this.statement.spendable(wallet.view);
  }

  @FieldResolver(() => [WalletHold], { description: 'The open holds, newest first (at most 100)' })
  async holds(@Root() wallet: Wallet, @Ctx() { req }: GraphQLContext): Promise<WalletHold[]> {
    return this.statement.openHolds(await req.principal(), wallet.view);
  }

  @FieldResolver(() => WalletEntryConnection, { description: 'The ledger, newest entry first, a page at a time (after = endCursor)' })
  async entries(@Root() wallet: Wallet, @Args() args: WalletEntriesArgs, @Ctx() { req }: GraphQLContext): Promise<WalletEntryConnection> {
    const page = await this.statement.entries(await req.principal(), wallet.view, args);
    return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: asEntry(e.node) })) };
  }

  @Mutation(() => WalletEntry, { description: 'ADMIN and SUDO: credits an agent wallet once per idempotencyKey, with a reason' })
  async topUpWallet(@Arg('input', () => WalletTopUpInput) input: WalletTopUpInput, @Ctx() { req }: GraphQLContext): Promise<WalletEntry> {
    return asEntry((await this.statement.topUp(await req.principal(), input)).entry);
  }

  @Mutation(() => WalletEntry, { description: 'ADMIN and SUDO: corrects an agent wallet up or down once per idempotencyKey, with a reason' })
  async adjustWallet(@Arg('input', () => WalletAdjustmentInput) input: WalletAdjustmentInput, @Ctx() { req }: GraphQLContext): Promise<WalletEntry> {
    return asEntry((await this.statement.adjust(await req.principal(), input)).entry);
  }
}
