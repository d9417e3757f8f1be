import { FieldProblem, ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import { DomainName, parseDomainName } from './domain-name';

/** The create and update bodies of a reverse-proxy configuration, checked field by field before anything is read. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_METADATA_BYTES = 8192;

export interface ConfigInput {
  domain?: string;
  companyUuid?: string;
  /** PATCH: replaces the whole object; null clears it. */
  metadata?: Record<string, unknown> | null;
}

/** The fields of a ConfigInput that were given, checked and normalised. */
export interface ValidConfigInput {
  domain?: DomainName;
  companyUuid?: string;
  metadata?: Record<string, unknown>;
}

/** One 400 lists every bad field; on create, domain and companyUuid are required and the company must exist. */
export async function validateConfigInput(input: ConfigInput, creating: boolean, companyExists: (uuid: string) => Promise<boolean>): Promise<ValidConfigInput> {
  const fields: FieldProblem[] = [];
  const out: ValidConfigInput = {};
  if (input.domain !== undefined) {
    const parsed = parseDomainName(input.domain);
    if ('problem' in parsed) fields.push({ field: 'domain', message: parsed.problem });
    else out.domain = parsed;
  } else if (creating) fields.push({ field: 'domain', message: 'is required' });
  if (input.companyUuid !== undefined) {
    if (!UUID.test(input.companyUuid)) fields.push({ field: 'companyUuid', message: 'must be a uuid' });
    else if (!(await companyExists(input.companyUuid))) fields.push({ field: 'companyUuid', message: 'is not the uuid of a company' });
    else out.companyUuid = input.companyUuid.toLowerCase();
  } else if (creating) fields.push({ field: 'companyUuid', message: 'is required' });
  if (input.metadata !== undefined) {
    const metadata = input.metadata ?? {};
    if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES)
      fields.push({ field: 'metadata', message: `must be at most ${MAX_METADATA_BYTES} bytes as JSON` });
    else out.metadata = metadata;
  }
  if (fields.length) throw ReverseProxyException.invalid(fields);
  return out;
}
