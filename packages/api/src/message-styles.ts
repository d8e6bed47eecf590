import type { Log } from './log';

/**
 * Maven's message styles (its MessageUtils): a console with colour shows them as ANSI colours,
 * every other log as the plain text. Styles nest (a project name inside a bold rule).
 */
export interface MessageStyles {
  /** Bold: rules, banners, command switches. */
  strong(text: string): string;
  /** Green: a goal in its execution line. */
  mojo(text: string): string;
  /** Cyan: a project. */
  project(text: string): string;
  /** Bold green: SUCCESS. */
  success(text: string): string;
  /** Bold yellow: SKIPPED and warnings. */
  warning(text: string): string;
  /** Bold red: FAILURE and errors. */
  failure(text: string): string;
}

export type MessageStyle = keyof MessageStyles;

/** Styles that leave the text as it is. */
export const PLAIN_STYLES: MessageStyles = {
  strong: (t) => t,
  mojo: (t) => t,
  project: (t) => t,
  success: (t) => t,
  warning: (t) => t,
  failure: (t) => t,
};

/** A log that can show styles says so with its `styles`; any other log gets the plain text. */
export function stylesOf(log: Log): MessageStyles {
  return (log as Log & { readonly styles?: MessageStyles }).styles ?? PLAIN_STYLES;
}
