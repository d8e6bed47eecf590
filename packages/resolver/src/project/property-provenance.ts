import type { DiskProperty, PropertyDeclaration } from '@goalhost/model';
import { interpolate, type Lookup } from './interpolation';

/** One `<properties>` block of a project's lineage (a POM's own, or an active profile's) and who wrote it. */
export interface PropertyLayer extends Omit<PropertyDeclaration, 'value'> {
  readonly properties: ReadonlyArray<readonly [string, string]>;
}

export interface ProvenanceContext {
  readonly userProperties: Readonly<Record<string, string>>;
  readonly systemProperties: Readonly<Record<string, string>>;
  readonly projectDir: string;
}

/**
 * Where each property of a project's effective model was written. The layers are kept as the
 * model builder met them (no file is read again); the maps are made on the first question.
 */
export class PropertyProvenance {
  private all?: Map<string, PropertyDeclaration>;
  private disk?: Map<string, PropertyDeclaration>;

  /** `layers`: highest precedence first, as the effective model's properties were merged. */
  constructor(
    private readonly layers: readonly PropertyLayer[],
    private readonly context: ProvenanceContext,
  ) {}

  /** The declaration whose value the effective model holds. */
  declaration(name: string): PropertyDeclaration | undefined {
    this.all ??= merged(this.layers);
    return this.all.get(name);
  }

  /**
   * The property as the reactor's POM files on disk give it, interpolated as Maven's model
   * interpolator would (user, then model, then system properties, then `env.`), with the model's
   * properties limited to those files' and no other model value but `${basedir}`.
   */
  diskProperty(name: string): DiskProperty | undefined {
    this.disk ??= merged(this.layers.filter((l) => l.origin === 'disk'));
    const declaration = this.disk.get(name);
    if (!declaration) return undefined;
    const { userProperties, systemProperties, projectDir } = this.context;
    const lookup: Lookup = (expr) => {
      if (expr === 'basedir' || expr === 'project.basedir' || expr === 'pom.basedir') return projectDir;
      return (
        own(userProperties, expr) ??
        this.disk!.get(expr)?.value ??
        own(systemProperties, expr) ??
        own(systemProperties, `env.${expr}`)
      );
    };
    return { value: interpolate(declaration.value, lookup, [name]), declaration };
  }
}

function own(record: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Name -> winning declaration: later entries of a layer and higher layers win, as in the model. */
function merged(layers: readonly PropertyLayer[]): Map<string, PropertyDeclaration> {
  const map = new Map<string, PropertyDeclaration>();
  for (let i = layers.length - 1; i >= 0; i--) {
    const { properties, ...who } = layers[i];
    for (const [name, value] of properties) map.set(name, { ...who, value });
  }
  return map;
}
