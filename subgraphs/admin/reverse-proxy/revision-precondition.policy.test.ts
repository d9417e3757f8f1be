import { etagOf, ifMatchSatisfied } from './revision-precondition.policy';

const SHA = 'a'.repeat(40);

describe('If-Match against a revision', () => {
  it('matches the strong ETag, a list containing it, a bare commit id and *', () => {
    expect(ifMatchSatisfied(etagOf(SHA), SHA)).toBe(true);
    expect(ifMatchSatisfied(`"${'b'.repeat(40)}", ${etagOf(SHA)}`, SHA)).toBe(true);
    expect(ifMatchSatisfied(SHA, SHA)).toBe(true);
    expect(ifMatchSatisfied('*', SHA)).toBe(true);
  });

  it('never matches a weak tag or another revision', () => {
    expect(ifMatchSatisfied(`W/${etagOf(SHA)}`, SHA)).toBe(false);
    expect(ifMatchSatisfied(etagOf('b'.repeat(40)), SHA)).toBe(false);
    expect(ifMatchSatisfied('""', SHA)).toBe(false);
  });
});
