import type { CustomerRecord } from '../../../contract/user-data.ts';
export type { CustomerRecord };
import { setFavourites } from './find-pro.ts';
import { recordStore } from './record.ts';

/**
 * The customer's dashboard record (docs/PRODUCT.md "Dashboards"), shown by the customer dashboard
 * and the general screen's customer view: read when an island first watches `$customer`, again on
 * the news that changes its figures (bookings, the subscription, payments), when the bookings change
 * from here, and back online. A failed read never replaces what is shown.
 */

const customer = recordStore<CustomerRecord>('customer', (record) =>
  setFavourites(record.favoriteServices.map((p) => p.id)),
);
export const $customer = customer.$load;

/** Try Again, and after a renewal: the loading screen, then the record read afresh. */
export const retryCustomer = (): void => void customer.retry();

/** Changes the shown record without a read (the server already has the change: a saved profile). */
export const patchCustomer = (fields: Partial<CustomerRecord>): void =>
  customer.patch((record) => ({ ...record, ...fields }));
