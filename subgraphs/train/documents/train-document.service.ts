import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator } from '../../../shared/auth/roles.types';
import { renderTrainTicketDocument, type TrainTicketDocumentTicket } from '../../../shared/documents/train-ticket-document.renderer';
import type { TrainPorts } from '../train-ports.type';
import { formattedPrice } from '../pricing/train-pricing.calculator';
import type { TrainReservationRepository } from '../reservations/reservation.repository';
import type { JourneySelection, TrainReservation, TrainTicketRow } from '../reservations/reservation.types';
import type { StationService } from '../services/station.service';
import type { TrainIssuanceRepository } from '../issuance/train-issuance.repository';
import { TrainDocumentException } from './train-document.exception';
import { checkTrainDocumentSelector } from '../../../shared/api-contract/train-document.validator';

export interface TrainTicketDocumentFile {
  filename: string;
  contentType: string;
  /** The PDF, base64 (GraphQL carries no binary). */
  base64: string;
}

const TIME_ZONE = 'Africa/Dar_es_Salaam';
const CLASS_NAMES: Record<string, string> = { ECONOMY: 'Economy', BUSINESS: 'Business', ROYAL_CLASS: 'Royal class' };

/**
 * GET /api/trip/train/ticket/document/generate: renders a new PDF of issued SGR tickets on every call, for
 * the whole group (paymentReference) or one ticket (ticketId: our uuid or the provider's ticket number).
 * Reads only: it neither issues nor sends anything.
 */
export class TrainDocumentService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'config'>,
    private readonly reservations: TrainReservationRepository,
    private readonly issuances: TrainIssuanceRepository,
    private readonly stations: StationService,
  ) {}

  async generate(principal: Principal, selector: { paymentReference?: string | null; ticketId?: string | null }): Promise<TrainTicketDocumentFile> {
    const checked = checkTrainDocumentSelector(selector);
    if ('problems' in checked) throw TrainDocumentException.invalid(checked.problems);
    const { paymentReference, ticketId } = checked.selector;

    let reservation: TrainReservation | null;
    let tickets: TrainTicketRow[];
    if (paymentReference) {
      reservation = await this.reservations.byPaymentReference(paymentReference);
      if (!reservation) throw TrainDocumentException.notFound(paymentReference);
      this.checkOwner(principal, reservation);
      tickets = await this.reservations.ticketsOf(reservation.id);
      if (reservation.status !== 'ISSUED') throw TrainDocumentException.notIssued(reservation.status);
    } else {
      const row = await this.reservations.ticketByUuidOrNumber(ticketId!);
      reservation = row ? await this.reservations.byId(row.reservation_id) : null;
      if (!reservation) throw TrainDocumentException.notFound(ticketId!);
      this.checkOwner(principal, reservation);
      tickets = (await this.reservations.ticketsOf(reservation.id)).filter((t) => t.trainTicketUuid === row?.train_ticket_uuid);
    }
    if (tickets.length === 0) throw TrainDocumentException.notFound((paymentReference ?? ticketId)!);
    const unissued = tickets.find((t) => t.status !== 'ISSUED');
    if (unissued) throw TrainDocumentException.notIssued(unissued.status);

    const issuance = await this.issuances.byReservation(reservation.id);
    const pdf = await renderTrainTickets(reservation, tickets, {
      stations: this.stations,
      issuedAt: issuance?.issuedAt ?? tickets[0].updatedAt,
      ownerPassword: this.ports.config.ticketPdfOwnerPassword,
    });
    const name = paymentReference ? reservation.paymentReference : tickets[0].ticketNumber;
    return { filename: trainTicketFilename(name), contentType: 'application/pdf', base64: pdf.toString('base64') };
  }

  private checkOwner(principal: Principal, r: TrainReservation): void {
    if (r.accountId !== principal.accountId && !isAdministrator(principal.role)) throw TrainDocumentException.notOwner();
  }
}

export interface RenderTrainTicketsOptions {
  stations: StationService;
  /** When the tickets were issued (the issuance record, else the tickets' last change). */
  issuedAt: Date;
  /** config.train.ticketPdfOwnerPassword: the PDF opens freely but is locked against editing. */
  ownerPassword?: string;
}

/**
 * One PDF of the given tickets of a reservation, one page per ticket, in the order given. Shared by the
 * download endpoint and the ticket notification attachments, so both show exactly the same document.
 */
export function renderTrainTickets(reservation: TrainReservation, tickets: TrainTicketRow[], options: RenderTrainTicketsOptions): Promise<Buffer> {
  return renderTrainTicketDocument(
    {
      bookingReference: reservation.pnr ?? reservation.paymentReference,
      issuedAt: formatInstant(options.issuedAt, reservation.language),
      language: reservation.language,
      tickets: tickets.map((t) => ticketView(reservation, t, options.stations)),
    },
    { ownerPassword: options.ownerPassword },
  );
}

/** `sgr-ticket-<name>.pdf` with anything unsafe in a file name replaced by `_`. */
export function trainTicketFilename(name: string): string {
  return `sgr-ticket-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;
}

function ticketView(r: TrainReservation, t: TrainTicketRow, stations: StationService): TrainTicketDocumentTicket {
  const journey: JourneySelection = t.journey === 'RETURN' && r.returnJourney ? r.returnJourney : r.outbound;
  const station = (stopId: string) => stations.byStopId(stopId)?.stopName ?? stopId;
  return {
    passengerName: t.passengerName,
    ticketNumber: t.ticketNumber,
    train: `SGR ${journey.trainNumber}`,
    from: station(t.fromStopId),
    to: station(t.toStopId),
    departure: formatLocal(journey.departure, r.language),
    arrival: formatLocal(journey.arrival, r.language),
    // The car's number in the train, as printed on the coach (the provider's car id is not); unknown for tickets reserved before it was kept.
    car: t.carNumber === null ? '—' : String(t.carNumber),
    carClass: CLASS_NAMES[t.carClass] ?? t.carClass,
    seat: t.seatLabel,
    price: formattedPrice(t.priceTotal, t.priceCurrency),
    direction: r.returnJourney ? t.journey : null,
  };
}

/** Provider times are already local (East Africa Time): only reformatted. */
function formatLocal(at: { date: string; time: string }, language: 'en' | 'sw'): string {
  const [y, m, d] = at.date.split('-').map(Number);
  const day = new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return `${day}, ${at.time.slice(0, 5)}`;
}

function formatInstant(at: Date, language: 'en' | 'sw'): string {
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(at);
}
