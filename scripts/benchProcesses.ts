/**
 * The processes a bench starts, and their end: a server it starts stops with it whichever way the bench stops —
 * its end, a thrown error, Ctrl-C or `timeout` (SIGINT, SIGTERM), or SIGKILL, which no handler of the bench's
 * sees. For that last one each child keeps an IPC channel to the bench: the kernel closes it with the bench,
 * and the child stops on its own (`onParentGone`), rather than serve on alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * In a child started with an IPC channel (`fork`, or `startBenchServer`): `stop` once that channel closes —
 * the bench ended, or was killed.
 */
export function onParentGone(stop: () => void) {
  process.on('disconnect', stop);
}

const servers = new Set<ChildProcess>();
let steps: Array<() => Promise<void>> = [];
let ending: Promise<void> | undefined;

/** Undone when the bench ends, after its servers stopped; the steps in reverse order (a database, Redis keys, folders). */
export function atBenchEnd(step: () => Promise<void>) {
  steps.push(step);
}

/** Stops the servers, then undoes the rest; once, whoever calls. */
function endBench() {
  ending ??= (async () => {
    await Promise.all([...servers].map(stopServer));
    for (const step of steps.reverse()) await step().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
    steps = [];
  })();
  return ending;
}

/** Runs a bench's `main` and ends the bench (`atBenchEnd`) once it returns or throws, or on Ctrl-C or `timeout`. */
export async function runBench(main: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and dropping the database`);
      void endBench().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } finally {
    await endBench();
  }
}

/** SIGTERM (the server closes what it holds), SIGKILL if it has not stopped 10 s later. */
function stopServer(server: ChildProcess) {
  return new Promise<void>((done) => {
    if (server.exitCode !== null || server.signalCode !== null) return done();
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    server.kill('SIGTERM');
  });
}

export interface BenchServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** The rest of the server's settings (CLIENT_DIST, Redis…), over the bench's own environment. */
  env: NodeJS.ProcessEnv;
  /** Where its log goes: its stderr, then its stdout once it listens. Unset: stderr is the bench's, stdout is dropped once it listens. */
  log?: (stream: NodeJS.ReadableStream) => void;
  /** It stopped while the bench still ran (not at the bench's end): `why` is its exit code or signal. */
  onStopped?: (why: string) => void;
}

/**
 * The product's server (src/server/main.ts, as production runs it) on `port`, for as long as the bench runs
 * (`runBench`); resolves once it listens.
 */
export function startBenchServer({ port, databaseUrl, dataDir, env, log, onStopped }: BenchServerOptions): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', '--import', path.join(root, 'scripts/bench-child.ts'), 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', log ? 'pipe' : 'inherit', 'ipc'],
  });
  if (log) log(server.stderr!);
  servers.add(server);
  let ready = false;
  server.once('exit', (code, signal) => {
    servers.delete(server);
    if (ready && !ending) onStopped?.(`${code ?? signal}`);
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Cobertores: http')) return;
      ready = true;
      server.stdout!.off('data', read);
      // From now on its log (pino writes to stdout) goes where stderr does.
      if (log) log(server.stdout!);
      // Unread, it would fill the pipe and block the server's next write.
      else server.stdout!.resume();
      resolve(server);
    };
    server.stdout!.on('data', read);
    server.once('exit', (code) => reject(new Error(`the server on :${port} stopped (${code}):\n${output}`)));
  });
}
