/**
 * plexus-io's FileMappers (plexus-io 3.3.1, as maven-dependency-plugin 3.5.0 runs them): each
 * rewrites an entry name; plexus-archiver passes every selected entry's name through the chain
 * in order and extracts it under the result. Includes/excludes see the original name.
 */

const PACKAGE = 'org.codehaus.plexus.components.io.filemappers';

/** A mapper that cannot map (a required property unset, an empty name), with Maven's message. */
export class FileMapperError extends Error {}

export interface FileMapper {
  /** The plexus class name, for messages. */
  readonly className: string;
  map(name: string): string;
  /** The properties it was configured with (what tells two mappers of a class apart, e.g. in a store key). */
  readonly configuration?: Readonly<Record<string, string>>;
}

/** What one mapper class accepts: its properties, and how it is built from them. */
export interface FileMapperKind {
  readonly properties: readonly string[];
  /** Builds the mapper; `values` holds the properties that were given (as text). */
  create(values: Readonly<Record<string, string>>): FileMapper;
}

/** AbstractFileMapper's check, which every mapper makes on its input first. */
function checked(name: string): string {
  if (name.length === 0) throw new FileMapperError('The source name must not be null.');
  return name;
}

function lastSeparator(name: string): number {
  return Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
}

const identity = (className: string): FileMapper => ({ className, map: checked });

/**
 * A Java replacement string (`$1`, `${name}`, `\$`) applied to one match: group references take
 * as many digits as still name a group, as java.util.regex.Matcher does.
 */
function javaReplacement(replacement: string, match: RegExpExecArray): string {
  let out = '';
  for (let i = 0; i < replacement.length; i++) {
    const ch = replacement[i];
    if (ch === '\\') {
      i++;
      if (i >= replacement.length) throw new FileMapperError('character to be escaped is missing');
      out += replacement[i];
    } else if (ch === '$') {
      i++;
      if (i >= replacement.length) throw new FileMapperError('Illegal group reference: group index is missing');
      if (replacement[i] === '{') {
        const end = replacement.indexOf('}', i);
        const group = end < 0 ? '' : replacement.slice(i + 1, end);
        if (end < 0 || !match.groups || !(group in match.groups))
          throw new FileMapperError(`No group with name {${group}}`);
        out += match.groups[group] ?? '';
        i = end;
      } else {
        if (!/[0-9]/.test(replacement[i])) throw new FileMapperError('Illegal group reference');
        let group = Number(replacement[i]);
        if (group >= match.length) throw new FileMapperError(`No group ${group}`);
        while (
          i + 1 < replacement.length &&
          /[0-9]/.test(replacement[i + 1]) &&
          group * 10 + Number(replacement[i + 1]) < match.length
        ) {
          group = group * 10 + Number(replacement[++i]);
        }
        out += match[group] ?? '';
      }
    } else out += ch;
  }
  return out;
}

function regExpMapper(pattern: RegExp | undefined, replacement: string | undefined, replaceAll: boolean): FileMapper {
  return {
    className: `${PACKAGE}.RegExpFileMapper`,
    map(name) {
      checked(name);
      if (!pattern) throw new FileMapperError('The regular expression pattern has not been set.');
      if (replacement === undefined) throw new FileMapperError('The pattern replacement string has not been set.');
      const re = new RegExp(pattern.source, replaceAll ? `${pattern.flags}g` : pattern.flags);
      let out = '';
      let from = 0;
      for (let m = re.exec(name); m; m = replaceAll ? re.exec(name) : null) {
        out += name.slice(from, m.index) + javaReplacement(replacement, m);
        from = m.index + m[0].length;
        if (m[0].length === 0) {
          // An empty match: copy one character and look again after it, as Java does.
          if (m.index < name.length) out += name[m.index];
          from = m.index + 1;
          re.lastIndex = from;
          if (from > name.length) break;
        }
      }
      return from > name.length ? out : out + name.slice(from);
    },
  };
}

/** Java's Pattern.compile for the patterns people write; what JavaScript cannot read is reported. */
function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (e) {
    throw new FileMapperError((e as Error).message);
  }
}

