/** The verification feature's public face. */
export { deleteDocuments } from './repo.ts';
