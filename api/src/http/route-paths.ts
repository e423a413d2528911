/**
 * A router mounted below a prefix (`new Router({ prefix })`) registers the rest of a contract
 * path: belowPrefix('/api/admin')('/api/admin/users/:id') is '/users/:id'. The contract keeps whole
 * paths, so the browser and the API read the same text.
 */
export function belowPrefix(prefix: string): (path: string) => string {
  return (path) => {
    if (!path.startsWith(`${prefix}/`)) throw new Error(`${path} is not below ${prefix}`);
    return path.slice(prefix.length);
  };
}

/** Whether a request's path is an address of a contract path (each `:param` one path segment). */
export function isPathOf(routePath: string, path: string): boolean {
  const pattern = routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}
