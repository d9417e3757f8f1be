import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../gateway/rest/openapi-document.builder';
import { REST_ROUTES } from '../../gateway/rest/routes';

/*
 * Jest loads this before every test file (package.json jest.setupFilesAfterEnv). It wraps the global
 * fetch, so every REST answer any test receives from the gateway is checked against the OpenAPI
 * document generated from the route table: an answer that does not match rejects the test's fetch
 * with what differs. No test can forget it, and no test needs to ask for it.
 */

const DOCUMENT_ID = 'https://safiri.invalid/openapi.json';

interface Operation {
  pattern: RegExp;
  path: string;
  method: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface Contract {
  ajv: Ajv2020;
  operations: Operation[];
  validators: Map<string, ValidateFunction>;
}

let contract: Contract | undefined;

function load(): Contract {
  const document = buildOpenApiDocument(REST_ROUTES) as { paths: Record<string, Record<string, Operation['responses'] | unknown>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, op] of Object.entries(item)) {
      operations.push({ pattern, path, method, responses: (op as { responses: Operation['responses'] }).responses });
    }
  }
  return { ajv, operations, validators: new Map() };
}

const pointer = (...steps: string[]) => steps.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function validator(c: Contract, op: Operation, status: string, mediaType: string): ValidateFunction {
  const key = `${op.method} ${op.path} ${status} ${mediaType}`;
  let validate = c.validators.get(key);
  if (!validate) {
    validate = c.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer('paths', op.path, op.method, 'responses', status, 'content', mediaType, 'schema')}` });
    c.validators.set(key, validate);
  }
  return validate;
}

function isGateway(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '::1' || url.hostname === '[::1]';
}

/** Throws when a gateway answer does not match the document; returns silently for paths it does not describe. */
export async function checkAgainstContract(method: string, url: URL, response: Response): Promise<void> {
  if (!isGateway(url)) return;
  contract ??= load();
  const opMethod = method === 'HEAD' ? 'get' : method.toLowerCase();
  const op = contract.operations.find((o) => o.method === opMethod && o.pattern.test(url.pathname));
  if (!op) return;
  const where = `${method} ${url.pathname} → ${response.status}`;
  if (response.status === 304) return;
  const status = String(response.status);
  const documented = op.responses[status] ? status : op.responses.default ? 'default' : undefined;
  if (!documented) throw new Error(`REST contract: ${where} is not a documented status of ${op.method.toUpperCase()} ${op.path}`);
  const content = op.responses[documented].content;
  const text = method === 'HEAD' ? '' : await response.clone().text();
  if (!content) {
    if (text.length) throw new Error(`REST contract: ${where} has a body where the document declares none`);
    return;
  }
  if (method === 'HEAD') return;
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  if (!(contentType in content))
    throw new Error(`REST contract: ${where} answered ${contentType || 'no content-type'}; the document declares ${Object.keys(content).join(', ')}`);
  if (contentType !== 'application/json') return;
  const body: unknown = JSON.parse(text);
  const validate = validator(contract, op, documented, contentType);
  if (!validate(body)) {
    const problems = problemsOf(validate).join('; ');
    throw new Error(`REST contract: ${where} does not match the document (${documented}): ${problems}. Body: ${text.slice(0, 600)}`);
  }
}

function problemsOf(validate: ValidateFunction): string[] {
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : ''}`);
}

/**
 * What a JSON body breaks of the document's answer `status` of `method documentPath` (e.g. 'POST', '/api/flight/cancel',
 * 200), with the hook's own validator: for an answer that reaches a client other than through fetch (a webhook event's data).
 */
export function responseProblems(method: string, documentPath: string, status: number, body: unknown): string[] {
  contract ??= load();
  const op = contract.operations.find((o) => o.method === method.toLowerCase() && o.path === documentPath);
  if (!op?.responses[String(status)]?.content?.['application/json']) throw new Error(`REST contract: ${method} ${documentPath} documents no JSON ${status}`);
  const validate = validator(contract, op, String(status), 'application/json');
  return validate(body) ? [] : problemsOf(validate);
}

/** What an event envelope breaks of its type's documented webhook request (openapi.json `webhooks`, OpenAPI 3.1). */
export function webhookProblems(type: string, envelope: unknown): string[] {
  contract ??= load();
  const key = `webhook ${type}`;
  let validate = contract.validators.get(key);
  if (!validate) {
    validate = contract.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer('webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema')}` });
    contract.validators.set(key, validate);
  }
  return validate(envelope) ? [] : problemsOf(validate);
}

const originalFetch = globalThis.fetch;

globalThis.fetch = async function contractCheckedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  await checkAgainstContract(method, url, response);
  return response;
};
