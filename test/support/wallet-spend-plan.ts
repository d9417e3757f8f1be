import type { WalletLedger } from '../../shared/wallet/wallet-ledger.service';

/** One booking's life against a wallet: admitted (held), then debited or released; or a debit with no hold. */
export interface SpendStep {
  walletId: string;
  businessKey: string;
  amount: string;
  /** hold-debit: a purchase that issues; hold-release: one the airline refused; debit: a spend without a hold. */
  kind: 'hold-debit' | 'hold-release' | 'debit';
  /** Repeat every call (a client or job retry). */
  repeat: boolean;
}

export interface SpendPlan {
  /** Chains run side by side; the steps of one chain run one after another. */
  chains: SpendStep[][];
}

export interface SpendOutcome {
  businessKey: string;
  admitted: boolean;
  debited: boolean;
}

export async function runSpendPlan(ledger: WalletLedger, plan: SpendPlan): Promise<SpendOutcome[]> {
  const results = await Promise.all(
    plan.chains.map(async (chain) => {
      const out: SpendOutcome[] = [];
      for (const step of chain) out.push(await runStep(ledger, step));
      return out;
    }),
  );
  return results.flat();
}

async function runStep(ledger: WalletLedger, step: SpendStep): Promise<SpendOutcome> {
  const posting = { businessKey: step.businessKey, amount: step.amount };
  const times = step.repeat ? 2 : 1;
  if (step.kind === 'debit') {
    let debited = false;
    for (let i = 0; i < times; i++) {
      debited = await ledger.debit(step.walletId, posting).then(
        () => true,
        (error: { errorCode?: string }) => {
          if (error.errorCode !== 'WALLET_INSUFFICIENT_BALANCE') throw error;
          return debited;
        },
      );
    }
    return { businessKey: step.businessKey, admitted: debited, debited };
  }
  let admitted = false;
  for (let i = 0; i < times; i++) admitted = (await ledger.hold(step.walletId, posting)).admitted || admitted;
  if (!admitted) return { businessKey: step.businessKey, admitted, debited: false };
  for (let i = 0; i < times; i++) {
    if (step.kind === 'hold-debit') await ledger.debit(step.walletId, posting);
    else await ledger.release(step.walletId, step.businessKey);
  }
  return { businessKey: step.businessKey, admitted, debited: step.kind === 'hold-debit' };
}
