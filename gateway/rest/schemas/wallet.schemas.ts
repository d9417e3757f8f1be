import { z } from 'zod';
import { restShape } from '../graphql-shapes/rest-shape.builder';

/* GET /api/wallet and GET /api/wallet/entries (issue 26): the REST twins of me.wallet and me.wallet.entries. */

/** OpenAPI schema `WalletEntry`: one ledger entry; `trip` is the booking's trip id and kind, null for no booking. */
export const WALLET_ENTRY = restShape('WalletEntry', { id: 'WalletEntry' });

/** OpenAPI schema `WalletHold`. */
export const WALLET_HOLD = restShape('WalletHold', { id: 'WalletHold' });

export const WALLET_SUMMARY_FIELDS = 'currency balance overdraftLimit heldTotal availableBalance spendable';

export const WalletAnswer = z
  .object({
    currency: z.string(),
    balance: z.string(),
    overdraftLimit: z.string(),
    heldTotal: z.string(),
    availableBalance: z.string(),
    spendable: z.string(),
    holds: z.array(WALLET_HOLD.schema),
  })
  .meta({ id: 'WalletSummary', description: "The caller's agent wallet: balance, open holds and what is spendable." });

export const WalletEntryPage = z
  .object({
    data: z.array(WALLET_ENTRY.schema).meta({ description: 'Newest entry first.' }),
    nextCursor: z.string().nullable().meta({ description: 'Pass as after for the next page; null on the last page.' }),
  })
  .meta({ id: 'WalletEntryPage', description: "A page of the caller's wallet statement." });
