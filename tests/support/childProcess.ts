/** Servers the tests run as child processes (s3rver, a private redis-server). */
import type { ChildProcess } from 'node:child_process';

/** Resolves once `child` has exited, killing it first if it still runs. */
export const stopped = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill();
});
