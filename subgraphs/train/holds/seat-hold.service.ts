import { randomUUID } from 'node:crypto';
import type { TrainPorts } from '../train-ports.type';
import type { Principal } from '../../../shared/auth/token.service';
import { AppError } from '../../../shared/errors/app-error.exception';
import { RailProvider, RailProviderError } from '../provider/rail-provider.port';
import { decodeTrainSetId } from '../search/dated-trainset.codec';
import type { SeatHoldRepository } from './seat-hold.repository';
import type { AccountDirectory } from '../../../shared/auth/account-directory.port';
import {
  checkTrainHoldKey,
  checkTrainSeatHold,
  type TrainSeatHoldInput,
  type TrainSeatHoldRequest,
} from '../../../shared/api-contract/train-seat-hold.validator';

export class SeatHoldException extends AppError {
  static invalid(fields: Array<{ field: string; message: string }>): SeatHoldException {
    return new SeatHoldException('BAD_REQUEST', 400, `Invalid hold request: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, { fields });
  }
  static seatTaken(seatId: number, name: string): SeatHoldException {
    return new SeatHoldException('SEAT_ALREADY_BOOKED', 400, `Seat ${name} is no longer available: choose another seat`, undefined, { name, seatId });
  }
  static tripNotFound(): SeatHoldException {
    return new SeatHoldException('SGR_TRIP_NOT_FOUND', 404, 'No such train on that date between these stations; search again');
  }
  static rejected(code: string, message: string): SeatHoldException {
    return new SeatHoldException(code, 400, message);
  }
  static limitReached(limit: number): SeatHoldException {
    return new SeatHoldException('SGR_HOLD_LIMIT_REACHED', 429, `An account may hold at most ${limit} seats at once; release or reserve some first`, { limit });
  }
  static notFound(): SeatHoldException {
    return new SeatHoldException('SGR_HOLD_NOT_FOUND', 404, 'No hold with this key for your account');
  }
  static unavailable(): SeatHoldException {
    return new SeatHoldException('SGR_PROVIDER_UNAVAILABLE', 503, 'The SGR booking system is temporarily unavailable; retry shortly', { retryable: true });
  }
}

/** A hold request as GraphQL gives it (TrainSeatHoldInput). */
export type HoldRequest = TrainSeatHoldInput;

export interface HoldView {
  key: string;
  status: 'HELD' | 'RELEASED';
  expiresAt: string | null;
}

/** A slot taken for a hold whose provider call never came back is free again after this. */
const PENDING_SLOT_MS = 60_000;

/**
 * Seat holds: the provider holds the seat on every segment between the two stations; we keep
 * whose hold it is (only its owner may release or use it) and cap how many one account keeps.
 * The cap is checked under a lock on the account, so parallel holds cannot slip past it.
 * Our key is the provider's hold key, so a hold we lost track of can still be released.
 */
export class SeatHoldService {
  constructor(
    private readonly ports: Pick<TrainPorts, 'clock' | 'transactor' | 'config'>,
    private readonly provider: RailProvider,
    private readonly holds: SeatHoldRepository,
    private readonly accounts: AccountDirectory,
  ) {}

  async hold(principal: Principal, request: HoldRequest): Promise<HoldView> {
    const checked = checkTrainSeatHold(request);
    if ('problems' in checked) throw SeatHoldException.invalid(checked.problems);
    const input = checked.hold;
    const dated = decodeTrainSetId(input.timeTableTrainSetId);
    if (!dated) throw SeatHoldException.tripNotFound();
    const key = `SGRH-${randomUUID()}`;
    await this.reserveSlot(principal.accountId, key, input, dated.date);
    // The provider is called outside any transaction of ours: holding a pooled connection while
    // the provider (here the simulator, on the same pool) needs one would starve the pool.
    let held;
    try {
      held = await this.provider.holdSeat({
        timeTableTrainSetId: dated.providerId,
        date: dated.date,
        fromPartnerId: input.departureStopPartnerId,
        toPartnerId: input.arrivalStopPartnerId,
        carId: input.carId,
        seatId: input.seat,
        luggageId: input.luggageId,
        holdKey: key,
      });
    } catch (error) {
      await this.holds.dropPendingSlot(key);
      throw toHoldError(error);
    }
    await this.holds.markHeld(key, new Date(held.expiresAt));
    return { key: held.key, status: 'HELD', expiresAt: held.expiresAt };
  }

  /**
   * Takes one of the account's hold slots (a PENDING row) under a lock on the account row, so
   * parallel holds cannot slip past the cap; a slot left by a crash lapses after a minute.
   */
  private async reserveSlot(accountId: string, key: string, input: TrainSeatHoldRequest, date: string): Promise<void> {
    const { maxActiveHoldsPerAccount } = this.ports.config;
    const now = this.ports.clock.now();
    const slot = {
      key,
      accountId,
      timeTableTrainSetId: input.timeTableTrainSetId,
      travelDate: date,
      carId: input.carId,
      seatId: input.seat,
      fromPartnerId: input.departureStopPartnerId,
      toPartnerId: input.arrivalStopPartnerId,
      luggageId: input.luggageId,
    };
    const taken = await this.ports.transactor.transaction(async (m) => {
      // Holds of one account queue on its row: parallel holds cannot slip past the cap.
      await this.accounts.lockAccount(m, accountId);
      return this.holds.takeSlot(m, slot, now, new Date(now.getTime() + PENDING_SLOT_MS), maxActiveHoldsPerAccount);
    });
    if (!taken) {
      throw SeatHoldException.limitReached(maxActiveHoldsPerAccount);
    }
  }

  async release(principal: Principal, key: string | null | undefined): Promise<HoldView> {
    const checked = checkTrainHoldKey(key);
    if ('problems' in checked) throw SeatHoldException.invalid(checked.problems);
    const row = await this.holds.ownedBy(checked.key, principal.accountId);
    if (!row) throw SeatHoldException.notFound();
    if (row.status !== 'RELEASED') {
      try {
        await this.provider.releaseHold(row.hold_key);
      } catch (error) {
        if (!(error instanceof RailProviderError && error.code === 'HOLD_NOT_FOUND')) throw toHoldError(error);
      }
      const now = this.ports.clock.now();
      await this.holds.markReleased(row.hold_key, now);
    }
    return { key: row.hold_key, status: 'RELEASED', expiresAt: null };
  }
}

function toHoldError(error: unknown): unknown {
  if (!(error instanceof RailProviderError)) return error;
  switch (error.code) {
    case 'SEAT_ALREADY_BOOKED':
      return SeatHoldException.seatTaken(error.details?.seatId ?? 0, error.details?.seatName ?? String(error.details?.seatId ?? ''));
    case 'TRIP_NOT_FOUND':
      return SeatHoldException.tripNotFound();
    case 'PROVIDER_REJECTED':
      return SeatHoldException.rejected(error.providerCode ?? 'SGR_PROVIDER_REJECTED', error.message);
    default:
      return SeatHoldException.unavailable();
  }
}
