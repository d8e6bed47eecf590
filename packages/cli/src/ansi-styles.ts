import type { MessageStyle, MessageStyles } from '@goalhost/api';

/** SGR parameters of each style, as Maven 3.8's console writes them. */
const SGR: Readonly<Record<MessageStyle | 'debug' | 'info', string>> = {
  strong: '1',
  mojo: '32',
  project: '36',
  success: '1;32',
  warning: '1;33',
  failure: '1;31',
  debug: '1;36',
  info: '1;34',
};

// Styled text is marked with two control characters no log message carries, and rendered when written.
const OPEN = '\u000e';
const CLOSE = '\u000f';
const MARKED = /\u000e([a-z]+):|\u000f/g;

function marker(style: MessageStyle | 'debug' | 'info'): (text: string) => string {
  return (text) => `${OPEN}${style}:${text}${CLOSE}`;
}

/** Styles that mark the text for `renderAnsi`. */
export const MARKING_STYLES: MessageStyles = {
  strong: marker('strong'),
  mojo: marker('mojo'),
  project: marker('project'),
  success: marker('success'),
  warning: marker('warning'),
  failure: marker('failure'),
};

const LEVEL_STYLE: Readonly<Record<string, MessageStyle | 'debug' | 'info'>> = {
  DEBUG: 'debug',
  INFO: 'info',
  WARNING: 'warning',
  ERROR: 'failure',
};

/** `[LEVEL] ` with the level marked in its colour. */
export function markedLevel(level: string): string {
  return `[${marker(LEVEL_STYLE[level] ?? 'strong')(level)}] `;
}

/**
 * Turns marked text into ANSI escapes the way Maven's console does: `ESC[1m` entering a style from
 * plain text, `ESC[0;36m` switching from one style to another, `ESC[m` back to plain text.
 */
export function renderAnsi(line: string): string {
  const stack: string[] = [];
  let shown = '';
  let out = '';
  let at = 0;
  const emit = (text: string): void => {
    if (text === '') return;
    const wanted = stack.at(-1) ?? '';
    if (wanted !== shown)
      out += wanted === '' ? '\u001b[m' : shown === '' ? `\u001b[${wanted}m` : `\u001b[0;${wanted}m`;
    shown = wanted;
    out += text;
  };
  for (const m of line.matchAll(MARKED)) {
    emit(line.slice(at, m.index));
    if (m[1] !== undefined) stack.push(SGR[m[1] as MessageStyle] ?? '');
    else stack.pop();
    at = m.index + m[0].length;
  }
  emit(line.slice(at));
  return shown === '' ? out : `${out}\u001b[m`;
}

/** The text without its marks. */
export function stripMarks(line: string): string {
  return line.replace(MARKED, '');
}
