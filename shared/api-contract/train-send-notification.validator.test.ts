import { checkTrainSendNotification } from './train-send-notification.validator';

const fields = (input: Record<string, unknown>) => {
  const checked = checkTrainSendNotification(input);
  return 'problems' in checked ? checked.problems.map((p) => p.field) : [];
};

describe('the send-notification validator (REST and GraphQL alike)', () => {
  it('answers the selector trimmed, the channels each once in request order, and the message (legacy emailType in any case)', () => {
    expect(checkTrainSendNotification({ pnr: ' ABC123 ', notificationChannels: ['WHATSAPP', 'EMAIL', 'WHATSAPP'], emailType: 'reservation' })).toEqual({
      request: { selector: { field: 'pnr', value: 'ABC123' }, channels: ['WHATSAPP', 'EMAIL'], messageType: 'TRAIN_TICKET_RESERVATION' },
    });
    expect(checkTrainSendNotification({ trainTicketUuids: ['3F2504E0-4F89-41D3-9A0C-0305E82C3301', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'] })).toEqual({
      request: { selector: { field: 'trainTicketUuids', value: ['3f2504e0-4f89-41d3-9a0c-0305e82c3301'] }, channels: ['EMAIL'], messageType: 'TRAIN_TICKET' },
    });
  });

  it('lists every problem at once: the selector first, then the channels, then the message type', () => {
    expect(fields({ notificationChannels: ['PUSH'], messageType: 'X' })).toEqual(['selector', 'notificationChannels[0]', 'messageType']);
    expect(fields({ ticketNumber: ' ', notificationChannels: [], emailType: 'INVOICE' })).toEqual(['ticketNumber', 'notificationChannels', 'emailType']);
  });

  it('names a member of the wrong JSON type instead of failing on it (REST reads bodies GraphQL could not carry)', () => {
    expect(checkTrainSendNotification({ pnr: 42 })).toEqual({ problems: [{ field: 'pnr', message: 'must be a string' }] });
    expect(fields({ trainTicketUuids: 'not-a-list' })).toEqual(['trainTicketUuids']);
    expect(fields({ pnr: 'A', notificationChannels: 'EMAIL', messageType: 7 })).toEqual(['notificationChannels', 'messageType']);
    expect(fields({ pnr: 'A', emailType: 7 })).toEqual(['emailType']);
  });
});
