import { json, route, text } from './route.ts';

export type HealthAnswer =
  | { ok: true }
  | { ok: false; success: false; code: 'unavailable'; database: 'unreachable'; message: string };

/** 200 when the database answers a query in time, 503 otherwise: load balancers, monitors and the offline banner read it. */
export const health = route({
  method: 'GET',
  path: '/api/health',
  caller: 'anyone',
  answer: json<HealthAnswer>(),
  summary: 'Whether the API can reach its database: 200, or 503 with the refusal.',
});

/**
 * GET /metrics: Prometheus text (not JSON) for the operator's scraper, from this machine or with
 * METRICS_TOKEN (docs/OPERATIONS.md "Metrics and alerts"). Outside /api because that is where
 * Prometheus looks by default; the API's middleware still answers it (never cached).
 */
export const METRICS_PATHS = { metrics: '/metrics' } as const;

/** Prometheus text for the operator's scraper: this machine, or METRICS_TOKEN; anyone else a 404. */
export const scrapeMetrics = route({
  method: 'GET',
  path: '/metrics',
  caller: 'anyone',
  answer: text('text/plain'),
  summary: "Prometheus metrics (this machine or the metrics token only; 404 to anyone else).",
});
