/**
 * The most characters one expanded value may have. Maven has no limit: properties that repeat
 * each other (`<a>${b}${b}</a>`, `<b>${c}${c}</b>`, ...) double at every level, so 40 lines of
 * POM ask for a terabyte. Real values are far shorter (a POM itself is at most 16 MiB).
 */
export const MAX_EXPANDED_LENGTH = 16 * 1024 * 1024;

/** An expression whose expansion would pass MAX_EXPANDED_LENGTH. */
export class InterpolationSizeError extends Error {
  constructor(
    readonly expression: string,
    readonly limit: number,
  ) {
    super(
      `Resolving expression: '\${${expression}}': its value would be longer than ${limit} characters, the most goalhost ` +
        `expands one value to (a property that repeats another, like <a>\${b}\${b}</a>, doubles the length at every level); ` +
        `write fewer copies of the properties it uses`,
    );
    this.name = 'InterpolationSizeError';
  }
}
