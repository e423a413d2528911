/** The public directory's public face: the reader the site's pages draw from, and the share cards. */
export { type DirectoryReader, directoryReader } from './service.ts';
export { shareCardMiddleware } from './share-card.ts';
