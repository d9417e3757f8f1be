import { Args, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph.server';
import { Role } from '../../../shared/auth/roles.types';
import { PlatformException } from '../../../shared/errors/app-error.exception';
import { LogPosition, MAX_LOG_OFFSET, NotificationLogService } from '../../../shared/notifications/notification-log.service';
import { NotificationLogArgs, NotificationLogEntry, NotificationLogPage } from './notification-log.type';

@Resolver(() => NotificationLogEntry)
export class NotificationLogResolver {
  constructor(private readonly log: NotificationLogService) {}

  @Query(() => NotificationLogPage, {
    description: 'Customer notifications, newest first, one entry per channel and recipient. ADMIN or SUDO only.',
  })
  async notificationLog(@Args() args: NotificationLogArgs, @Ctx() { req }: GraphQLContext): Promise<NotificationLogPage> {
    await req.requireRole(Role.ADMIN, Role.SUDO);
    if (!Number.isInteger(args.limit) || args.limit < 1 || args.limit > 200) {
      throw PlatformException.badRequest('limit must be from 1 to 200', { field: 'limit' });
    }
    if (args.offset < 0 || args.offset > MAX_LOG_OFFSET) {
      throw PlatformException.badRequest(`offset must be from 0 to ${MAX_LOG_OFFSET}: deeper pages follow nextCursor`, { field: 'offset' });
    }
    let offset = args.offset;
    let after: LogPosition | null = null;
    if (args.after != null) {
      if (offset !== 0) throw PlatformException.badRequest('give either after or offset, not both', { field: 'after' });
      const cursor = decodeCursor(args.after);
      if (typeof cursor === 'number') offset = Math.min(cursor, MAX_LOG_OFFSET);
      else after = cursor;
    }
    const { records, next } = await this.log.find({ ...args, offset, after });
    const page = Object.assign(new NotificationLogPage(), { entries: records, nextCursor: next ? encodeCursor(next) : null });
    return withCount(page, () => this.log.count(args));
  }
}

/** What a page keeps to count its filter's entries once, when (and only when) total or totalIsExact is asked for. */
const COUNT = Symbol('count');
type CountedPage = NotificationLogPage & { [COUNT]: () => Promise<{ total: number; totalIsExact: boolean }> };

function withCount(page: NotificationLogPage, count: () => Promise<{ total: number; totalIsExact: boolean }>): NotificationLogPage {
  let counted: Promise<{ total: number; totalIsExact: boolean }> | undefined;
  return Object.assign(page, { [COUNT]: () => (counted ??= count()) });
}

/** A page's total: counted (up to 1,000 entries, through the page's index) only by queries that select it. */
@Resolver(() => NotificationLogPage)
export class NotificationLogPageResolver {
  @FieldResolver(() => Int)
  async total(@Root() page: CountedPage): Promise<number> {
    return (await page[COUNT]()).total;
  }

  @FieldResolver(() => Boolean)
  async totalIsExact(@Root() page: CountedPage): Promise<boolean> {
    return (await page[COUNT]()).totalIsExact;
  }
}

/** The notification log cursor: opaque base64url text naming the last entry of a page (its time, request and delivery). */
export function encodeCursor(position: LogPosition): string {
  return Buffer.from(`k:${position.at.getTime()}:${position.notificationId}:${position.deliveryId}`).toString('base64url');
}

/** A cursor this query answered: a position, or (cursors written before keyset pages) the number of entries to skip. */
export function decodeCursor(cursor: string): LogPosition | number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const offset = /^o:(\d{1,9})$/.exec(text);
  if (offset) return Number(offset[1]);
  const key = /^k:(\d{1,15}):([0-9a-f-]{36}):([0-9a-f-]{36})?$/.exec(text);
  if (!key) throw PlatformException.badRequest('after is not a cursor this query answered', { field: 'after' });
  return { at: new Date(Number(key[1])), notificationId: key[2], deliveryId: key[3] ?? '' };
}
