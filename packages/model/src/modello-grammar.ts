/**
 * How the readers Maven generates with Modello (MavenXpp3Reader, SettingsXpp3Reader) read one
 * child element of a model class:
 * - `text`: a single value (`nextText`): text only, no child elements;
 * - `int`: the same, and in strict mode it must be a Java int;
 * - `dom`: any content (a plugin's `<configuration>`, read as an Xpp3Dom);
 * - `properties`: child elements of any name, each a text value;
 * - `['class', C]`: an element of model class C;
 * - `['list', item, C]`: a wrapper of `<item>` elements of class C (`<dependencies>`);
 * - `['strings', item]`: a wrapper of `<item>` text values (`<modules>`, `<goals>`);
 * - `['flat', C]`: elements of class C repeated in place, without a wrapper (toolchains.xml's `<toolchain>`).
 */
export type FieldKind =
  | 'text'
  | 'int'
  | 'dom'
  | 'properties'
  | readonly ['class', string]
  | readonly ['list', string, string]
  | readonly ['strings', string]
  | readonly ['flat', string];

/** One model class: the attributes and child elements its generated parse method accepts. */
export interface ModelClass {
  readonly extends?: string;
  /** Attribute names read (names with a `:` are always ignored, as by the generated readers). */
  readonly attributes?: readonly string[];
  /** Child elements by tag name. */
  readonly fields: Readonly<Record<string, FieldKind>>;
  /** Other tag names read as a field (`organisation` for `organization`). */
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The element grammar of one model version (maven.mdo 4.0.0, settings.mdo 1.2.0, toolchains.mdo 1.1.0). */
export interface ModelGrammar {
  /** What the root element must be called in strict mode. */
  readonly root: string;
  readonly rootClass: string;
  readonly classes: Readonly<Record<string, ModelClass>>;
}

export interface ModelField {
  readonly name: string;
  readonly kind: FieldKind;
}

// Each class's own and inherited fields by tag (aliases included), made on first use.
const fieldTables = new WeakMap<ModelGrammar, Map<string, Map<string, ModelField>>>();

/**
 * The field a child tag names in a class (its own or inherited), or undefined for an unknown tag;
 * a tag and its alias give the same object.
 */
export function fieldOf(grammar: ModelGrammar, className: string, tag: string): ModelField | undefined {
  let classes = fieldTables.get(grammar);
  if (!classes) fieldTables.set(grammar, (classes = new Map()));
  let fields = classes.get(className);
  if (!fields) classes.set(className, (fields = fieldTable(grammar, className)));
  return fields.get(tag);
}

function fieldTable(grammar: ModelGrammar, className: string): Map<string, ModelField> {
  const table = new Map<string, ModelField>();
  for (
    let c: ModelClass | undefined = grammar.classes[className];
    c;
    c = c.extends ? grammar.classes[c.extends] : undefined
  ) {
    for (const [name, kind] of Object.entries(c.fields)) if (!table.has(name)) table.set(name, { name, kind });
    for (const [alias, name] of Object.entries(c.aliases ?? {}))
      if (!table.has(alias)) table.set(alias, table.get(name)!);
  }
  return table;
}

/** Whether the class reads an attribute of that name. */
export function readsAttribute(grammar: ModelGrammar, className: string, attribute: string): boolean {
  for (
    let c: ModelClass | undefined = grammar.classes[className];
    c;
    c = c.extends ? grammar.classes[c.extends] : undefined
  ) {
    if (c.attributes?.includes(attribute)) return true;
  }
  return false;
}
