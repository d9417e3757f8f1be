import { LoginShedder } from './login-shedder.service';

describe('LoginShedder', () => {
  it('admits an address its budget per window, then gives the seconds until the window ends', () => {
    let now = 1_000_000;
    const shedder = new LoginShedder({ addressMaxAttempts: 3, addressAttemptWindowSeconds: 60 }, () => now);
    expect([1, 2, 3].map(() => shedder.admit('203.0.113.7'))).toEqual([null, null, null]);
    expect(shedder.admit('203.0.113.7')).toBe(60);
    now += 59_500;
    expect(shedder.admit('203.0.113.7')).toBe(1);
    expect(shedder.admit('203.0.113.8')).toBeNull();
    now += 1_000;
    expect(shedder.admit('203.0.113.7')).toBeNull();
  });

  it('counts an IPv6 /64 as one address', () => {
    const shedder = new LoginShedder({ addressMaxAttempts: 2, addressAttemptWindowSeconds: 60 });
    expect(shedder.admit('2001:db8:1:2::1')).toBeNull();
    expect(shedder.admit('2001:db8:1:2::2')).toBeNull();
    expect(shedder.admit('2001:db8:1:2:ffff::3')).toBe(60);
    expect(shedder.admit('2001:db8:1:3::1')).toBeNull();
  });

  it('keeps a bounded number of addresses', () => {
    const shedder = new LoginShedder({ addressMaxAttempts: 1, addressAttemptWindowSeconds: 60 });
    for (let i = 0; i < 120_000; i++) shedder.admit(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(shedder.trackedAddresses).toBe(100_000);
  });
});
