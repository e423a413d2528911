/** The analytics feature's public face: its route. */
export { analyticsRoutes } from './routes.ts';