/** The mapper classes by their plexus names. */
export const FILE_MAPPER_KINDS: Readonly<Record<string, FileMapperKind>> = {
  [`${PACKAGE}.IdentityMapper`]: { properties: [], create: () => identity(`${PACKAGE}.IdentityMapper`) },
  [`${PACKAGE}.FlattenFileMapper`]: {
    properties: [],
    create: () => ({
      className: `${PACKAGE}.FlattenFileMapper`,
      map(name) {
        // Cut after the last '/', then after the last '\': a directory entry becomes ''.
        let result = checked(name);
        const slash = name.lastIndexOf('/');
        if (slash >= 0) result = result.slice(slash + 1);
        const backslash = name.lastIndexOf('\\');
        if (backslash >= 0) result = result.slice(backslash + 1);
        return result;
      },
    }),
  },
  [`${PACKAGE}.MergeFileMapper`]: {
    properties: ['targetName'],
    create: ({ targetName }) => ({
      className: `${PACKAGE}.MergeFileMapper`,
      map(name) {
        if (targetName === undefined) throw new FileMapperError('The target file name has not been set.');
        checked(name);
        return targetName;
      },
    }),
  },
  [`${PACKAGE}.PrefixFileMapper`]: {
    properties: ['prefix'],
    create: ({ prefix }) => ({
      className: `${PACKAGE}.PrefixFileMapper`,
      map: (name) => (prefix ? prefix + checked(name) : checked(name)),
    }),
  },
  [`${PACKAGE}.SuffixFileMapper`]: {
    properties: ['suffix'],
    create: ({ suffix }) => ({
      className: `${PACKAGE}.SuffixFileMapper`,
      map(name) {
        checked(name);
        if (suffix === undefined) throw new FileMapperError('The suffix has not been set.');
        // The suffix goes before the first '.' of the last segment (plexus counts a separator at
        // position 0 as none).
        const sep = lastSeparator(name);
        const base = sep > 0 ? name.slice(sep + 1) : name;
        const dir = sep > 0 ? name.slice(0, sep + 1) : '';
        const dot = base.indexOf('.');
        return dot >= 0 ? `${dir}${base.slice(0, dot)}${suffix}.${base.slice(dot + 1)}` : name + suffix;
      },
    }),
  },
  [`${PACKAGE}.FileExtensionMapper`]: {
    properties: ['targetExtension'],
    create: ({ targetExtension }) => {
      const extension =
        targetExtension === undefined || targetExtension.startsWith('.') ? targetExtension : `.${targetExtension}`;
      return {
        className: `${PACKAGE}.FileExtensionMapper`,
        map(name) {
          if (extension === undefined) throw new FileMapperError('The target extension has not been set.');
          checked(name);
          const dot = name.lastIndexOf('.');
          return dot <= lastSeparator(name) ? name + extension : name.slice(0, dot) + extension;
        },
      };
    },
  },
  [`${PACKAGE}.RegExpFileMapper`]: {
    properties: ['pattern', 'replacement', 'replaceAll'],
    create: ({ pattern, replacement, replaceAll }) =>
      regExpMapper(
        pattern === undefined ? undefined : compilePattern(pattern),
        replacement,
        replaceAll?.trim().toLowerCase() === 'true',
      ),
  },
};

/** The name an entry is extracted under: each mapper gets the previous one's result. */
export function mapEntryName(mappers: readonly FileMapper[] | undefined, name: string): string {
  if (!mappers || mappers.length === 0) return name;
  let mapped = name;
  for (const m of mappers) {
    try {
      mapped = m.map(mapped);
    } catch (e) {
      if (!(e instanceof FileMapperError)) throw e;
      const input = mapped === name ? `entry ${name}` : `entry ${name} (mapped so far to '${mapped}')`;
      throw new FileMapperError(
        `${e.message} (fileMappers: ${m.className.slice(m.className.lastIndexOf('.') + 1)} on ${input})`,
      );
    }
  }
  return mapped;
}
