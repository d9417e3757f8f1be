import { checkAgainstContract } from '../support/contract-hook';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const companies = new URL('http://127.0.0.1:4000/api/companies?mini=true');
const company = {
  uuid: '0d3c56a4-6a53-4a5e-9d6e-0f8f0e1c2a11',
  tinNumber: '100-200-300',
  name: 'Kilimanjaro Express',
  tradingName: null,
  companyType: 'BUS_OPERATOR',
};

describe('the contract hook every e2e fetch goes through', () => {
  it('accepts an answer the document describes, success or error', async () => {
    await expect(checkAgainstContract('GET', companies, json([company]))).resolves.toBeUndefined();
    const error = { errorCode: 'UNAUTHENTICATED', errorMessage: 'Authentication required', status: 401, error: {} };
    await expect(checkAgainstContract('GET', companies, json(error, 401))).resolves.toBeUndefined();
  });

  it('fails an answer with a member of the wrong type, a missing member or one the document does not have', async () => {
    await expect(checkAgainstContract('GET', companies, json([{ ...company, tinNumber: 100200300 }]))).rejects.toThrow(/\/0\/tinNumber must be string/);
    const withoutUuid: Record<string, unknown> = { ...company };
    delete withoutUuid.uuid;
    await expect(checkAgainstContract('GET', companies, json([withoutUuid]))).rejects.toThrow(/uuid/);
    await expect(checkAgainstContract('GET', companies, json([{ ...company, internalId: 7 }]))).rejects.toThrow(/does not match/);
  });

  it('fails an error body without the error object, and a body that is not JSON', async () => {
    const missingError = { errorCode: 'UNAUTHENTICATED', errorMessage: 'Authentication required', status: 401 };
    await expect(checkAgainstContract('GET', companies, json(missingError, 401))).rejects.toThrow(/must have required property 'error'/);
    const text = new Response('oops', { status: 200, headers: { 'content-type': 'text/plain' } });
    await expect(checkAgainstContract('GET', companies, text)).rejects.toThrow(/answered text\/plain/);
  });

  it('leaves paths the document does not describe, and other hosts, alone', async () => {
    await expect(checkAgainstContract('GET', new URL('http://127.0.0.1:4000/health'), json({ anything: true }))).resolves.toBeUndefined();
    await expect(checkAgainstContract('GET', new URL('https://example.org/api/companies'), json({ anything: true }))).resolves.toBeUndefined();
  });
});
