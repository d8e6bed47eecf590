/**
 * The line wrapping of Maven's generated help (the `toLines` of maven-plugin-tools' HelpMojo,
 * which help:describe calls): each text line is prefixed with `indent` tabs, split at runs of
 * spaces, and wrapped before a word when the line plus the word would reach `lineLength`;
 * continuation lines are indented to the line's indentation level. Tabs expand to
 * `indentSize` columns and a no-break space prints as a space.
 */
export function toLines(text: string, indent: number, indentSize: number, lineLength: number): string[] {
  const lines: string[] = [];
  const prefix = '\t'.repeat(indent);
  for (const plainLine of javaSplit(text, /\r\n|\r|\n/)) wrapLine(lines, prefix + plainLine, indentSize, lineLength);
  return lines;
}

function wrapLine(lines: string[], line: string, indentSize: number, lineLength: number): void {
  const lineIndent = indentLevel(line);
  let buf = '';
  for (const token of javaSplit(line, / +/)) {
    if (buf.length > 0) {
      if (buf.length + token.length >= lineLength) {
        lines.push(buf);
        buf = ' '.repeat(lineIndent * indentSize);
      } else {
        buf += ' ';
      }
    }
    for (const c of token) {
      if (c === '\t') buf += ' '.repeat(indentSize - (buf.length % indentSize));
      else if (c === '\u00a0') buf += ' ';
      else buf += c;
    }
  }
  lines.push(buf);
}

/** Leading tabs, plus one more when a tab follows within the next four characters (Maven's rule). */
function indentLevel(line: string): number {
  let level = 0;
  while (level < line.length && line[level] === '\t') level++;
  for (let i = level + 1; i <= level + 4 && i < line.length; i++) {
    if (line[i] === '\t') {
      level++;
      break;
    }
  }
  return level;
}

/** Java's String.split: no match gives the input; otherwise trailing empty strings are dropped. */
function javaSplit(text: string, separator: RegExp): string[] {
  const parts = text.split(separator);
  if (parts.length === 1) return parts;
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}
