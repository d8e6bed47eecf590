import * as path from 'node:path';
import type { MojoDescriptor, ParameterDescriptor, XmlElement } from '@goalhost/model';
import { dictionary, userProperty } from '@goalhost/model';
import { IMPLEMENTATION_KEY } from '@goalhost/api';
import { ParameterError } from './errors';
import type { ExpressionEvaluator } from './expression-evaluator';

/** One parameter's bound value and where it came from (for `-X` output). */
export interface BoundValue {
  readonly value: unknown;
  readonly source: 'configuration' | 'property' | 'default';
}

/** Parameter name -> value, for parameters that received one. */
export type BoundParameters = ReadonlyMap<string, BoundValue>;

export interface BindRequest {
  readonly mojo: MojoDescriptor;
  /** The merged `<configuration>` (execution over plugin level), if any. */
  readonly configuration?: XmlElement;
  readonly evaluator: ExpressionEvaluator;
  /** Directory relative File values resolve against (the project's basedir). */
  readonly basedir: string;
  /** `g:a:v:goal (id)`, for messages. */
  readonly executionLabel: string;
  readonly pluginArtifactId: string;
  /** `artifactId:version:goal (id)`, for warnings. */
  readonly pluginLabel: string;
  readonly warn: (message: string) => void;
}

const SECRET = /pass(word|phrase)|secret|token/i;

/** True when a parameter's value must never be printed. */
export function isSecretParameter(name: string): boolean {
  return SECRET.test(name);
}

/**
 * Binds parameter values in Maven's precedence: the `<configuration>` element, then the user
 * property through the parameter's expression (-D, then project properties), then the
 * default value. Coerces by the descriptor type; collects every problem into one error.
 */
export function bindParameters(request: BindRequest): BoundParameters {
  const { mojo, configuration, evaluator } = request;
  const values = new Map<string, BoundValue>();
  const problems: string[] = [];
  const missing: ParameterDescriptor[] = [];
  warnUnknown(request);
  for (const param of mojo.parameters) {
    const element = configuration?.children.find(
      (c) => c.name === param.name || (param.alias && c.name === param.alias),
    );
    let bound: BoundValue | undefined;
    try {
      if (element) bound = fromElement(param, element, request);
      if (bound === undefined && param.expression) {
        const raw = evaluator.evaluate(param.expression);
        if (raw !== undefined)
          bound = { value: coerceText(param, raw, request, `from ${param.expression}`), source: 'property' };
      }
      if (bound === undefined && param.defaultValue !== undefined) {
        const raw = evaluator.evaluate(param.defaultValue);
        if (raw !== undefined) bound = { value: coerceText(param, raw, request, 'default value'), source: 'default' };
      }
    } catch (e) {
      if (!(e instanceof ValueError)) throw e;
      problems.push(e.message);
      continue;
    }
    if (bound !== undefined) values.set(param.name, bound);
    else if (param.required) missing.push(param);
  }
  if (problems.length > 0 || missing.length > 0) throw parameterError(request, problems, missing);
  return values;
}

class ValueError extends Error {}

function fromElement(param: ParameterDescriptor, element: XmlElement, request: BindRequest): BoundValue | undefined {
  if (isArrayType(param.type)) {
    if (element.children.length > 0) {
      // A raw List holds what each item is: text, or an object with fields (maven-dependency-plugin's artifactItems).
      const items = element.children.map((c) =>
        isStringItem(param.type) && (c.children.length === 0 || !isRawList(param.type))
          ? (request.evaluator.evaluate(c.text.trim()) ?? '')
          : toItem(c, param.type, request),
      );
      return { value: items, source: 'configuration' };
    }
  }
  const raw = request.evaluator.evaluate(element.text.trim());
  if (raw === undefined) return undefined;
  return {
    value: coerceText(param, raw, request, `in <configuration> of ${request.executionLabel}`),
    source: 'configuration',
  };
}

/** An object-array item, with the class it names when that is not the array's item type. */
function toItem(element: XmlElement, type: string, request: BindRequest): unknown {
  const value = toObject(element, request);
  const implementation = element.attributes.implementation ?? (element.name.includes('.') ? element.name : undefined);
  if (implementation === undefined || implementation === itemType(type)) return value;
  if (typeof value === 'object')
    return dictionary([[IMPLEMENTATION_KEY, implementation], ...Object.entries(value as Record<string, unknown>)]);
  return value === '' ? dictionary([[IMPLEMENTATION_KEY, implementation]]) : value;
}

