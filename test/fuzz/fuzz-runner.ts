import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { FuzzCase, FuzzOutcome } from './fuzz-worker';

/**
 * Drives the fuzz worker process: one case at a time, each with a time limit. A case that does
 * not answer in time (a hang) or whose worker dies (a crash, an exhausted heap) comes back as
 * such, and the next case gets a fresh worker.
 */
export type Verdict = FuzzOutcome & { readonly hang?: boolean; readonly died?: string };

export class FuzzRunner {
  private child?: ChildProcess;
  private ready?: Promise<void>;
  private nextId = 0;
  cases = 0;

  constructor(
    private readonly root: string,
    private readonly env: Readonly<Record<string, string>>,
    private readonly timeoutMs = 20_000,
  ) {}

  private start(): Promise<void> {
    const child = fork(path.join(__dirname, 'fuzz-worker.js'), [], {
      env: { ...this.env, GOALHOST_FUZZ_ROOT: this.root },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: ['--max-old-space-size=512'],
      // As root, the cases run as `nobody`: no mutated path can write outside the sandbox.
      ...(process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
    });
    this.child = child;
    this.ready = new Promise((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`fuzz worker exited at start (${code})`)));
    });
    return this.ready;
  }

  async run(fuzzCase: FuzzCase): Promise<Verdict> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) await this.start();
    else await this.ready;
    this.cases++;
    const child = this.child!;
    const id = this.nextId++;
    let stderr = '';
    const onData = (d: Buffer): void => {
      stderr += d.toString();
    };
    child.stderr?.on('data', onData);
    try {
      return await new Promise<Verdict>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve({ hang: true, out: '', err: stderr, millis: this.timeoutMs });
        }, this.timeoutMs);
        const onMessage = (m: { id?: number; outcome?: FuzzOutcome }): void => {
          if (m.id !== id || !m.outcome) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m.outcome);
        };
        const onExit = (code: number | null, signal: string | null): void => {
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve({
            died: `worker exited (${code ?? signal}): ${stderr.slice(-2000)}`,
            out: '',
            err: stderr,
            millis: 0,
          });
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ id, fuzzCase });
      });
    } finally {
      child.stderr?.off('data', onData);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const STACK_FRAME = /^\s*(\[ERROR\]\s+)?at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m;
/** Messages that are a JavaScript failure wearing an error's clothes, not an explanation. */
const INTERNAL =
  /Cannot read propert|Cannot set propert|is not a function|is not iterable|is not defined|undefined is not|\[object Object\]|Maximum call stack|Internal error|Invalid array length|out of memory/i;

/**
 * Why an outcome is not clean (undefined when it is): exit 0, or exit 1 with an [ERROR] message,
 * never a throw, an unhandled rejection, a hang, a dead worker, a stack trace without -e/-X,
 * a JavaScript-internal message, or the content of a system file.
 */
export function unclean(fuzzCase: FuzzCase, v: Verdict): string | undefined {
  if (v.hang) return 'hang (no answer within the time limit)';
  if (v.died) return `crash: ${v.died}`;
  if (v.threw) return `main() threw: ${v.threw}`;
  if (v.unhandled) return `unhandled rejection or exception: ${v.unhandled}`;
  if (v.code !== 0 && v.code !== 1) return `exit code ${v.code}`;
  const text = `${v.out}\n${v.err}`;
  const showErrors = fuzzCase.argv.some((a) => ['-e', '--errors', '-X', '--debug'].includes(a));
  if (!showErrors && STACK_FRAME.test(text)) return 'stack trace without -e';
  if (text.includes('root:x:0:0')) return 'the content of /etc/passwd in the output (external entity?)';
  const errors = v.out.split('\n').filter((l) => l.startsWith('[ERROR]'));
  const bad = errors.find((l) => INTERNAL.test(l));
  if (bad) return `internal error message: ${bad}`;
  if (v.code === 1 && !errors.some((l) => /^\[ERROR\] \S/.test(l))) return 'exit 1 without an [ERROR] message';
  return undefined;
}
