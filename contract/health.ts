/** GET /api/health: 200 when the database answers a query in time, 503 otherwise: load balancers and monitors read it. */
export const HEALTH_PATHS = { health: '/api/health' } as const;

export type HealthAnswer =
  | { ok: true }
  | { ok: false; success: false; code: 'unavailable'; database: 'unreachable'; message: string };
