import { hashPassword, scryptActivity } from '../../shared/auth/password.service';
import { PasswordCheckBusyError, PasswordVerifier } from '../../shared/auth/password-verifier.service';

describe('PasswordVerifier', () => {
  test('runs at most `concurrency` checks at once, queues `maxQueue` more and refuses the rest at once without hashing', async () => {
    const stored = await hashPassword('the right password');
    const verifier = new PasswordVerifier({ concurrency: 2, maxQueue: 3 });
    scryptActivity.peak = scryptActivity.running;
    const before = scryptActivity.started;

    const outcomes = await Promise.allSettled(Array.from({ length: 9 }, (_, i) => verifier.verify(i === 0 ? 'the right password' : 'wrong', stored)));

    expect(scryptActivity.peak).toBe(2);
    expect(scryptActivity.started - before).toBe(5);
    expect(outcomes.map((o) => o.status)).toEqual([...Array(5).fill('fulfilled'), ...Array(4).fill('rejected')]);
    expect(outcomes.slice(0, 5).map((o) => (o as PromiseFulfilledResult<boolean>).value)).toEqual([true, false, false, false, false]);
    for (const o of outcomes.slice(5)) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(PasswordCheckBusyError);

    // The slots and the queue are free again afterwards.
    await expect(Promise.all(Array.from({ length: 5 }, () => verifier.verify('the right password', stored)))).resolves.toEqual(Array(5).fill(true));
  });

  test('a failing check gives its slot back', async () => {
    const verifier = new PasswordVerifier({ concurrency: 1, maxQueue: 0 });
    // Parameters scrypt refuses: the check fails, and must not keep the only slot.
    await expect(verifier.verify('x', 'scrypt$3$8$1$c2FsdA$aGFzaA')).rejects.toThrow();
    await expect(verifier.verify('x', 'not-a-hash')).resolves.toBe(false);
    const stored = await hashPassword('pw');
    await expect(verifier.verify('pw', stored)).resolves.toBe(true);
  });
});
