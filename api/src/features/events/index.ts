/** The live events' public face: the hub that streams them, and the repo other features record news with. */
export { EventHub, STREAM_LIMITS } from './hub.ts';
export * as eventsRepo from './repo.ts';
