/**
 * The build's hashed scripts and stylesheets live under /_astro/: immutable, named by their
 * content, never documents. A first sign-in fetches dozens of them on a metered line, so they
 * carry only the headers that mean something for them.
 */
export const isBuildAsset = (path: string): boolean => path.startsWith('/_astro/');
