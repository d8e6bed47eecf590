import { CliUsageError } from './cli-request';

/** `-Dstyle.color`: Maven's switch for console colours. */
export const COLOR_PROPERTY = 'style.color';

/** What decides about colours besides the user's choice. */
export interface ColorContext {
  readonly env: NodeJS.ProcessEnv;
  /** `-B`. */
  readonly batchMode: boolean;
  /** `-l`: the output goes to a file. */
  readonly logFile: boolean;
  /** The output is a terminal. */
  readonly terminal: boolean;
}

/**
 * Whether the console shows colours, by Maven 3.8.7's rules: `--color` (given with a value), else
 * `-Dstyle.color`, decides: `always` (`yes`, `force`) or `never` (`no`, `none`); `auto` (`tty`,
 * `if-tty`, the default) colours a terminal unless in batch mode (`-B`) or logging to a file
 * (`-l`). Beyond Maven 3.8, `auto` also honours the NO_COLOR convention and `TERM=dumb`, and
 * never colours a pipe or a file.
 */
export function consoleColor(
  userProperties: Readonly<Record<string, string>>,
  colorOption: string | undefined,
  context: ColorContext,
): boolean {
  const fromOption = colorOption !== undefined && colorOption !== '';
  const mode = fromOption ? colorOption : (userProperties[COLOR_PROPERTY] ?? 'auto');
  if (['always', 'yes', 'force'].includes(mode)) return true;
  if (['never', 'no', 'none'].includes(mode)) return false;
  if (!['auto', 'tty', 'if-tty'].includes(mode)) {
    const where = fromOption ? '--color' : `-D${COLOR_PROPERTY}`;
    throw new CliUsageError(
      `Invalid color configuration value '${mode}' (${where}). Supported are 'auto', 'always', 'never'.`,
    );
  }
  return (
    context.terminal && !context.batchMode && !context.logFile && !context.env.NO_COLOR && context.env.TERM !== 'dumb'
  );
}
