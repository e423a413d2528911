// npm run push:keys: a fresh VAPID key pair for notifications on phones (README
// "Configuration"). Made once and kept in the server's environment: a new pair makes every phone
// subscribed with the old one stop receiving until it is turned on again.
import { newVapidKeys } from '../providers/push.ts';

const keys = newVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
console.log('# Keep the private key secret. Set VAPID_SUBJECT=mailto:you@your-domain too.');
