import { startTestStack } from '../support/test-platform';
import { nextMonthDay, reserveSeats, SelectedTrain, selectExpressTrain } from '../support/train-trip';
import { FlightClient } from '../support/flight-client';
import type { ErrorAnswer, RestTrainIssuance } from '../support/rest-bodies';
import { waitFor } from '../support/wait';
import { acceptsUserPassword, encryptEntries, openedText, imageCount, pageCount, permissions } from '../../shared/documents/pdf-inspection.reader';

const travelDate = () => nextMonthDay(6);

const DATE = travelDate();
const PATH = '/api/trip/train/ticket/document/generate';

/** GET /api/trip/train/ticket/document/generate end to end: agent reserve, issue, then download. */
describe('train ticket document (REST)', () => {
  let env: Awaited<ReturnType<typeof startTestStack>>;
  let agent: FlightClient;
  let otherAgent: FlightClient;
  let customer: FlightClient;
  let admin: FlightClient;
  let trip: SelectedTrain;
  let cursor = 0;
  let issued: { paymentReference: string; id: string };
  let tickets: Array<{
    train_ticket_uuid: string;
    ticket_number: string;
    passenger_name: string;
    seat_label: string;
    status: string;
    car_id: number;
    car_number: number;
  }>;
  const sql = <Row = Record<string, unknown>>(q: string, params: unknown[] = []) => env.stack.platform.dataSource.query<Row[]>(q, params);

  /** The download; `json` is the error answer when the body is JSON. */
  async function download(
    client: FlightClient,
    query: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; pdf: Buffer; json: ErrorAnswer | null }> {
    const res = await fetch(`${env.baseUrl}${PATH}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${client.token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : null;
    return { status: res.status, headers: res.headers, pdf: bytes, json };
  }

  /** search → details → hold → reserve, one seat per passenger. */
  async function reserve(client: FlightClient, names: string[]): Promise<{ paymentReference: string; id: string }> {
    const { paymentReference } = await reserveSeats(
      client,
      trip,
      names.map(() => trip.seats[cursor++]),
      names.map((passengerName) => ({ passengerName })),
    );
    const [row] = await sql<{ id: string }>('SELECT id FROM train_reservation WHERE payment_reference = ?', [paymentReference]);
    return { paymentReference, id: row.id };
  }

  beforeAll(async () => {
    env = await startTestStack({ SGR_MAX_ACTIVE_HOLDS: '60', SGR_TICKET_PDF_OWNER_PASSWORD: 'document-owner-secret' });
    agent = await FlightClient.create(env.baseUrl, env.stack.platform, 'agent@document.test', 'THIRD_PARTY_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    otherAgent = await FlightClient.create(env.baseUrl, env.stack.platform, 'other@document.test', 'SERVICE_AGENT', {
      currency: 'TZS',
      openingBalance: '1000000',
    });
    customer = await FlightClient.create(env.baseUrl, env.stack.platform, 'customer@document.test', 'CUSTOMER');
    admin = await FlightClient.create(env.baseUrl, env.stack.platform, 'admin@document.test', 'ADMIN');
    trip = await selectExpressTrain(agent, DATE);

    issued = await reserve(agent, ['Asha Mwinyi', 'Baraka Juma']);
    expect((await agent.call('POST', `/api/trip/train/ticket/${issued.paymentReference}/issue`, {})).status).toBe(202);
    await waitFor(
      () => agent.call<RestTrainIssuance>('GET', `/api/trip/train/ticket/${issued.paymentReference}/issuance`),
      (r) => r.status === 200 && r.body.issuance.status !== 'ISSUING',
      30_000,
    );
    tickets = await sql<(typeof tickets)[number]>(
      'SELECT train_ticket_uuid, ticket_number, passenger_name, seat_label, status, car_id, car_number FROM train_ticket WHERE reservation_id = ? ORDER BY passenger_index',
      [issued.id],
    );
    expect(tickets.map((t) => t.status)).toEqual(['ISSUED', 'ISSUED']);
  });
  afterAll(async () => {
    await env.close();
  });

  it('by paymentReference: an encrypted application/pdf with one page and one QR image per passenger', async () => {
    const res = await download(agent, { paymentReference: issued.paymentReference });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="sgr-ticket-${issued.paymentReference}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Number(res.headers.get('content-length'))).toBe(res.pdf.length);
    expect(res.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = res.pdf.toString('latin1');
    expect(raw).toContain('/Encrypt');
    expect(raw).not.toContain('Asha Mwinyi');
    expect(pageCount(res.pdf)).toBe(2);
    expect(imageCount(res.pdf)).toBe(2);
    // Opened as a reader would, without a password: the layout's text is there.
    const text = openedText(res.pdf);
    const [{ pnr }] = await sql('SELECT pnr FROM train_reservation WHERE id = ?', [issued.id]);
    for (const shown of [
      'Asha Mwinyi',
      'Baraka Juma',
      pnr,
      tickets[0].ticket_number,
      tickets[1].ticket_number,
      'Dar es Salaam',
      'Dodoma',
      tickets[0].seat_label,
    ]) {
      expect(text).toContain(shown);
    }
    // The car as printed on the coach (its number in the train), not the provider's internal car id.
    expect(tickets[0].car_number).toBeGreaterThan(0);
    expect(text).not.toContain(String(tickets[0].car_id));
  });

  it('opens without a password, allows printing and copying, locks editing, annotation, forms and assembly', async () => {
    const { pdf } = await download(agent, { paymentReference: issued.paymentReference });
    const e = encryptEntries(pdf);
    expect(acceptsUserPassword(e, '')).toBe(true);
    expect(acceptsUserPassword(e, 'document-owner-secret')).toBe(false);
    expect(permissions(e)).toEqual({
      print: true,
      highResPrint: true,
      copy: true,
      accessibility: true,
      modify: false,
      annotate: false,
      fillForms: false,
      assemble: false,
    });
  });

  it('renders a new PDF on every request', async () => {
    const a = await download(agent, { ticketId: tickets[0].train_ticket_uuid });
    await new Promise((r) => setTimeout(r, 5));
    const b = await download(agent, { ticketId: tickets[0].train_ticket_uuid });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.pdf.equals(b.pdf)).toBe(false);
    expect(encryptEntries(a.pdf).id.equals(encryptEntries(b.pdf).id)).toBe(false);
  });

  it('by ticketId, the uuid or the provider ticket number: that passenger only', async () => {
    for (const ticketId of [tickets[1].train_ticket_uuid, tickets[1].ticket_number]) {
      const res = await download(agent, { ticketId });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(`sgr-ticket-${tickets[1].ticket_number.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`);
      expect(pageCount(res.pdf)).toBe(1);
      expect(imageCount(res.pdf)).toBe(1);
    }
  });

  it('an administrator may download any issued ticket; another agent or a customer gets 403', async () => {
    expect((await download(admin, { paymentReference: issued.paymentReference })).status).toBe(200);
    expect((await download(admin, { ticketId: tickets[0].ticket_number })).status).toBe(200);
    for (const client of [otherAgent, customer]) {
      const byRef = await download(client, { paymentReference: issued.paymentReference });
      expect(byRef.status).toBe(403);
      expect(byRef.json!.errorCode).toBe('FORBIDDEN');
      expect((await download(client, { ticketId: tickets[0].train_ticket_uuid })).status).toBe(403);
    }
  });

  it('400 without or with both selectors, 404 unknown, 401 without a token', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { paymentReference: issued.paymentReference, ticketId: tickets[0].train_ticket_uuid },
      { paymentReference: ' ' },
    ];
    for (const query of queries) {
      const res = await download(agent, query);
      expect(res.status).toBe(400);
      expect(res.json!.errorCode).toBe('BAD_REQUEST');
    }
    const unknownRef = await download(agent, { paymentReference: 'SGRPNOSUCHREF22' });
    expect(unknownRef.status).toBe(404);
    expect(unknownRef.json!.errorCode).toBe('SGR_TICKET_NOT_FOUND');
    expect((await download(agent, { ticketId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await fetch(`${env.baseUrl}${PATH}?paymentReference=${issued.paymentReference}`)).status).toBe(401);
  });

  it('409 SGR_TICKET_NOT_ISSUED while the reservation is not issued, by reference and by ticket', async () => {
    const pending = await reserve(agent, ['Chausiku Ali']);
    const res = await download(agent, { paymentReference: pending.paymentReference });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ errorCode: 'SGR_TICKET_NOT_ISSUED', data: { status: 'RESERVED' } });
    const [ticket] = await sql<{ ticket_number: string }>('SELECT ticket_number FROM train_ticket WHERE reservation_id = ?', [pending.id]);
    if (ticket) expect((await download(agent, { ticketId: ticket.ticket_number })).status).toBe(409);
    // Someone else learns nothing about its state.
    expect((await download(otherAgent, { paymentReference: pending.paymentReference })).status).toBe(403);
  });
});
