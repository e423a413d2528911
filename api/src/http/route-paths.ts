/** Whether a request's path is an address of a contract path (each `:param` one path segment). */
export function isPathOf(routePath: string, path: string): boolean {
  const pattern = routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}
