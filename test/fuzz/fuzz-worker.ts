/**
 * Child process of the fuzz test: runs goalhost's `main()` in-process, one case at a time as the
 * parent sends them over IPC, with captured output streams, and reports how each ended. A case
 * that hangs or kills this process is caught by the parent (timeout, exit), never here.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { main } from '@goalhost/cli';

export interface FuzzCase {
  /** What is being fuzzed (for the report). */
  readonly kind: string;
  readonly argv: readonly string[];
  /** Files of the case directory (relative path -> content); the run's cwd is that directory. */
  readonly files: Readonly<Record<string, string>>;
  /** Extra environment (HOME etc. come from the worker). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface FuzzOutcome {
  readonly code?: number;
  /** main() rejected or threw (a crash of goalhost itself). */
  readonly threw?: string;
  /** An unhandled rejection or uncaught exception while the case ran. */
  readonly unhandled?: string;
  readonly out: string;
  readonly err: string;
  readonly millis: number;
}

/** Captures everything written, up to a bound (a runaway log is a finding, not an OOM here). */
class Capture extends Writable {
  text = '';
  isTTY = false;
  columns = 120;
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    if (this.text.length < 2_000_000) this.text += chunk.toString();
    done();
  }
}

const root = process.env.GOALHOST_FUZZ_ROOT ?? '/tmp';
let current: string | undefined;
let unhandled: string | undefined;
const onUnhandled = (e: unknown): void => {
  unhandled ??= e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
};
process.on('unhandledRejection', onUnhandled);
process.on('uncaughtException', onUnhandled);

let counter = 0;
async function runCase(c: FuzzCase): Promise<FuzzOutcome> {
  const dir = path.join(root, `case-${process.pid}-${counter++}`);
  current = dir;
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(c.files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content.replace(/@CASE@/g, dir));
  }
  const out = new Capture();
  const err = new Capture();
  const started = Date.now();
  unhandled = undefined;
  let code: number | undefined;
  let threw: string | undefined;
  try {
    const argv = c.argv.map((a) => a.replace(/@CASE@/g, dir));
    code = await main(argv, { cwd: dir, env: { ...process.env, ...c.env }, out, err });
  } catch (e) {
    threw = e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
  }
  // Let stray promises of the case settle, so their rejections are charged to it.
  await new Promise((r) => setTimeout(r, 5));
  fs.rmSync(dir, { recursive: true, force: true });
  current = undefined;
  return { code, threw, unhandled, out: out.text, err: err.text, millis: Date.now() - started };
}

process.on('message', (message: { id: number; fuzzCase: FuzzCase }) => {
  runCase(message.fuzzCase).then(
    (outcome) => process.send?.({ id: message.id, outcome }),
    (e: Error) =>
      process.send?.({ id: message.id, outcome: { threw: `worker: ${e.message}`, out: '', err: '', millis: 0 } }),
  );
});
process.on('exit', () => {
  if (current) fs.rmSync(current, { recursive: true, force: true });
});
process.send?.({ ready: true });
