import { MessageOnlyError } from './message-only-error';

/** The module of a file could not be determined; the message is the JDK's, as Maven prints it. */
export class ModuleNameError extends MessageOnlyError {}

/** Keywords and literals that are no identifier (java.lang.module's list, `_` included). */
const RESERVED = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends final ' +
    'finally float for goto if implements import instanceof int interface long native new package private protected public ' +
    'return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null _'
  ).split(' '),
);

/** Character.isJavaIdentifierStart / isJavaIdentifierPart by Unicode category. */
const IDENTIFIER =
  /^[\p{L}\p{Nl}\p{Sc}\p{Pc}][\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}\p{Cf}\u0000-\u0008\u000e-\u001b\u007f-\u009f]*$/u;

export function isJavaIdentifier(s: string): boolean {
  return s !== '' && !RESERVED.has(s) && IDENTIFIER.test(s);
}

/** A dotted name of Java identifiers (a package or class name). */
export function isTypeName(name: string): boolean {
  return name.split('.').every(isJavaIdentifier);
}

/** The JDK's check of a dotted name; `what` names the kind in the message ("module name", "service provider name"...). */
export function requireTypeName(what: string, name: string): void {
  for (const part of name.split('.')) {
    if (!isJavaIdentifier(part))
      throw new ModuleNameError(`${name}: Invalid ${what}: '${part}' is not a Java identifier`);
  }
}

/** A service type or provider class: a valid class name in a named package. */
export function requireQualifiedClassName(what: string, name: string): void {
  requireTypeName(what, name);
  if (!name.includes('.'))
    throw new ModuleNameError(`${name}: is not a qualified name of a Java class in a named package`);
}

/** The package of a class name, '' for none. */
export function packageOf(className: string): string {
  const dot = className.lastIndexOf('.');
  return dot < 0 ? '' : className.slice(0, dot);
}
