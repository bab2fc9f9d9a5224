/** The job that makes one delivery: renders the dashboard per viewer and sends it to each pending recipient. */
export const notificationDeliveryJob = 'notification-delivery';

export interface NotificationDeliveryJobPayload {
  deliveryId: number;
}
