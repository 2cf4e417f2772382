/**
 * Where a process's log lines go: standard output, a few kilobytes at a time
 * (docs/configuration.md#health-and-logs, docs/performance.md "Log lines").
 *
 * A server writes a line for every request. Written one at a time, as pino does by default
 * (an asynchronous write of each line as it comes), they cost a GET on PostgreSQL a fifth of
 * its server CPU. So lines gather until LOG_BATCH_BYTES of them are waiting, or LOG_DELAY_MS
 * after the first of them, and go out in one write. At exit pino writes what is left
 * synchronously (its destination's exit hook), so a stop, a signal or a crash that exits
 * loses nothing; a process killed outright (SIGKILL) loses at most its last LOG_DELAY_MS.
 */
import pino from 'pino';

export const LOG_BATCH_BYTES = 4096;
export const LOG_DELAY_MS = 100;

/** What pino writes to, and what the service writes beside its log lines (the first run's key) in order with them. */
export interface LogLines {
  write(text: string): boolean;
  flush(cb?: (err?: Error) => void): void;
}

export function batchedStandardOutput(): LogLines {
  const out = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  // Armed by the first line after a write, never while nothing waits: an idle process wakes for nothing.
  let due: NodeJS.Timeout | null = null;
  const writeDue = () => {
    due = null;
    out.flush();
  };
  return {
    write(text) {
      const more = out.write(text);
      due ??= setTimeout(writeDue, LOG_DELAY_MS).unref();
      return more;
    },
    flush: (cb) => out.flush(cb),
  };
}
