import { END_DOCUMENT, XmlEndOfInput, XmlPullParserError, Xpp3Scanner } from './xpp3-scanner';

/**
 * MXParser's message for text that is not well-formed XML (what a reader Maven generates throws
 * for it, e.g. for a maven-metadata.xml), or undefined when MXParser reads it to the end.
 */
export function xmlWellFormednessProblem(text: string): string | undefined {
  const scanner = new Xpp3Scanner(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  try {
    let type = scanner.next();
    while (type !== END_DOCUMENT) type = scanner.next();
    return undefined;
  } catch (e) {
    if (e instanceof XmlPullParserError || e instanceof XmlEndOfInput) return e.message;
    throw e;
  }
}
