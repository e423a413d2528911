/** Push notifications' public face: the server's keys and the delivery the notifier's worker uses. */
export { pushKeys } from './keys.ts';
export { pushDelivery } from './service.ts';
