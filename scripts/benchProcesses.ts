/**
 * The processes a bench starts, and their end: what a bench starts stops with it whichever way the bench stops —
 * its end, a thrown error, Ctrl-C or `timeout` (SIGINT, SIGTERM), its terminal closing (SIGHUP), or SIGKILL, which
 * no handler of the bench's sees. For that last one each child keeps an IPC channel to the bench: the kernel closes
 * it with the bench, and the child stops on its own (`onParentGone`, scripts/bench-child.ts), rather than run on alone.
 */
import { spawn, type ChildProcess, type IOType } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * In a child started with an IPC channel (`startBenchChild`): `stop` once that channel closes — the bench ended,
 * or was killed.
 */
export function onParentGone(stop: () => void) {
  process.on('disconnect', stop);
}

const children = new Set<ChildProcess>();
let steps: Array<() => Promise<void>> = [];
let ending: Promise<void> | undefined;

/** Undone when the bench ends, after its children stopped; the steps in reverse order (a database, Redis keys, folders). */
export function atBenchEnd(step: () => Promise<void>) {
  steps.push(step);
}

/** Stops the children, then undoes the rest; once, whoever calls. */
export function endBench() {
  ending ??= (async () => {
    await Promise.all([...children].map(stopChild));
    for (const step of steps.reverse()) await step().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
    steps = [];
  })();
  return ending;
}

function endBenchThenExit(code: number) {
  void endBench().finally(() => process.exit(code));
}

/**
 * Ctrl-C or `timeout` (SIGINT, SIGTERM) or its terminal closing (SIGHUP) end the bench: a terminal's Ctrl-C and
 * hang-up reach its children too, each ending its own way.
 */
function endOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the bench started`);
      endBenchThenExit(130);
    });
  }
}

/** Runs a bench's `main` and ends the bench (`atBenchEnd`) once it returns or throws, or on Ctrl-C or `timeout`. */
export async function runBench(main: () => Promise<void>) {
  endOnSignals();
  try {
    await main();
  } finally {
    await endBench();
  }
}

/**
 * For a child whose work is its module's top-level code (scripts/bench-server.ts): it ends as a bench does — its
 * steps undone (`atBenchEnd`), then the process — on SIGINT, SIGTERM or SIGHUP (how its bench stops it, and how
 * scripts/bench-child.ts passes on that the bench is gone), and when that code throws. Once it is ending, what the
 * end cuts short (a seed whose database is dropped under it) fails too: that is no second failure to report.
 */
export function runAsBenchChild() {
  endOnSignals();
  process.on('uncaughtException', (error) => {
    if (!ending) console.error(error);
    endBenchThenExit(1);
  });
}

/** SIGTERM (the child closes what it holds), SIGKILL if it has not stopped 10 s later. */
function stopChild(child: ChildProcess) {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface BenchChildOptions {
  /** Node's own flags besides tsx (--expose-gc, --cpu-prof…). */
  execArgv?: string[];
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Its stdin, stdout and stderr, as `spawn` takes them (the IPC channel comes after). */
  stdio?: [IOType, IOType, IOType];
}

/**
 * A TypeScript `script` of the project (tsx; its path from the project's root) in a process of its own, for as long
 * as the bench runs: stopped at the bench's end (SIGTERM, then SIGKILL 10 s later), and on its own should the bench
 * be killed (scripts/bench-child.ts, loaded first, turns the IPC channel's closing into SIGTERM).
 */
export function startBenchChild(
  script: string,
  { execArgv = [], args = [], env = process.env, stdio = ['ignore', 'inherit', 'inherit'] }: BenchChildOptions = {},
): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', path.join(root, 'scripts/bench-child.ts'), ...execArgv, script, ...args],
    { cwd: root, env, stdio: [...stdio, 'ipc'] },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
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
 * (`startBenchChild`); resolves once it listens.
 */
export function startBenchServer({ port, databaseUrl, dataDir, env, log, onStopped }: BenchServerOptions): Promise<ChildProcess> {
  const server = startBenchChild('src/server/main.ts', {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', log ? 'pipe' : 'inherit'],
  });
  if (log) log(server.stderr!);
  let ready = false;
  server.once('exit', (code, signal) => {
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
