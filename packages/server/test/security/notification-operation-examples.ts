import type { AccountResources, OperationExample } from './operation-example.js';

const onNotification = ({ deploymentId, notificationId }: AccountResources) => ({
  deploymentId,
  notificationId,
});

/** The security suite's examples of the notifications operations (docs/notifications.md). */
export const notificationOperationExamples: Readonly<Record<string, OperationExample>> = {
  listAccountNotifications: { query: { first: '5' } },
  listNotifications: { params: ({ deploymentId }) => ({ deploymentId }), query: { first: '5' } },
  createNotification: {
    params: ({ deploymentId }) => ({ deploymentId }),
    body: ({ dashboardId }) => ({
      dashboardId,
      name: 'security-example',
      schedule: '0 9 * * 1',
      recipients: [{ type: 'email', email: 'security-example@example.com' }],
    }),
  },
  getNotification: { params: onNotification },
  updateNotification: { params: onNotification, body: () => ({ name: 'changed' }) },
  deleteNotification: { params: onNotification },
  listNotificationRecipients: { params: onNotification, query: { first: '5' } },
  addNotificationRecipients: {
    params: onNotification,
    body: () => ({ recipients: [{ type: 'email', email: 'security-added@example.com' }] }),
  },
  removeNotificationRecipients: {
    params: onNotification,
    body: ({ notificationRecipientEmail }) => ({
      recipients: [{ type: 'email', id: notificationRecipientEmail }],
    }),
  },
  sendNotification: { params: onNotification },
  listNotificationDeliveries: { params: onNotification, query: { first: '5' } },
};