/** `X[]` and `java.util.List<X>` give X. */
function itemType(type: string): string {
  if (type.endsWith('[]')) return type.slice(0, -2);
  const generic = /^java\.util\.(?:List|Set)<(.+)>$/.exec(type);
  return generic ? generic[1] : type;
}

function toObject(element: XmlElement, request: BindRequest): unknown {
  if (element.children.length === 0) return request.evaluator.evaluate(element.text.trim()) ?? '';
  // Element names are the POM's: `__proto__` or `constructor` must stay plain keys.
  const object = dictionary<unknown>();
  for (const c of element.children) object[c.name] = toObject(c, request);
  return object;
}

function coerceText(param: ParameterDescriptor, raw: string, request: BindRequest, origin: string): unknown {
  const shown = isSecretParameter(param.name) ? '***' : raw;
  switch (param.type) {
    case 'boolean':
    case 'java.lang.Boolean': {
      const v = raw.trim().toLowerCase();
      if (v === 'true' || v === 'false') return v === 'true';
      throw new ValueError(
        `parameter '${param.name}' has value '${shown}' (${origin}) but must be a boolean: true or false`,
      );
    }
    case 'int':
    case 'java.lang.Integer':
    case 'long':
    case 'java.lang.Long': {
      if (/^[-+]?\d+$/.test(raw.trim())) return Number.parseInt(raw.trim(), 10);
      throw new ValueError(
        `parameter '${param.name}' has value '${shown}' (${origin}) but must be a whole number, e.g. 3`,
      );
    }
    case 'java.io.File':
      return raw === '' ? raw : path.resolve(request.basedir, raw);
    default:
      if (isArrayType(param.type)) {
        if (!isStringItem(param.type)) {
          throw new ValueError(
            `parameter '${param.name}' (${param.type}) cannot be set from the text '${shown}' (${origin}); configure it with nested elements in <configuration>`,
          );
        }
        return raw
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
      }
      return raw;
  }
}

function isArrayType(type: string): boolean {
  return (
    type.endsWith('[]') || type === 'java.util.List' || type === 'java.util.Set' || type.startsWith('java.util.List<')
  );
}

function isStringItem(type: string): boolean {
  return (
    type === 'java.lang.String[]' ||
    type === 'java.util.List' ||
    type === 'java.util.Set' ||
    type === 'java.util.List<java.lang.String>'
  );
}

function warnUnknown({ mojo, configuration, warn, pluginLabel }: BindRequest): void {
  for (const c of configuration?.children ?? []) {
    const param = mojo.parameters.find((p) => p.name === c.name || p.alias === c.name);
    if (!param) warn(`Parameter '${c.name}' is unknown for plugin '${pluginLabel}'`);
    else if (!param.editable) warn(`Parameter '${c.name}' is read-only, must not be used in configuration`);
  }
}

function parameterError(request: BindRequest, problems: string[], missing: ParameterDescriptor[]): ParameterError {
  const goal = request.executionLabel;
  const names = [...missing.map((p) => p.name)];
  const lines: string[] = [...problems];
  if (missing.length > 0) {
    lines.push(
      '',
      `Inside the definition for plugin '${request.pluginArtifactId}', specify the following:`,
      '',
      '<configuration>',
      '  ...',
      ...missing.map((p) => `  <${p.name}>VALUE</${p.name}>`),
      '</configuration>',
    );
    const props = missing.map(userProperty).filter((p): p is string => p !== undefined);
    if (props.length > 0)
      lines.push('', '-or-', '', `on the command line, specify: ${props.map((p) => `'-D${p}=VALUE'`).join(' ')}`);
  }
  const message =
    missing.length > 0
      ? `The parameters ${names.map((n) => `'${n}'`).join(', ')} for goal ${goal} are missing or invalid` +
        (problems.length > 0 ? `; ${problems.join('; ')}` : '')
      : `Invalid parameter values for goal ${goal}: ${problems.join('; ')}`;
  // Maven: a missing parameter is a PluginParameterException, a value it cannot convert a PluginConfigurationException.
  return new ParameterError(message, missing.length > 0 ? lines.slice(problems.length) : [], {
    mavenException: missing.length > 0 ? 'PluginParameterException' : 'PluginConfigurationException',
  });
}

/** A collection type without its item type (plugin.xml erases generics). */
function isRawList(type: string): boolean {
  return type === 'java.util.List' || type === 'java.util.Set';
}
