import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../shared/http/subgraph-server';
import { Role } from '../../../shared/auth/roles';
import { PlatformException } from '../../../shared/errors/app-error';
import type { NotificationLogService } from '../../../shared/notifications/notification-log.service';
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
    if (args.offset < 0) throw PlatformException.badRequest('offset must not be negative', { field: 'offset' });
    let offset = args.offset;
    if (args.after != null) {
      if (offset !== 0) throw PlatformException.badRequest('give either after or offset, not both', { field: 'after' });
      offset = decodeCursor(args.after);
    }
    const { total, records } = await this.log.find({ ...args, offset });
    const next = offset + records.length;
    return { total, entries: records, nextCursor: records.length > 0 && next < total ? encodeCursor(next) : null };
  }
}

/** The notification log cursor: an opaque base64url text standing for a position in the filtered list. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw PlatformException.badRequest('after is not a cursor this query answered', { field: 'after' });
  return Number(match[1]);
}
