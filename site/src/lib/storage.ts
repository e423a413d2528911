/** The tab's sessionStorage, or null where there is none (tests, a browser that refuses storage). */
export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
