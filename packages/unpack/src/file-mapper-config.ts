import { GoalExecutionError, IMPLEMENTATION_KEY } from '@goalhost/api';
import { FILE_MAPPER_KINDS, FileMapperError, type FileMapper } from '@goalhost/archive';

/**
 * Reads the `fileMappers` parameter as Maven configures a `FileMapper[]`: each child element
 * names its class, by a dotted element name
 * (`<org.codehaus.plexus.components.io.filemappers.PrefixFileMapper>`) or an `implementation`
 * attribute, and holds one element per property. Empty properties count as unset, as in Maven.
 */

const INTERFACE = 'org.codehaus.plexus.components.io.filemappers.FileMapper';

function problem(detail: string): GoalExecutionError {
  return new GoalExecutionError(`Unable to parse configuration of parameter fileMappers: ${detail}`);
}

function knownClasses(): string {
  return Object.keys(FILE_MAPPER_KINDS)
    .map((c) => c.slice(c.lastIndexOf('.') + 1))
    .join(', ');
}

function toMapper(item: unknown, position: number): FileMapper {
  const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const className = typeof fields[IMPLEMENTATION_KEY] === 'string' ? (fields[IMPLEMENTATION_KEY] as string) : undefined;
  const kind = className === undefined ? undefined : FILE_MAPPER_KINDS[className];
  if (!kind || !Object.prototype.hasOwnProperty.call(FILE_MAPPER_KINDS, className as string)) {
    const named = className ?? INTERFACE;
    throw problem(
      `item ${position + 1} names ${named === INTERFACE ? `the interface ${INTERFACE}` : `the unknown class ${named}`}; ` +
        `name an implementation as the element (<org.codehaus.plexus.components.io.filemappers.PrefixFileMapper>) ` +
        `or in implementation="..." (known: ${knownClasses()})`,
    );
  }
  if (typeof item === 'string' && item !== '') {
    throw problem(`${className} cannot be configured from the text '${item}'; give its properties as elements`);
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === IMPLEMENTATION_KEY) continue;
    if (!kind.properties.includes(key)) {
      const has = kind.properties.length > 0 ? `it has ${kind.properties.join(', ')}` : 'it has no properties';
      throw problem(`Cannot find '${key}' in class ${className} (${has})`);
    }
    if (typeof value !== 'string') throw problem(`'${key}' in class ${className} takes text, not nested elements`);
    // Maven leaves a property of an empty element unset.
    if (value !== '') values[key] = value;
  }
  try {
    return { ...kind.create(values), configuration: values };
  } catch (e) {
    if (e instanceof FileMapperError) throw problem(`Cannot set 'pattern' in class ${className}: ${e.message}`);
    throw e;
  }
}

/** The configured chain, in order; empty when the parameter is not set. */
export function parseFileMappers(configured: unknown): FileMapper[] {
  if (configured === undefined || configured === null || configured === '') return [];
  if (!Array.isArray(configured)) throw problem('give the mappers as child elements of <fileMappers>');
  return configured.map(toMapper);
}
