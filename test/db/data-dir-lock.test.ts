import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { DataDirLockedError, lockDataDir } from '../../src/db/data-dir-lock.js';
import { migratedDataDir } from '../helpers/db.js';
import { distPath } from '../helpers/spawn.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
// Migrated already: opening one is then all a test (or its child) waits for, not creating a database.
const dataDir = () => {
  const d = migratedDataDir('pglite-lock-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Another process opening `dir` with createDb: its exit code and output (it closes the database at once). */
function openInChild(dir: string): Promise<{ code: number | null; out: string }> {
  const script = join(dir, 'open.mjs');
  const client = pathToFileURL(distPath('src/db/client.ts')).href;
  writeFileSync(
    script,
    `import { createDb } from ${JSON.stringify(client)};\n` +
      `try { const db = await createDb({ dataDir: ${JSON.stringify(dir)} }); await db.close(); console.log('OPENED'); }\n` +
      'catch (err) { console.error(err.message); process.exit(3); }\n',
  );
  const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

describe('one process per PGlite data directory', () => {
  it('a second process stops with a message naming the holder; once the holder closes, it opens', async () => {
    const dir = dataDir();
    const db = await createDb({ dataDir: dir });
    const lock = join(dir, 'pglite.lock');
    expect(readFileSync(lock, 'utf8').split(/\s+/)[0]).toBe(String(process.pid));
    const second = await openInChild(dir);
    expect(second.code, second.out).toBe(3);
    expect(second.out).toContain(`process ${process.pid} has it open`);
    expect(second.out).toContain(lock);
    await db.close();
    expect(existsSync(lock)).toBe(false);
    const third = await openInChild(dir);
    expect(third.code, third.out).toBe(0);
    expect(third.out).toContain('OPENED');
  });

  it('the same process opening it twice is refused too', async () => {
    const dir = dataDir();
    const db = await createDb({ dataDir: dir });
    try {
      await expect(createDb({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(createDb({ dataDir: dir })).rejects.toThrow(/this process already has it open/);
    } finally {
      await db.close();
    }
  });

  it('a lock left by a process that is gone is stale and taken over', async () => {
    const dir = dataDir();
    // A pid that existed and has exited: a child that ends at once.
    const gone = spawn(process.execPath, ['-e', '0']);
    const pid = gone.pid!;
    await new Promise((r) => gone.once('close', r));
    writeFileSync(join(dir, 'pglite.lock'), `${pid} 1\n`);
    // The lock itself (createDb takes it first, as the first test shows): opening PGlite again would only cost time.
    const lock = lockDataDir(join(dir, 'pglite.lock'), dir);
    expect(readFileSync(join(dir, 'pglite.lock'), 'utf8').split(/\s+/)[0]).toBe(String(process.pid));
    lock.release();
  });

  it('a lock naming a live pid with another start time (the pid was reused) is stale too', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'pglite.lock'), `${process.ppid} 1\n`);
    const lock = lockDataDir(join(dir, 'pglite.lock'), dir);
    expect(readFileSync(join(dir, 'pglite.lock'), 'utf8').split(/\s+/)[0]).toBe(String(process.pid));
    lock.release();
  });
});
