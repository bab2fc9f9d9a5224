import type { OperationExample } from './operation-example.js';

const withToken = ({ notificationUnsubscribeToken }: { notificationUnsubscribeToken: string }) => ({
  token: notificationUnsubscribeToken,
});

/** The security suite's examples of the public unsubscribe operations (docs/notifications.md "Delivery"). */
export const notificationDeliveryOperationExamples: Readonly<Record<string, OperationExample>> = {
  getNotificationUnsubscribePage: {
    query: withToken,
    publicReason: "an e-mail's unsubscribe link: the signed token names the one recipient it can remove",
  },
  unsubscribeNotificationRecipient: {
    query: withToken,
    publicReason:
      "a mail client's one-click unsubscribe: the signed token names the one recipient it removes",
  },
};
