import type { DataSource } from 'typeorm';
import { AccountRepository } from '../../../shared/auth/account.repository';
import { ACCOUNT_NOTIFICATION_KIND, type NotificationBooking, type NotificationBookingSource } from '../../../shared/notifications/notification.types';

/**
 * Account-creation messages: the "booking" is the account itself and its holder the only
 * recipient. The log's booking reference is the account id, never the address.
 */
export function accountNotificationSource(dataSource: DataSource): NotificationBookingSource {
  const accounts = new AccountRepository(dataSource);
  return {
    kind: ACCOUNT_NOTIFICATION_KIND,
    // The welcome message is asked for once, in the transaction that creates the account: nothing can ask again.
    finishedBookings: async (accountIds) => new Set(accountIds),
    async load(accountId: string): Promise<NotificationBooking | null> {
      const account = await accounts.contactOf(accountId);
      if (!account) return null;
      return {
        kind: ACCOUNT_NOTIFICATION_KIND,
        id: account.id,
        reference: account.id,
        // The holder is told about their own account: no third party's customer is involved.
        bookingUserType: 'CUSTOMER',
        state: 'ISSUED',
        paymentDeadline: null,
        preferences: {},
        language: 'en',
        recipients: [{ key: 'holder', role: 'ACCOUNT_HOLDER', name: account.fullName, email: account.email }],
        journey: [],
      };
    },
  };
}
