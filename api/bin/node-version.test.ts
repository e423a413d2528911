import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.mjs';

describe('the Node version check every npm script loads first', () => {
  it('passes Node 24 and later, and names the command to run for an older one', () => {
    expect(nodeVersionProblem('24.21.0')).toBeNull();
    expect(nodeVersionProblem('25.0.0')).toBeNull();
    expect(nodeVersionProblem('20.20.2')).toBe(
      'ServiceConnect Ghana needs Node.js 24 and this is Node.js 20.20.2: run `npm install` (it puts Node 24 in node_modules/.bin), then run the command again through npm (`npm start`, `npm run …`).',
    );
  });

  it("stops npm start on this machine's own Node when it is older, with that one line", () => {
    // The machines have an older system Node (ARCHITECTURE.md "Node 24 from npm"): the one npm falls back to.
    const system = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
    if (system.error || Number(system.stdout.slice(1).split('.')[0]) >= 24) return; // no older Node here to try
    const run = spawnSync('/usr/bin/node', ['--import', './api/bin/node-version.mjs', 'api/src/server.ts'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(nodeVersionProblem(system.stdout.trim().slice(1)));
  });
});
