/** The local-control feature's public face: work a command on this machine hands to the running server. */
export { CONTROL_TOKEN_HEADER } from './routes.ts';
