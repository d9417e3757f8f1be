import { FieldProblem, ReverseProxyException } from '../../../shared/api-contract/reverse-proxy.exception';
import { REVERSE_PROXY_DOMAIN_MAX_LENGTH, REVERSE_PROXY_METADATA_MAX_BYTES } from '../../../shared/api-contract/reverse-proxy.contract';
import { DomainName, parseDomainName } from './domain-name.validator';

/*
 * The create and update bodies of a reverse-proxy configuration, checked field by field before anything is read. The
 * one check of these values: the REST routes check only JSON types and answer this error as it is, so a REST and a
 * GraphQL client get the same fields in the same words, and an account that is not an administrator gets its 403
 * first on both.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOMAIN_TOO_LONG = 'must be a host name of at most 253 characters';

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

/** The domain naming an existing configuration (a path segment, a GraphQL argument): no longer than any host name. */
function namedDomainProblems(domain: string): FieldProblem[] {
  return domain.length > REVERSE_PROXY_DOMAIN_MAX_LENGTH ? [{ field: 'domain', message: DOMAIN_TOO_LONG }] : [];
}

/** Refuses a domain no configuration can have (longer than any host name) with the 400 naming it, before anything is read. */
export function assertNamedDomain(domain: string): void {
  const fields = namedDomainProblems(domain);
  if (fields.length) throw ReverseProxyException.invalid(fields);
}

/**
 * One 400 lists every bad field. `updating` is the domain of the configuration an update changes (listed first when
 * it is no host name), null on create, where domain and companyUuid are required; a company must exist.
 */
export async function validateConfigInput(
  input: ConfigInput,
  updating: string | null,
  companyExists: (uuid: string) => Promise<boolean>,
): Promise<ValidConfigInput> {
  const creating = updating === null;
  const fields: FieldProblem[] = creating ? [] : namedDomainProblems(updating);
  const out: ValidConfigInput = {};
  if (input.domain !== undefined) {
    const parsed = input.domain.length > REVERSE_PROXY_DOMAIN_MAX_LENGTH ? { problem: DOMAIN_TOO_LONG } : parseDomainName(input.domain);
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
    if (Buffer.byteLength(JSON.stringify(metadata)) > REVERSE_PROXY_METADATA_MAX_BYTES)
      fields.push({ field: 'metadata', message: `must be at most ${REVERSE_PROXY_METADATA_MAX_BYTES} bytes as JSON` });
    else out.metadata = metadata;
  }
  if (fields.length) throw ReverseProxyException.invalid(fields);
  return out;
}
