import type { Transactor } from '../../../shared/database/transactor.port';
import type { Principal } from '../../../shared/auth/token.service';
import { isAdministrator } from '../../../shared/auth/roles.types';
import { FlightException } from '../errors/flight.exception';
import { checkTicketId } from '../../../shared/api-contract/flight-issuance.validator';
import { problemsMessage } from '../../../shared/api-contract/flight-reservation.contract';
import { ReservationRepository } from './reservation.repository';
import { flightTicketView, FlightTicketView, ticketBuyer } from './reservation.view';
import type { AccountDirectory } from '../../../shared/auth/account-directory.port';

/** GET /api/flight/tickets: the rows of one ticketId (both itineraries of a return trip), owner or administrator only. */
export class TicketQueryService {
  constructor(
    private readonly transactor: Transactor,
    private readonly reservations: ReservationRepository,
    private readonly accounts: AccountDirectory,
  ) {}

  async tickets(principal: Principal, ticketId: string | null | undefined): Promise<FlightTicketView[]> {
    const checked = checkTicketId(ticketId);
    if ('problems' in checked) throw FlightException.invalidRequest(problemsMessage(checked.problems), checked.problems);
    const id = checked.ticketId;
    // One read snapshot (InnoDB REPEATABLE READ): an issuance committing between the two reads must not show the
    // reservation ISSUED beside tickets still EXPECTED.
    const { rows, r } = await this.transactor.transaction(async (m) => {
      const found = await this.reservations.ticketsByTicketId(id, m);
      return { rows: found, r: found.length ? await this.reservations.byId(found[0].reservationId, m) : null };
    });
    if (rows.length === 0 || !r) throw FlightException.reservationNotFound();
    // Someone else's ticket is answered as absent: its existence is not disclosed.
    if (r.accountId !== principal.accountId && !isAdministrator(principal.role)) throw FlightException.reservationNotFound();
    const buyer = ticketBuyer(await this.accounts.contactOf(r.accountId));
    return rows.map((t) => flightTicketView(r, t, buyer));
  }
}
