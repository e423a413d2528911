/** The verification feature's public face. */
export { takesRawBody, verificationRoutes } from './routes.ts';
export { deleteDocuments } from './repo.ts';
