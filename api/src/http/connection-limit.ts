import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { STREAM_LIMITS } from '../features/events/index.ts';

/**
 * File descriptors kept for everything that is not a client's connection: the database pool (10)
 * and its listening connection, the site's files being sent, the log, Node's own.
 */
export const RESERVED_FILES = 128;
/** Where the file limit cannot be read (not Linux): the usual default. */
const DEFAULT_OPEN_FILES = 1024;

/** The process's soft limit on open files (`ulimit -n`, systemd's LimitNOFILE), from /proc on Linux. */
export function openFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s+/)[3]);
    return Number.isInteger(soft) && soft > 0 ? soft : DEFAULT_OPEN_FILES;
  } catch {
    return DEFAULT_OPEN_FILES;
  }
}

/**
 * The connections a process takes (the rest of its file descriptors are reserved) and the
 * live-update streams among them: at most half, so ordinary requests always find a connection
 * (at `ulimit -n 1024`, 953 streams left none). Figures in docs/OPERATIONS.md.
 */
export function connectionLimits(openFiles: number): { connections: number; streams: number } {
  const connections = Math.max(2, openFiles - RESERVED_FILES);
  return { connections, streams: Math.min(STREAM_LIMITS.maxStreams, Math.floor(connections / 2)) };
}

/** A connection past the limit is closed at once by Node instead of failing every accept (EMFILE). */
export function limitConnections(server: Server, connections: number): Server {
  server.maxConnections = connections;
  return server;
}
