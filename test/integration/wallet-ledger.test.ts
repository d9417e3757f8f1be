import { Decimal } from '../../shared/money/money.calculator';
import { createAccountService } from '../../subgraphs/admin/admin.wiring';
import type { Platform } from '../../shared/platform/platform.wiring';
import { createTestPlatform } from '../support/test-platform';

describe('wallet ledger (real MariaDB)', () => {
  let env: Awaited<ReturnType<typeof createTestPlatform>>;
  let platform: Platform;
  let n = 0;

  beforeAll(async () => {
    env = await createTestPlatform();
    platform = env.platform;
  });
  afterAll(() => env.close());

  async function agentWallet(balance: string, overdraft = '0', currency = 'TZS') {
    const account = await createAccountService(platform).create({
      email: `agent${++n}@ledger.test`,
      password: 'a long enough password',
      role: 'SERVICE_AGENT',
      currency,
      openingBalance: balance,
      overdraftLimit: overdraft,
    });
    return account.wallet!;
  }

  it('N parallel debits leave balance = opening minus the sum, one entry each', async () => {
    const wallet = await agentWallet('1000000');
    const amounts = Array.from({ length: 30 }, (_, i) => String(1000 + i * 137));
    await Promise.all(amounts.map((amount, i) => platform.ledger.debit(wallet.id, { businessKey: `debit:${i}`, amount })));
    const sum = amounts.reduce((acc, a) => acc.plus(a), new Decimal(0));
    const after = await platform.ledger.findByAccount(wallet.accountId);
    expect(after!.balance).toBe(new Decimal('1000000').minus(sum).toFixed(0));
    const debits = (await platform.ledger.entries(wallet.id)).filter((e) => e.kind === 'DEBIT');
    expect(debits).toHaveLength(30);
  });

  it('20 parallel repeats of one business key debit once', async () => {
    const wallet = await agentWallet('50000');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => platform.ledger.debit(wallet.id, { businessKey: 'flight-debit:reservation-1', amount: '12500' })),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(results.filter((r) => r.duplicate)).toHaveLength(19);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect((await platform.ledger.findByAccount(wallet.accountId))!.balance).toBe('37500');
  });

  it('reusing a business key for a different amount is refused, not applied', async () => {
    const wallet = await agentWallet('50000');
    await platform.ledger.debit(wallet.id, { businessKey: 'k', amount: '100' });
    await expect(platform.ledger.debit(wallet.id, { businessKey: 'k', amount: '200' })).rejects.toMatchObject({
      errorCode: 'WALLET_ENTRY_CONFLICT',
      status: 409,
    });
    expect((await platform.ledger.findByAccount(wallet.accountId))!.balance).toBe('49900');
  });

  it('enforces the overdraft limit on holds and on debits without a hold', async () => {
    const wallet = await agentWallet('10000', '5000');
    const refused = await platform.ledger.hold(wallet.id, { businessKey: 'hold-too-much', amount: '15001' });
    expect(refused).toMatchObject({ admitted: false, projectedBalance: '-5001', overdraftLimit: '5000' });
    expect(await platform.ledger.holdOf(wallet.id, 'hold-too-much')).toBeNull();
    await expect(platform.ledger.debit(wallet.id, { businessKey: 'too-much', amount: '15001' })).rejects.toMatchObject({
      errorCode: 'WALLET_INSUFFICIENT_BALANCE',
    });
    await platform.ledger.debit(wallet.id, { businessKey: 'to-the-limit', amount: '15000' });
    expect((await platform.ledger.findByAccount(wallet.accountId))!.balance).toBe('-5000');
  });

  it('concurrent limited debits never cross the overdraft limit', async () => {
    const wallet = await agentWallet('10000', '0');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) => platform.ledger.debit(wallet.id, { businessKey: `race:${i}`, amount: '1000' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect((await platform.ledger.findByAccount(wallet.accountId))!.balance).toBe('0');
  });

  it('a hold counts against every later admission until its debit captures it or it is released', async () => {
    const wallet = await agentWallet('1000', '0');
    expect(await platform.ledger.hold(wallet.id, { businessKey: 'first', amount: '700' })).toMatchObject({
      admitted: true,
      held: '0',
      projectedBalance: '300',
    });
    // Sequential, not concurrent: the balance is still 1000, but 700 of it is promised.
    expect(await platform.ledger.hold(wallet.id, { businessKey: 'second', amount: '400' })).toMatchObject({ admitted: false, held: '700' });
    await expect(platform.ledger.debit(wallet.id, { businessKey: 'unheld', amount: '400' })).rejects.toMatchObject({
      errorCode: 'WALLET_INSUFFICIENT_BALANCE',
    });
    // A repeat of the same hold is admitted again without holding twice.
    expect((await platform.ledger.hold(wallet.id, { businessKey: 'first', amount: '700' })).admitted).toBe(true);
    expect((await platform.ledger.findByAccount(wallet.accountId))!.held).toBe('700');
    const debit = await platform.ledger.debit(wallet.id, { businessKey: 'first', amount: '700' });
    expect(debit.balanceAfter).toBe('300');
    expect(await platform.ledger.holdOf(wallet.id, 'first')).toMatchObject({ status: 'CAPTURED' });
    expect((await platform.ledger.findByAccount(wallet.accountId))!).toMatchObject({ balance: '300', held: '0' });
    expect((await platform.ledger.hold(wallet.id, { businessKey: 'third', amount: '300' })).admitted).toBe(true);
    expect(await platform.ledger.release(wallet.id, 'third')).toBe(true);
    expect(await platform.ledger.release(wallet.id, 'third')).toBe(false);
    expect((await platform.ledger.findByAccount(wallet.accountId))!).toMatchObject({ balance: '300', held: '0' });
    await expect(platform.ledger.debit(wallet.id, { businessKey: 'first', amount: '700' })).resolves.toMatchObject({ duplicate: true });
  });

  it('rejects float-like, zero, negative and over-precise amounts', async () => {
    const wallet = await agentWallet('1000');
    for (const amount of ['0', '-5', '1e3', 'abc', '10.5', '']) {
      await expect(platform.ledger.credit(wallet.id, { businessKey: `bad:${amount}`, amount })).rejects.toMatchObject({
        errorCode: 'WALLET_AMOUNT_INVALID',
        status: 400,
      });
    }
    const usd = await agentWallet('10.25', '0', 'USD');
    expect(usd.balance).toBe('10.25');
    await expect(platform.ledger.credit(usd.id, { businessKey: 'usd-3dp', amount: '1.005' })).rejects.toMatchObject({ status: 400 });
    expect((await platform.ledger.entries(wallet.id)).map((e) => e.kind)).toEqual(['CREDIT']);
  });

  it('a credit in a rolled-back transaction leaves no trace', async () => {
    const wallet = await agentWallet('1000');
    await expect(
      platform.dataSource.transaction(async (m) => {
        await platform.ledger.credit(wallet.id, { businessKey: 'rolled-back', amount: '500' }, m);
        throw new Error('caller failed after crediting');
      }),
    ).rejects.toThrow('caller failed');
    expect((await platform.ledger.findByAccount(wallet.accountId))!.balance).toBe('1000');
    expect((await platform.ledger.entries(wallet.id)).some((e) => e.businessKey === 'rolled-back')).toBe(false);
  });
});
