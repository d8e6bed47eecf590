import { excerpt } from '@goalhost/model';
import { optionNamed, type OptionSpec } from './cli-options';

/** A command line (or maven.config) goalhost cannot understand. */
export class CliUsageError extends Error {}

/** Where arguments come from, as Maven's messages name it. */
export type ArgumentSource = 'command line options' | 'maven.config';

/** One option as given: its spec, its value if it takes one, and the index in argv of its name. */
export interface ParsedOption {
  readonly spec: OptionSpec;
  readonly value?: string;
  readonly at: number;
}

/** Arguments (goals and phases) and options, in the order given: commons-cli's CommandLine. */
export interface CommandLine {
  readonly args: readonly string[];
  readonly options: readonly ParsedOption[];
}

/**
 * Parses argv (without node and script) as Maven's CLI does with commons-cli's GnuParser: an
 * option is named by its short or long name after one or two dashes (`-am`, `--also-make`);
 * `--file=x` and `-Dx=y` carry their value; a single-letter option may have its value attached
 * (`-fpom.xml`, `-Pa,b`), and a single-letter flag so followed leaves the rest as a goal; an
 * option's value is the next argument unless that names an option; after `--` everything is a goal.
 */
export function parseCommandLine(
  argv: readonly string[],
  source: ArgumentSource = 'command line options',
): CommandLine {
  const unparseable = (reason: string) => new CliUsageError(`Unable to parse ${source}: ${reason}`);
  const tokens = flatten(argv);
  const args: string[] = [];
  const options: ParsedOption[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const { text, at } = tokens[i];
    if (text === '--') {
      args.push(
        ...tokens
          .slice(i + 1)
          .map((t) => t.text)
          .filter((t) => t !== '--'),
      );
      break;
    }
    if (!text.startsWith('-') || text === '-') {
      args.push(text);
      continue;
    }
    const spec = optionNamed(stripHyphens(text));
    if (!spec) throw unparseable(`Unrecognized option: ${excerpt(text)}`);
    if (!spec.arg) {
      options.push({ spec, at });
      continue;
    }
    const next = tokens[i + 1];
    if (next !== undefined && !(next.text.startsWith('-') && optionNamed(stripHyphens(next.text)))) {
      options.push({ spec, value: next.text, at });
      i++;
    } else if (spec.arg === 'optional') {
      options.push({ spec, at });
    } else {
      throw unparseable(`Missing argument for option: ${spec.short ?? spec.long}`);
    }
  }
  return { args, options };
}

/** GnuParser's flatten: `--name=value` and `-Xvalue` split into the option and its value. */
function flatten(argv: readonly string[]): { text: string; at: number }[] {
  const tokens: { text: string; at: number }[] = [];
  argv.forEach((arg, at) => {
    const name = stripHyphens(arg);
    if (arg === '-' || !arg.startsWith('-') || optionNamed(name)) {
      tokens.push({ text: arg, at });
    } else if (name.includes('=') && optionNamed(name.slice(0, name.indexOf('=')))) {
      tokens.push({ text: arg.slice(0, arg.indexOf('=')), at }, { text: arg.slice(arg.indexOf('=') + 1), at });
    } else if (optionNamed(arg.slice(1, 2)) && arg.length > 2 && !arg.startsWith('--')) {
      tokens.push({ text: arg.slice(0, 2), at }, { text: arg.slice(2), at });
    } else {
      tokens.push({ text: arg, at });
    }
  });
  return tokens;
}

function stripHyphens(text: string): string {
  return text.startsWith('--') ? text.slice(2) : text.startsWith('-') ? text.slice(1) : text;
}

/**
 * Maven's merge of the command line with .mvn/maven.config: the command line's goals first, then
 * its options except `-D`, then the file's options, then the command line's `-D` (so its
 * properties win, and for single values the command line's comes first).
 */
export function mergeCommandLines(cli: CommandLine, config: CommandLine): CommandLine {
  const define = (o: ParsedOption) => o.spec.long === 'define';
  return {
    args: [...cli.args, ...config.args],
    options: [...cli.options.filter((o) => !define(o)), ...config.options, ...cli.options.filter(define)],
  };
}
