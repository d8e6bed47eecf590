import { userProperty, type MojoDescriptor, type PluginDescriptor } from '@goalhost/model';
import { htmlToPlainText } from './html-to-plain-text';
import { toLines } from './help-lines';

export interface DescribeOptions {
  /** Describe only this goal (`-Dgoal=`). */
  readonly goal?: string;
  /** Every parameter of every goal described (`-Ddetail`). */
  readonly detail?: boolean;
  /** Plugin summary only, no goals (`-Dminimal`). */
  readonly minimal?: boolean;
  /** Command named in the closing hint (Maven says `mvn`). */
  readonly command?: string;
}

/** `-Dgoal=` names no goal of the plugin. */
export class UnknownGoalError extends Error {
  constructor(
    readonly goal: string,
    readonly descriptor: PluginDescriptor,
  ) {
    const goals = descriptor.mojos.map((m) => m.goal).sort();
    super(
      `The goal '${goal}' does not exist in the plugin '${descriptor.goalPrefix}'` +
        (goals.length > 0 ? `; it has: ${goals.join(', ')}` : '; it has no goals'),
    );
    this.name = 'UnknownGoalError';
  }
}

const INDENT_SIZE = 2;
const LINE_LENGTH = 79;
const LS = '\n';

/**
 * The text maven-help-plugin 3.x `help:describe` prints for a plugin (or one of its goals),
 * built from the descriptor alone: same headings, order, sorting (case-insensitive by goal and
 * by parameter name), wrapping at Maven's line length and indentation.
 */
export function describePlugin(descriptor: PluginDescriptor, options: DescribeOptions = {}): string {
  const out = new HelpText();
  const hint = `For more information, run '${options.command ?? 'goalhost'} help:describe [...] -Ddetail'`;
  if (options.goal) {
    const mojo = descriptor.mojos.find((m) => m.goal === options.goal);
    if (!mojo) throw new UnknownGoalError(options.goal, descriptor);
    out.raw(`Mojo: '${fullGoalName(descriptor, mojo)}'`);
    describeGoal(out, descriptor, mojo, options.detail ?? false);
    out.raw('');
    if (!options.detail) out.raw(hint);
    return out.toString();
  }

  const id = `${descriptor.groupId}:${descriptor.artifactId}:${descriptor.version}`;
  out.line(id, 0);
  out.raw('');
  // Maven reads the name from the plugin's POM when plugin.xml has none; the id is its fallback.
  out.keyValue('Name', descriptor.name || id, 0);
  out.paragraph('Description', toDescription(descriptor.description), 0);
  out.keyValue('Group Id', descriptor.groupId, 0);
  out.keyValue('Artifact Id', descriptor.artifactId, 0);
  out.keyValue('Version', descriptor.version, 0);
  out.keyValue('Goal Prefix', descriptor.goalPrefix, 0);
  out.raw('');
  const mojos = descriptor.mojos;
  if (mojos.length === 0) {
    out.line('This plugin has no goals.', 0);
    return out.toString();
  }
  if (!options.minimal) {
    out.line(`This plugin has ${mojos.length} goal${mojos.length > 1 ? 's' : ''}:`, 0);
    out.raw('');
    for (const mojo of [...mojos].sort((a, b) => compareIgnoreCase(a.goal, b.goal))) {
      describeGoal(out, descriptor, mojo, options.detail ?? false);
      out.raw('');
    }
  }
  if (!options.detail) out.raw(hint);
  return out.toString();
}

function describeGoal(out: HelpText, plugin: PluginDescriptor, mojo: MojoDescriptor, detail: boolean): void {
  out.line(fullGoalName(plugin, mojo), 0);
  out.paragraph('Description', toDescription(mojo.description), 1);
  if (mojo.deprecated !== undefined) out.line(`Deprecated. ${mojo.deprecated || 'No reason given'}`, 1);
  if (!detail) return;

  out.keyValue('Implementation', mojo.implementation, 1);
  out.keyValue('Language', mojo.language, 1);
  if (mojo.phase) out.keyValue('Bound to phase', mojo.phase, 1);
  if (mojo.executeGoal || mojo.executePhase) {
    out.line('Before this goal executes, it will call:', 1);
    if (mojo.executeGoal) out.keyValue('Single goal', `'${mojo.executeGoal}'`, 2);
    if (mojo.executePhase) {
      const overlay = mojo.executeLifecycle ? ` in Lifecycle Overlay: '${mojo.executeLifecycle}'` : '';
      out.line(`Phase: '${mojo.executePhase}'${overlay}`, 2);
    }
  }
  out.raw('');

  if (mojo.parameters.length === 0) {
    out.line("This mojo doesn't use any parameters.", 1);
    return;
  }
  out.line('Available parameters:', 1);
  for (const p of [...mojo.parameters].sort((a, b) => compareIgnoreCase(a.name, b.name))) {
    if (!p.editable) continue; // read-only parameters cannot be configured, so Maven hides them
    out.raw('');
    out.line(p.name + (p.defaultValue ? ` (Default: ${p.defaultValue})` : ''), 2);
    if (p.alias) out.keyValue('Alias', p.alias, 3);
    // "Required: Yes", the form of plugins' generated help goals (and of the goals spec); maven-help-plugin prints "true".
    if (p.required) out.keyValue('Required', 'Yes', 3);
    if (p.expression) {
      const property = userProperty(p);
      if (property !== undefined) out.keyValue('User property', property, 3);
      else out.keyValue('Expression', p.expression, 3);
    }
    out.line(toDescription(p.description), 3);
    if (p.deprecated !== undefined) out.line(`Deprecated. ${p.deprecated || 'No reason given'}`, 3);
  }
}

function fullGoalName(plugin: PluginDescriptor, mojo: MojoDescriptor): string {
  return `${plugin.goalPrefix}:${mojo.goal}`;
}

function toDescription(description: string | undefined): string {
  return description ? htmlToPlainText(description) : '(no description available)';
}

/** Java's compareToIgnoreCase, close enough for goal and parameter names. */
function compareIgnoreCase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The `append` helpers of help:describe: every entry ends with a line separator. */
class HelpText {
  private text = '';

  raw(line: string): void {
    this.text += line + LS;
  }

  line(description: string, indent: number): void {
    if (!description) {
      this.raw('Unknown');
      return;
    }
    for (const l of toLines(description, indent, INDENT_SIZE, LINE_LENGTH)) this.raw(l);
  }

  keyValue(key: string, value: string | undefined, indent: number): void {
    for (const l of toLines(`${key}: ${value || 'Unknown'}`, indent, INDENT_SIZE, LINE_LENGTH)) this.raw(l);
  }

  /** First line wrapped as if one level less indented, the rest one level more: a hanging paragraph. */
  paragraph(key: string, value: string, indent: number): void {
    const description = `${key}: ${value || 'Unknown'}`;
    const first = toLines(description, indent, INDENT_SIZE, LINE_LENGTH - INDENT_SIZE);
    const rest = toLines(description, indent + 1, INDENT_SIZE, LINE_LENGTH);
    rest[0] = first[0];
    for (const l of rest) this.raw(l);
  }

  toString(): string {
    return this.text;
  }
}
