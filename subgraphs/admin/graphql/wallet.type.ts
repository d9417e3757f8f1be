import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar } from '../../../shared/graphql/date-time.scalar';
import type { WalletView } from '../../../shared/wallet/wallet-ledger.service';
import { WALLET_ENTRIES_DEFAULT } from '../wallet/wallet-statement.service';
import { PageInfo, TripReference } from './trip.type';

export enum WalletEntryTypeValue {
  OPENING_BALANCE = 'OPENING_BALANCE',
  TOP_UP = 'TOP_UP',
  ADJUSTMENT = 'ADJUSTMENT',
  BOOKING_DEBIT = 'BOOKING_DEBIT',
  CREDIT = 'CREDIT',
  DEBIT = 'DEBIT',
}
registerEnumType(WalletEntryTypeValue, {
  name: 'WalletEntryType',
  description: 'What a ledger entry records',
  valuesConfig: {
    OPENING_BALANCE: { description: 'The balance the wallet was opened with' },
    TOP_UP: { description: 'Money paid in by an administrator (mutation topUpWallet or the accounts CLI)' },
    ADJUSTMENT: { description: 'A correction by an administrator, up or down (mutation adjustWallet)' },
    BOOKING_DEBIT: { description: 'The price of a booking, debited when it was issued' },
    CREDIT: { description: 'Any other credit' },
    DEBIT: { description: 'Any other debit' },
  },
});

export enum WalletDirectionValue {
  CREDIT = 'CREDIT',
  DEBIT = 'DEBIT',
}
registerEnumType(WalletDirectionValue, {
  name: 'WalletDirection',
  description: 'Whether an entry adds to the balance or takes from it',
  valuesConfig: { CREDIT: { description: 'Adds to the balance' }, DEBIT: { description: 'Takes from the balance' } },
});

@ObjectType({ description: 'One immutable ledger entry of a wallet' })
export class WalletEntry {
  @Field(() => ID, { description: 'Entry id; newer entries have larger ids' })
  id!: string;

  @Field(() => WalletEntryTypeValue, { description: 'What the entry records' })
  type!: WalletEntryTypeValue;

  @Field(() => WalletDirectionValue, { description: 'Credit or debit' })
  direction!: WalletDirectionValue;

  @Field({
    description: "Signed decimal string in the currency's decimals: negative for a debit, so the previous entry's balanceAfter plus amount is balanceAfter",
  })
  amount!: string;

  @Field({ description: 'ISO 4217 code of the wallet' })
  currency!: string;

  @Field({ description: 'The wallet balance right after this entry' })
  balanceAfter!: string;

  @Field(() => TripReference, { nullable: true, description: 'The booking the entry belongs to; null for top-ups, adjustments and the opening balance' })
  trip!: TripReference | null;

  @Field(() => String, { nullable: true, description: 'Why: the reason of a top-up or adjustment, the booking reference of a booking debit' })
  reason!: string | null;

  @Field(() => DateTimeScalar, { description: 'When it was posted' })
  createdAt!: Date;
}

@ObjectType({ description: 'An admitted spend whose debit is still to come: counted against the wallet until it is debited or released' })
export class WalletHold {
  @Field(() => ID, { description: 'Hold id' })
  id!: string;

  @Field({ description: "Decimal string in the currency's decimals" })
  amount!: string;

  @Field({ description: 'ISO 4217 code of the wallet' })
  currency!: string;

  @Field(() => TripReference, { nullable: true, description: 'The booking it holds money for; its expiresAt says when an unpaid one lapses' })
  trip!: TripReference | null;

  @Field(() => String, { nullable: true, description: 'What it is for, e.g. the booking reference' })
  reason!: string | null;

  @Field(() => DateTimeScalar, { description: 'When it was admitted' })
  createdAt!: Date;
}

@ObjectType({ description: 'One entry of a statement page with its cursor' })
export class WalletEntryEdge {
  @Field({ description: 'Opaque; pass it as after to continue after this entry' })
  cursor!: string;

  @Field(() => WalletEntry, { description: 'The entry' })
  node!: WalletEntry;
}

@ObjectType({ description: 'A page of a wallet statement, newest entry first' })
export class WalletEntryConnection {
  @Field(() => [WalletEntryEdge], { description: 'The entries of this page' })
  edges!: WalletEntryEdge[];

  @Field(() => PageInfo, { description: 'Whether more entries follow' })
  pageInfo!: PageInfo;
}

@InputType({ description: 'Which entries to list; the parts combine with AND' })
export class WalletEntryFilter {
  @Field(() => WalletDirectionValue, { nullable: true, description: 'Only credits or only debits' })
  direction?: WalletDirectionValue;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Posted at or after this instant' })
  createdFrom?: string;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Posted before this instant' })
  createdBefore?: string;
}

@ArgsType()
export class WalletEntriesArgs {
  @Field(() => Int, { defaultValue: WALLET_ENTRIES_DEFAULT, description: 'Entries per page, 1 to 100' })
  first!: number;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  after?: string | null;

  @Field(() => WalletEntryFilter, { nullable: true, description: 'Which entries' })
  filter?: WalletEntryFilter | null;
}

@InputType({ description: 'Money paid into an agent wallet' })
export class WalletTopUpInput {
  @Field(() => ID, { description: "The agent's account id" })
  accountId!: string;

  @Field({ description: 'Greater than zero, in the wallet currency, e.g. "500000"' })
  amount!: string;

  @Field({ description: 'Why, 1 to 255 characters: shown on the statement' })
  reason!: string;

  @Field({ description: 'Your id for this top-up (1 to 128 visible characters): the same key again posts nothing and answers the first entry' })
  idempotencyKey!: string;
}

@InputType({ description: 'A correction of an agent wallet, up or down' })
export class WalletAdjustmentInput {
  @Field(() => ID, { description: "The agent's account id" })
  accountId!: string;

  @Field({ description: 'Signed, not zero: "2500" adds, "-2500" takes (never below the overdraft limit)' })
  amount!: string;

  @Field({ description: 'Why, 1 to 255 characters: shown on the statement' })
  reason!: string;

  @Field({ description: 'Your id for this adjustment (1 to 128 visible characters): the same key again posts nothing and answers the first entry' })
  idempotencyKey!: string;
}

@ObjectType({ description: 'An agent float wallet; amounts are decimal strings in the wallet currency' })
export class Wallet {
  @Field({ description: 'ISO 4217 code of the wallet, e.g. TZS' })
  currency!: string;

  @Field({ description: "Current float, a decimal string in the currency's decimals; negative when the overdraft is used" })
  balance!: string;

  @Field({ description: 'How far below zero the balance may go' })
  overdraftLimit!: string;

  /** The ledger's view, for the statement fields; not a GraphQL field. */
  view!: WalletView;
}
