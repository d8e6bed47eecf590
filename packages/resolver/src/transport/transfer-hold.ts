import { AsyncLocalStorage } from 'node:async_hooks';

interface Line {
  readonly owner: object;
  readonly file: string | undefined;
  readonly print: () => void;
}

interface Held extends Line {
  /** Arrival order. */
  readonly seq: number;
  printed: boolean;
}

interface Scope {
  readonly hold: TransferHold;
  readonly owner: object;
  readonly file?: string;
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * The transfer lines of POMs read ahead of a dependency walk, kept until the walk reaches them.
 * Maven 3.8.7's collector reads one POM after another, so its "Downloading"/"Downloaded" lines
 * (and checksum warnings) come in the walk's order, each POM followed by its parents and imports;
 * goalhost downloads them earlier and in parallel, and prints them where Maven would.
 */
export class TransferHold {
  private readonly byOwner = new Map<object, Held[]>();
  private readonly byFile = new Map<string, Held[]>();
  private seq = 0;
  private waiting = 0;
  private over = false;

  /** Runs `read`: what it downloads logs for `owner`, until release(owner) or releaseAll(). */
  run<T>(owner: object, read: () => T): T {
    return scope.run({ hold: this, owner }, read);
  }

  add(line: Line): void {
    if (this.over) return line.print();
    const held: Held = { ...line, seq: this.seq++, printed: false };
    this.waiting++;
    append(this.byOwner, line.owner, held);
    if (line.file !== undefined) append(this.byFile, line.file, held);
  }

  /**
   * Prints the lines of `owner`'s downloads and those of `files` (the POMs its read used, in the
   * order it read them, some perhaps downloaded for another read): each file's lines where that
   * file comes, the owner's other lines (a snapshot's metadata, a missing POM) in their own order.
   */
  release(owner: object | undefined, files: readonly string[]): void {
    if (this.waiting === 0) return;
    const own = owner ? this.byOwner.get(owner) : undefined;
    const out: Held[] = [];
    const take = (h: Held): void => {
      if (h.printed) return;
      h.printed = true;
      out.push(h);
    };
    for (const file of files) {
      const lines = this.byFile.get(file);
      if (!lines) continue;
      this.byFile.delete(file);
      // The owner's lines before its download of this file came first (e.g. the snapshot metadata).
      let last = -1;
      for (const h of lines) if (h.owner === owner) last = h.seq;
      if (own && last >= 0) for (const h of own) if (h.seq < last) take(h);
      lines.forEach(take);
    }
    if (own) {
      this.byOwner.delete(owner!);
      own.forEach(take);
    }
    this.print(out);
  }

  /** Prints every line still held, in the order they came, and any later one at once (the walk is over, or stopped). */
  releaseAll(): void {
    this.over = true;
    if (this.waiting === 0) return;
    const out = [...this.byOwner.values()].flat().filter((h) => !h.printed);
    out.forEach((h) => (h.printed = true));
    this.byOwner.clear();
    this.byFile.clear();
    this.print(out.sort((a, b) => a.seq - b.seq));
  }

  private print(lines: readonly Held[]): void {
    this.waiting -= lines.length;
    for (const h of lines) h.print();
  }
}

function append<K>(map: Map<K, Held[]>, key: K, held: Held): void {
  const list = map.get(key);
  if (list) list.push(held);
  else map.set(key, [held]);
}

/** Runs a download of `file`: the lines it logs belong to that file (see transferLine). */
export function inTransferOf<T>(file: string, run: () => T): T {
  const current = scope.getStore();
  return current ? scope.run({ ...current, file }, run) : run();
}

/** Prints a transfer line now, or holds it for the walk whose read started the download. */
export function transferLine(print: () => void): void {
  const current = scope.getStore();
  if (current) current.hold.add({ owner: current.owner, file: current.file, print });
  else print();
}
