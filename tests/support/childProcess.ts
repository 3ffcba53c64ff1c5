/** Servers the tests run as child processes (s3rver, a private redis-server). */
import { spawn, type ChildProcess } from 'node:child_process';

/** Resolves once `child` has exited, killing it first if it still runs. */
export const stopped = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill();
});

/**
 * Starts a server and resolves once its output says it is ready (`ready` matched, the match given
 * back); rejects with what it printed if it exits first or takes longer than `timeoutMs`.
 */
export function spawnServer(
  command: string,
  args: string[],
  ready: RegExp,
  timeoutMs: number,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${command} did not start: ${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', read);
      resolve({ child, match });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}): ${output}`));
    });
  });
}

export interface RestartableServer {
  /** Stops the server: a real outage, connections refused. */
  stop(): Promise<void>;
  /** Starts it again, as `start` does (the same port, the same data). */
  restart(): Promise<void>;
  /** Stops it for good. */
  dispose(): Promise<void>;
}

/** A running server a test can take down and bring back; a test run that ends abruptly leaves none behind. */
export function restartable(running: ChildProcess, start: () => Promise<ChildProcess>): RestartableServer {
  let child = running;
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  return {
    stop: () => stopped(child),
    async restart() {
      await stopped(child);
      child = await start();
    },
    async dispose() {
      process.off('exit', killOnExit);
      await stopped(child);
    },
  };
}
