import { createLogger } from '../src/logger.ts';
import { deliverNotifications } from '../src/providers/notifier.ts';
import type { TestApp } from './harness.ts';

/**
 * Sends what the outbox holds now, as the notification worker does: push rows to the phones through
 * the app's sender (started with `push: true`), texts to a gateway that takes them silently.
 */
export const deliverToPhones = (app: TestApp) =>
  deliverNotifications({
    db: app.db,
    clock: app.clock,
    logger: createLogger('silent'),
    transports: { sms: { name: 'test-sms', deliver: async () => {} } },
    push: app.push,
  });
