import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tarNames } from '../data-dir/backup.ts';

const restoreCommand = join(import.meta.dirname, 'restore.ts');
const folder = mkdtempSync(join(tmpdir(), 'marketplace-restore-'));

/** A tar archive of `files` (name → bytes), as tar writes one: 512-byte headers, padded data, two zero blocks. */
function tarOf(files: Record<string, Buffer>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, data] of Object.entries(files)) {
    const header = Buffer.alloc(512);
    header.write(name, 0, 'utf8');
    header.write('0000644\0', 100, 'latin1');
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    header.write('00000000000\0', 136, 'latin1');
    header.write('        ', 148, 'latin1');
    header.write('0', 156, 'latin1');
    header.write('ustar\u000000', 257, 'latin1');
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

/** `npm run restore FILE` as a process, into `dataDir`: its exit code and what it printed. */
function restore(file: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [restoreCommand, file], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const damaged: [string, () => Buffer, RegExp][] = [
  ['an empty file', () => Buffer.alloc(0), /is empty \(0 bytes\), so it cannot be a backup/],
  ['a text file', () => Buffer.from('not a backup\n'), /is not a backup made by npm run backup \(not a gzip archive\)/],
  [
    'a backup cut short',
    () => gzipSync(tarOf({ PG_VERSION: Buffer.from('17\n'), 'base/1/1259': randomBytes(200_000) })).subarray(0, 60_000),
    /is damaged: its compressed data is cut short or corrupted/,
  ],
  [
    'a gzip of something else',
    () => gzipSync(randomBytes(5_000)),
    /is damaged: the archive inside is cut short or is not a tar/,
  ],
  [
    'an archive of other files',
    () => gzipSync(tarOf({ 'notes.txt': Buffer.from('hello') })),
    /is an archive, but not of a database folder \(it holds no PG_VERSION\)/,
  ],
  [
    'a database folder that is not one',
    () => gzipSync(tarOf({ PG_VERSION: Buffer.from('17\n'), 'base/junk': randomBytes(9_000) })),
    // PGlite either fails to open it or opens a folder with no tables: plain words either way.
    /holds a database(?: folder that cannot be opened \(.+\): it is damaged or from another version|, but not this marketplace's \(it has no accounts table\))/,
  ],
];

// Two cases open PGlite, seconds on a busy machine.
describe('npm run restore of a damaged archive', { timeout: 60_000 }, () => {
  it.each(damaged)('refuses %s in plain words, exits 1 and leaves no DATA_DIR behind', async (name, bytes, says) => {
    const file = join(folder, `${name.replaceAll(' ', '-')}.tar.gz`);
    writeFileSync(file, bytes());
    const dataDir = join(folder, `data-${name.replaceAll(' ', '-')}`);
    const { code, output } = await restore(file, dataDir);
    expect(code).toBe(1);
    expect(output).toMatch(says);
    expect(output).toMatch(
      /pick another backup \(npm run backup writes one; the daily ones are in DATA_DIR\/backups\)\.\n$/,
    );
    expect(output).not.toMatch(/\[object Object\]|\n\s+at |TypeError/);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('leaves an empty DATA_DIR it was given empty', async () => {
    const file = join(folder, 'other-database.tar.gz');
    writeFileSync(file, gzipSync(tarOf({ PG_VERSION: Buffer.from('17\n'), 'global/junk': randomBytes(9_000) })));
    const dataDir = join(folder, 'data-made-before');
    mkdirSync(dataDir);
    const { code } = await restore(file, dataDir);
    expect(code).toBe(1);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('reads the names of a whole tar, and nothing from a cut one', () => {
    const tar = tarOf({ PG_VERSION: Buffer.from('17\n'), 'base/1/1': randomBytes(1_000) });
    expect(tarNames(tar)).toEqual(['PG_VERSION', 'base/1/1']);
    expect(tarNames(tar.subarray(0, 1_000))).toBeNull();
    const corrupted = Buffer.from(tar);
    corrupted[10] = 0x41;
    expect(tarNames(corrupted)).toBeNull();
  });
});
