import { CliUsageError } from './cli-request';

/** `-Dstyle.color`: Maven's switch for console colours. */
export const COLOR_PROPERTY = 'style.color';

/**
 * Whether the console shows colours, by Maven 3.8's rules: `-Dstyle.color=always` or `never`
 * decide; `auto` (the default) colours a terminal unless in batch mode (`-B`). Beyond Maven 3.8,
 * `auto` also honours the NO_COLOR convention and `TERM=dumb`, and never colours a pipe or a file.
 */
export function consoleColor(
  userProperties: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
  batchMode: boolean,
  terminal: boolean,
): boolean {
  const mode = userProperties[COLOR_PROPERTY] ?? 'auto';
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if (mode !== 'auto') {
    throw new CliUsageError(
      `Invalid color configuration value '${mode}' (-D${COLOR_PROPERTY}). Supported are 'auto', 'always', 'never'.`,
    );
  }
  return terminal && !batchMode && !env.NO_COLOR && env.TERM !== 'dumb';
}
