import { existsSync, statSync } from 'node:fs';
import { tryParseXmlFast } from './fast-xml';
import { INPUT_KINDS, readInputFile } from './input-file';
import { checkParsedModel, notWellFormed, type ModelParseProblem } from './modello-check';
import { TOOLCHAINS_GRAMMAR } from './toolchains-grammar';
import { parseXml } from './xml';
import { XmlStreamError } from './xml-stream-decoder';

/** toolchains.xml files that cannot be used, with Maven's problem list as the message. */
export class ToolchainsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolchainsError';
  }
}

/**
 * Checks the global and user toolchains.xml as Maven's toolchains builder reads them (goalhost
 * runs no Java tool, so it uses no toolchain): a file named with `-t`/`-gt` must exist; what only
 * the lenient reader takes is returned as Maven's warning lines (`message @ line l, column c`);
 * what neither takes throws a ToolchainsError listing Maven's problems. Missing default files are
 * skipped.
 */
export function checkToolchains(
  userFile: string,
  globalFile: string | undefined,
  explicit: { user: boolean; global: boolean },
): string[] {
  if (explicit.user && !isFile(userFile))
    throw new ToolchainsError(`The specified user toolchains file does not exist: ${userFile}`);
  if (globalFile && explicit.global && !isFile(globalFile))
    throw new ToolchainsError(`The specified global toolchains file does not exist: ${globalFile}`);
  const problems: { severity: 'WARNING' | 'FATAL'; line: string }[] = [];
  for (const file of [globalFile, userFile]) {
    if (!file || !existsSync(file)) continue;
    let text: string;
    try {
      text = readInputFile(file, 'The toolchains file', INPUT_KINDS.settings);
    } catch (e) {
      if (!(e instanceof XmlStreamError)) throw e;
      problems.push({ severity: 'FATAL', line: `Non-readable toolchains ${file}: ${e.message}` });
      continue;
    }
    let written = tryParseXmlFast(text);
    if (!written) {
      // XML the fast reader does not take is checked as MXParser reads it first.
      const failure = notWellFormed(text, TOOLCHAINS_GRAMMAR, true, true);
      if (failure) {
        problems.push({ severity: 'FATAL', line: unreadable(file, failure) });
        continue;
      }
      written = parseXml(text, file);
    }
    const strict = checkParsedModel(text, written, TOOLCHAINS_GRAMMAR, true);
    if (!strict) continue;
    if (strict.notWellFormed) {
      problems.push({ severity: 'FATAL', line: unreadable(file, strict) });
      continue;
    }
    // As Maven's toolchains builder: read again leniently; when that fails too, report that failure.
    const lenient = checkParsedModel(text, written, TOOLCHAINS_GRAMMAR, false);
    const problem = lenient ?? strict;
    const where = `@ line ${problem.line}, column ${problem.column}`;
    if (lenient)
      problems.push({ severity: 'FATAL', line: `Non-parseable toolchains ${file}: ${lenient.message} ${where}` });
    else problems.push({ severity: 'WARNING', line: `${strict.message} ${where}` });
  }
  if (problems.some((p) => p.severity === 'FATAL')) {
    const count = problems.length === 1 ? '1 problem was' : `${problems.length} problems were`;
    // As Maven's ToolchainsBuildingException: each problem on its own line, the last one ended too.
    throw new ToolchainsError(
      [
        `${count} encountered while building the effective toolchains`,
        ...problems.map((p) => `[${p.severity}] ${p.line}`),
        '',
      ].join('\n'),
    );
  }
  return problems.map((p) => p.line);
}

/** Maven's problem for a toolchains file no reader takes; the input ending early is an I/O failure to Maven, with no place. */
function unreadable(file: string, p: ModelParseProblem): string {
  if (p.endOfInput) return `Non-readable toolchains ${file}: ${p.message}`;
  return `Non-parseable toolchains ${file}: ${p.message} @ line ${p.line}, column ${p.column}`;
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}
