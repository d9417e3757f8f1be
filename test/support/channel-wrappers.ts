import type { ChannelAdapter, OutgoingMessage, SendReceipt } from '../../shared/notifications/channels/channel.port';

/** A real adapter with one behaviour changed, for tests that need a crash or an SMTP-like channel. */
export function wrapChannel(
  inner: ChannelAdapter,
  change: { dedupesByKey?: boolean; afterSend?: (message: OutgoingMessage) => Promise<void> },
): ChannelAdapter {
  return {
    channel: inner.channel,
    provider: inner.provider,
    dedupesByKey: change.dedupesByKey ?? inner.dedupesByKey,
    async send(message: OutgoingMessage): Promise<SendReceipt> {
      const receipt = await inner.send(message);
      await change.afterSend?.(message);
      return receipt;
    },
    close: () => inner.close?.() ?? Promise.resolve(),
  };
}
