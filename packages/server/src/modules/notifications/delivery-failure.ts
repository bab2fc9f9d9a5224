/** Why a recipient was not reached, and whether trying again later may succeed (5xx, timeouts, the network). */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly isRetryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}
