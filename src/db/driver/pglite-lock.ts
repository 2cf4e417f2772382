import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * PGlite allows one process per data folder: a second one would corrupt it. We hold a lock
 * file naming our process. A lock whose process is gone (killed with -9, a crash, a
 * container restart) is stale and taken over, so a restart needs no manual step.
 *
 * A pid alone is not an identity: after a container restart the same pid is often given to
 * another process. On Linux the lock also records the process start time and the boot id,
 * and a holder only counts as alive when all three still match.
 */
export class DataDirLockedError extends Error {}

const LOCK_FILE = 'scheduling.lock';

interface Holder {
  pid: number;
  start: string | null;
  boot: string | null;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat from field 3 (the state) on, or null (not Linux, no such pid). */
function statFields(pid: number): string[] | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot (Linux only). */
function startTimeOf(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

/**
 * A process killed with -9 whose parent has not reaped it yet (a container whose init does
 * not, or a parent killed with it) is a zombie: its pid still answers signal 0, but it runs
 * nothing and holds no file.
 */
function isZombie(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state === 'Z' || state === 'X';
}

function bootId(): string | null {
  return readOrNull('/proc/sys/kernel/random/boot_id');
}

function me(): Holder {
  return { pid: process.pid, start: startTimeOf(process.pid), boot: bootId() };
}

/** Reads a lock file: our JSON form, or a bare pid (older form). */
function parseHolder(text: string): Holder | null {
  try {
    const v = JSON.parse(text) as Partial<Holder> | number;
    if (typeof v === 'number') return Number.isInteger(v) && v > 0 ? { pid: v, start: null, boot: null } : null;
    if (v && Number.isInteger(v.pid) && v.pid! > 0) return { pid: v.pid!, start: v.start ?? null, boot: v.boot ?? null };
  } catch {
    /* not ours, or half written: stale */
  }
  return null;
}

/** Whether `pid` runs: it answers signal 0 (EPERM: another user's) and is not a zombie. */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function holderAlive(h: Holder): boolean {
  if (h.pid === process.pid) return false; // a lock left by an earlier process that had our pid
  if (!pidAlive(h.pid)) return false;
  if (h.boot && bootId() && h.boot !== bootId()) return false;
  if (h.start) {
    const now = startTimeOf(h.pid);
    if (now !== null && now !== h.start) return false; // the pid now belongs to another process
  }
  return true;
}

function lockedError(dataDir: string, pid: number): DataDirLockedError {
  return new DataDirLockedError(
    `The data folder ${path.resolve(dataDir)} is in use by another process (pid ${pid}). ` +
      'PGlite allows one process per data folder: stop the other process, use another DATA_DIR, ' +
      'or set DATABASE_URL to share a PostgreSQL server between processes.',
  );
}

/**
 * Moves a stale lock out of the way. Another process may have replaced it with a live lock
 * between our read and now, so we rename (atomic), check that we moved the stale one, and put
 * a live one back.
 */
function removeStale(lockPath: string, staleText: string | null): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return; // already gone: try again
  }
  const moved = readOrNull(aside);
  if (moved !== staleText) {
    try {
      fs.linkSync(aside, lockPath); // a fresh lock of another process: restore it
    } catch {
      /* someone took the lock meanwhile; the next attempt sees theirs */
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Creates the lock file with its content in one step: written beside it, then hard-linked
 * into place (fails if the lock exists), so no other process ever reads a half-written lock.
 * Filesystems without hard links fall back to an exclusive create.
 */
function createLock(lockPath: string, content: string): boolean {
  const temp = `${lockPath}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, lockPath);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return true;
    } catch (err2) {
      if ((err2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err2;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify(me());
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLock(lockPath, mine)) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        if (readOrNull(lockPath) === mine) fs.rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    }
    const text = readOrNull(lockPath);
    const holder = text === null ? null : parseHolder(text);
    if (holder && holderAlive(holder)) throw lockedError(dataDir, holder.pid);
    removeStale(lockPath, text);
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}; another process keeps taking it.`);
}
