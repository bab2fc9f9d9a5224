import type { DeliveryRecipientStatus, NotificationDeliveryStatus } from '@platform/contract';
import type * as z from 'zod';

/**
 * A finished delivery's status from its recipients': `sent` when every recipient got it (none at all
 * counts as sent), `failed` when none did, else `partially_sent`. A skipped recipient (no access, no
 * address, removed) did not get it.
 */
export function deliveryStatusOf(
  recipients: ReadonlyArray<z.infer<typeof DeliveryRecipientStatus>>,
): z.infer<typeof NotificationDeliveryStatus> {
  const sent = recipients.filter((status) => status === 'sent').length;
  if (sent === recipients.length) return 'sent';
  return sent === 0 ? 'failed' : 'partially_sent';
}
