import {
  NotificationUnsubscribePage,
  NotificationUnsubscribeQuery,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const getNotificationUnsubscribePage = defineOperation({
  operationId: 'getNotificationUnsubscribePage',
  method: 'GET',
  path: '/api/v1/notifications/unsubscribe',
  tag: 'Notifications',
  summary: "The page an e-mail's unsubscribe link opens: asks to confirm",
  description:
    'No credential: the signed token names the notification and the recipient. Opening it changes nothing (mail scanners open links); its button posts to `unsubscribeNotificationRecipient`. A token this server did not sign is a 400.',
  action: null,
  authScheme: 'none',
  query: NotificationUnsubscribeQuery,
  response: NotificationUnsubscribePage,
  responseContentType: 'text/html',
});
