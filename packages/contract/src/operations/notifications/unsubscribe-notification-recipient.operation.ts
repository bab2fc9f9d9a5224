import {
  NotificationUnsubscribeForm,
  NotificationUnsubscribePage,
  NotificationUnsubscribeQuery,
} from '../../schemas/notification.schema.js';
import { defineOperation } from '../operation.js';

export const unsubscribeNotificationRecipient = defineOperation({
  operationId: 'unsubscribeNotificationRecipient',
  method: 'POST',
  path: '/api/v1/notifications/unsubscribe',
  tag: 'Notifications',
  summary: 'Unsubscribe one e-mail recipient (one-click, RFC 8058)',
  description:
    'No credential: the signed token of the link names the notification and the recipient, who is removed from it. What `List-Unsubscribe-Post` mail clients post (a form with `List-Unsubscribe=One-Click`, or no body); unsubscribing twice answers the same. A token this server did not sign is a 400.',
  action: null,
  authScheme: 'none',
  query: NotificationUnsubscribeQuery,
  body: NotificationUnsubscribeForm,
  isBodyRequired: false,
  requestContentType: 'application/x-www-form-urlencoded',
  response: NotificationUnsubscribePage,
  responseContentType: 'text/html',
});
