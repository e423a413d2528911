/** The metrics feature's public face: the registry the server fills, and GET /metrics. */
export { type AppMetrics, appMetrics, metricsProviderObserver } from './registry.ts';
