import { z } from 'zod';
import { AppError } from '../../shared/errors/app-error.exception';
import { inMemberOrder, type RouteContract, validateUncarried } from './rest.contract';
import { checkInput } from './rest-input.validator';

const contract = (extra: Partial<RouteContract>): RouteContract => ({ summary: 's', tag: 'Platform', responses: {}, errors: {}, ...extra });
const request = (body: unknown, query = '') => ({ params: {}, query: new URLSearchParams(query), body, headers: {} });
const refusal = (run: () => void): AppError => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

describe('checkInput: a route schema decides the 400', () => {
  const body = z.object({ ticketId: z.string(), passengers: z.array(z.object({ firstName: z.string().max(30) })).max(9) });

  it('lets a valid request through untouched', () => {
    expect(() => checkInput(contract({ body }), request({ ticketId: 'T1', passengers: [{ firstName: 'Asha' }], extra: true }))).not.toThrow();
  });

  it('lists every problem in data.fields with the field written as the client wrote it', () => {
    const error = refusal(() => checkInput(contract({ body }), request({ passengers: [{ firstName: 'A'.repeat(31) }, { firstName: 7 }] })));
    expect(error.toBody()).toMatchObject({ errorCode: 'BAD_REQUEST', status: 400, error: {}, data: { field: 'ticketId' } });
    expect(error.data?.fields).toEqual([
      { field: 'ticketId', message: 'is required (string)' },
      { field: 'passengers[0].firstName', message: expect.stringMatching(/30/) },
      { field: 'passengers[1].firstName', message: 'must be a string' },
    ]);
  });

  it('checks the query too, and lets a route name its own code', () => {
    const query = z.object({ from: z.string(), to: z.string() });
    const own = contract({ query, invalidInput: (fields) => new AppError('FROM_STOP_ID_REQUIRED', 400, fields.map((f) => f.field).join(',')) });
    expect(refusal(() => checkInput(own, request(undefined, 'from=DAR'))).toBody()).toMatchObject({ errorCode: 'FROM_STOP_ID_REQUIRED', errorMessage: 'to' });
    expect(() => checkInput(own, request(undefined, 'from=DAR&to=MOR&from=x'))).not.toThrow();
  });

  it("runs a module's validator in place of the schema of the input it checks: the body by default, or the query", () => {
    const query = z.object({ from: z.string() });
    const body = z.object({ ticketId: z.string() });
    const validate = () => [{ field: 'from', message: 'is required' }];
    const onQuery = refusal(() => checkInput(contract({ query, body, validate, validates: 'query' }), request({})));
    expect(onQuery.data?.fields).toEqual([
      { field: 'from', message: 'is required' },
      { field: 'ticketId', message: 'is required (string)' },
    ]);
    const onBody = refusal(() => checkInput(contract({ query, body, validate }), request({})));
    expect(onBody.data?.fields).toEqual([
      { field: 'from', message: 'is required (string)' },
      { field: 'from', message: 'is required' },
    ]);
  });

  it("runs a module's validator in place of the path's schema, before the body's schema", () => {
    const params = z.object({ paymentReference: z.string().max(3) });
    const body = z.object({ callbackUrl: z.string() });
    const validate = () => [{ field: 'paymentReference', message: 'must be at most 64 characters' }];
    const onPath = refusal(() =>
      checkInput(contract({ params, body, validate, validates: 'params' }), { ...request({ callbackUrl: 7 }), params: { paymentReference: 'SGRP1' } }),
    );
    expect(onPath.data?.fields).toEqual([
      { field: 'paymentReference', message: 'must be at most 64 characters' },
      { field: 'callbackUrl', message: 'must be a string' },
    ]);
  });
});

describe('validateUncarried: what GraphQL can carry is left to the subgraph', () => {
  const schema = z.object({ ticketId: z.string(), seats: z.number().int().nullish(), note: z.string().nullish() });
  const check = ({ body }: { body: unknown }) => {
    const { ticketId, seats } = body as { ticketId?: unknown; seats?: unknown };
    return [
      ...(typeof ticketId === 'string' && ticketId ? [] : [{ field: 'ticketId', message: 'is required' }]),
      ...(seats === undefined || (typeof seats === 'number' && seats <= 9) ? [] : [{ field: 'seats', message: 'must be a whole number up to 9' }]),
    ];
  };
  const validate = validateUncarried(schema, check);

  it("answers nothing for a body GraphQL carries, whatever its values: the subgraph's validator answers those", () => {
    expect(validate(request({ ticketId: '', seats: 12 }))).toEqual([]);
  });

  it("answers an uncarried body with the validator's words, then the schema's for members the validator leaves alone", () => {
    expect(validate(request({ seats: 'two', note: 5 }))).toEqual([
      { field: 'ticketId', message: 'is required' },
      { field: 'seats', message: 'must be a whole number up to 9' },
      { field: 'note', message: 'must be a string' },
    ]);
  });
});

describe('inMemberOrder: the problems by the members they name', () => {
  const schema = z.object({ pnr: z.string().nullish(), channels: z.array(z.string()).nullish(), messageType: z.string().nullish() });
  const validate = () => [
    { field: 'selector', message: 'give exactly one' },
    { field: 'messageType', message: 'is unknown' },
    { field: 'channels[1]', message: 'is unknown' },
    { field: 'channels[0]', message: 'is unknown' },
  ];

  it("lists them in the members' documented order, each member's in the validator's order, a problem of no member last", () => {
    expect(inMemberOrder(schema, validate)(request({})).map((p) => p.field)).toEqual(['channels[1]', 'channels[0]', 'messageType', 'selector']);
  });
});
