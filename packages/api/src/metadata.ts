import 'reflect-metadata';

/**
 * The only module that touches Reflect metadata. Decorators record plain objects under one
 * namespaced key; `goalMetadataOf` reads and validates them once.
 */
const GOAL_KEY = Symbol.for('goalhost:goal');
const PARAMETERS_KEY = Symbol.for('goalhost:parameters');

/** Java-style parameter types, as written in plugin.xml. */
export type ParameterType =
  'boolean' | 'int' | 'java.lang.String' | 'java.io.File' | 'java.util.List' | 'java.lang.String[]' | `${string}[]`;

export interface GoalOptions {
  readonly name: string;
  readonly description: string;
  readonly defaultPhase?: string;
  readonly requiresProject?: boolean;
  readonly requiresDependencyResolution?: 'compile' | 'runtime' | 'test' | 'compile+runtime' | 'runtime+system';
  /** The dependencies are collected (not downloaded) before the goal runs; its failures fail the goal as Maven's core does. */
  readonly requiresDependencyCollection?: 'compile' | 'runtime' | 'test' | 'compile+runtime' | 'runtime+system';
  readonly requiresOnline?: boolean;
  readonly aggregator?: boolean;
  readonly threadSafe?: boolean;
  readonly since?: string;
}

export interface ParameterOptions {
  readonly type: ParameterType;
  readonly description: string;
  /** User property, e.g. `mdep.skip`: written to the descriptor as `${mdep.skip}`. */
  readonly property?: string;
  /** Default value expression, e.g. `${project.build.directory}/dependency`. */
  readonly defaultValue?: string;
  readonly required?: boolean;
  readonly readonly?: boolean;
  readonly alias?: string;
  readonly since?: string;
  /** Name of the parameter in the descriptor when it differs from the field name. */
  readonly name?: string;
}

export interface ParameterMetadata extends ParameterOptions {
  readonly field: string;
  readonly name: string;
}

/** Any class (a decorator's target too): goal metadata is read from a constructor and its prototype chain. */
export interface GoalClassLike {
  readonly name: string;
  readonly prototype: unknown;
}

export interface GoalMetadata extends GoalOptions {
  readonly parameters: readonly ParameterMetadata[];
}

export function defineGoal(target: GoalClassLike, options: GoalOptions): void {
  Reflect.defineMetadata(GOAL_KEY, options, target);
}

export function defineParameter(prototype: object, field: string, options: ParameterOptions): void {
  const ctor = prototype.constructor;
  const own: ParameterMetadata[] = Reflect.getOwnMetadata(PARAMETERS_KEY, ctor) ?? [];
  Reflect.defineMetadata(PARAMETERS_KEY, [...own, { ...options, field, name: options.name ?? field }], ctor);
}

/** Whether a class carries @Goal metadata (a goal described only by an XML descriptor does not). */
export function isDecoratedGoal(goalClass: GoalClassLike): boolean {
  return Reflect.hasOwnMetadata(GOAL_KEY, goalClass);
}

/** The goal metadata of a class (inherited parameters first), or an error saying what is missing. */
export function goalMetadataOf(goalClass: GoalClassLike): GoalMetadata {
  const goal: GoalOptions | undefined = Reflect.getOwnMetadata(GOAL_KEY, goalClass);
  if (!goal) throw new Error(`${goalClass.name} is not a goal: decorate it with @Goal({ name, description })`);
  const parameters: ParameterMetadata[] = [];
  for (let c: GoalClassLike | null = goalClass; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const own: ParameterMetadata[] = Reflect.getOwnMetadata(PARAMETERS_KEY, c) ?? [];
    for (const p of own) if (!parameters.some((q) => q.name === p.name)) parameters.push(p);
  }
  parameters.sort((a, b) => a.name.localeCompare(b.name));
  return { ...goal, parameters };
}
