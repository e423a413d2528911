/** The dev feature's public face: its routes, and the checks other features make of a request from this machine. */
export { askedByLoopbackName, fromThisMachine, requireLoopbackName } from './routes.ts';
export { LOCAL_PUSH_PATH } from './push-service.ts';
