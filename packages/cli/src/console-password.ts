/** A terminal to read a password from: its input in raw mode, the prompt on its output. */
export interface PasswordConsole {
  readonly input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  readonly output: { write(text: string): unknown };
}

/**
 * Reads one line without echoing it, as Java's Console.readPassword does for Maven's `-emp` and
 * `-ep` without a value: the prompt, then the typed characters (backspace erases one) up to Enter.
 * Resolves to undefined when the input is not a terminal (Maven has no console then) or the user
 * gives up (Ctrl-C, Ctrl-D, end of input).
 */
export function readPassword(console: PasswordConsole, prompt: string): Promise<string | undefined> {
  const { input, output } = console;
  if (input.isTTY !== true || !input.setRawMode) return Promise.resolve(undefined);
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | undefined): void => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.setRawMode!(false);
      input.pause();
      output.write('\n');
      resolve(value);
    };
    const onEnd = (): void => finish(undefined);
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish(typed);
        if (ch === '\u0003' || ch === '\u0004') return finish(undefined);
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += ch;
      }
    };
    input.on('data', onData);
    input.on('end', onEnd);
  });
}
