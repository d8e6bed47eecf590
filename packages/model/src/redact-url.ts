/**
 * `scheme://user:***@host/...` for every URL in `text` that carries a password: what goalhost
 * prints, throws and writes whenever a URL may hold one (repository URLs, SCM connections, the
 * messages of git and svn). A URL without a password is left as it is.
 */
export function redactUrl(text: string): string {
  return text.replace(URL_PASSWORD, '$1:***@');
}

// scheme://user:password@ — user and password stop at the characters a URL cannot hold raw
// there, so the match never runs on into the rest of a message.
const URL_PASSWORD = /\b([A-Za-z][A-Za-z0-9+.-]*:\/\/[^@/:\s'"<>]*):[^@/\s'"<>]+@/g;
