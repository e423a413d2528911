/** The location feature's public face: its route and what it needs from the app. */
export type { LocationDeps } from './routes.ts';
