import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * PGlite is Postgres in this process, with no postmaster to keep a second process out: two processes on one
 * data directory would each write it as if alone and corrupt it. The first to open the directory takes this
 * lock (a file created exclusively, holding its pid and the pid's start time); a second process stops with a
 * message naming the holder. A lock whose process is gone (killed, crashed) is stale and taken over; the start
 * time tells a live holder from an unrelated process that was given the same pid later.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface Holder {
  pid: number;
  start: string | null;
}

/** The start time of `pid` (clock ticks since boot, from /proc; null where /proc is not available). */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(h: Holder): boolean {
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTimeOf(h.pid);
  return h.start === null || now === null || now === h.start;
}

function readHolder(file: string): Holder | null {
  try {
    const [pid, start] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const n = Number(pid);
    return Number.isSafeInteger(n) && n > 0 ? { pid: n, start: start || null } : null;
  } catch {
    return null;
  }
}

/** Takes the lock `file` for this process, or throws DataDirLockedError naming the process that holds it. */
export function lockDataDir(file: string, what: string): DataDirLock {
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written aside and linked into place: the lock file never exists without its holder in it.
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, `${mine}\n`);
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && alive(holder)) {
        const who = holder.pid === process.pid ? 'this process already has it open' : `process ${holder.pid} has it open`;
        throw new DataDirLockedError(
          `${what} is in use: ${who} (lock file ${file}). PGlite allows one process per data directory: stop that process, ` +
            'use another DATA_DIR, or set DATABASE_URL to share a Postgres server between processes.',
        );
      }
      // Stale: its process is gone. Take it over.
      try {
        unlinkSync(file);
      } catch {
        // Another process removed it first; the next attempt decides.
      }
      continue;
    } finally {
      unlinkSync(draft);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only our own lock: never remove one another process took over.
      if (readHolder(file)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    };
    // A process that exits without closing the database (process.exit) leaves no lock behind.
    process.on('exit', release);
    return { file, release };
  }
  throw new DataDirLockedError(`${what}: could not take the lock file ${file}`);
}
