/** GET /api/health: 200 when the database answers a query in time, 503 otherwise: load balancers and monitors read it. */
export const HEALTH_PATHS = { health: '/api/health' } as const;

export type HealthAnswer =
  | { ok: true }
  | { ok: false; success: false; code: 'unavailable'; database: 'unreachable'; message: string };

/**
 * GET /metrics: Prometheus text (not JSON) for the operator's scraper, from this machine or with
 * METRICS_TOKEN (docs/OPERATIONS.md "Metrics and alerts"). Outside /api because that is where
 * Prometheus looks by default; the API's middleware still answers it (never cached).
 */
export const METRICS_PATHS = { metrics: '/metrics' } as const;
