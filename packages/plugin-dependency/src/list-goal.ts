import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { ownValue, type Artifact } from '@goalhost/model';
import { filterArtifacts } from './artifact-filters';
import { DependencyFilterGoal } from './dependency-filter-goal';
import { moduleInfo, ModuleNameError } from './module-name';
import { logOutput, writeOutput } from './output-writer';

/** An artifact line of the list: Maven's Artifact fields (scope absent for classifier-translated ones). */
export interface ListedArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  readonly type: string;
  readonly classifier?: string;
  readonly baseVersion: string;
  readonly scope?: string;
  readonly optional: boolean;
  readonly file?: string;
}

/** Maven's Artifact.toString(): `g:a:type[:classifier]:baseVersion[:scope]`. */
export function artifactToString(a: ListedArtifact, withScope: boolean): string {
  const id = [a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.baseVersion].join(':');
  return withScope && a.scope ? `${id}:${a.scope}` : id;
}

const LIST_DESCRIPTION = 'Displays the list of dependencies for this project.';

/** dependency:list — maven-dependency-plugin 3.5.0's ListMojo (an alias of dependency:resolve). */
@Goal({
  name: 'list',
  description: LIST_DESCRIPTION,
  requiresDependencyResolution: 'test',
  threadSafe: true,
  since: '2.0',
})
export class ListGoal extends DependencyFilterGoal {
  @Parameter({
    type: 'java.lang.String',
    property: 'outputEncoding',
    defaultValue: '${project.reporting.outputEncoding}',
    since: '3.2.0',
    description: 'Encoding to write the output file with (default UTF-8).',
  })
  outputEncoding?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.outputScope',
    defaultValue: 'true',
    since: '2.0-alpha-2',
    description: 'If we should display the scope when resolving',
  })
  outputScope = true;

  @Parameter({
    type: 'boolean',
    property: 'sort',
    defaultValue: 'false',
    since: '2.8',
    description:
      'Sort the output list of resolved artifacts alphabetically. The default ordering matches the classpath order.',
  })
  sort = false;

  @Parameter({
    type: 'boolean',
    property: 'includeParents',
    defaultValue: 'false',
    since: '2.8',
    description: 'Include parent poms in the dependency resolution list.',
  })
  includeParents = false;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const { resolved, skipped, unresolved } = await this.dependencySets();
    const output = this.render(resolved, skipped, unresolved);
    if (this.outputFile) writeOutput(output, this.outputFile, this.appendOutput, this.outputEncoding || 'UTF-8');
    else logOutput(output, this.log);
  }

  private async dependencySets(): Promise<{
    resolved: ListedArtifact[];
    skipped: ListedArtifact[];
    unresolved: ListedArtifact[];
  }> {
    const filtered = filterArtifacts(this.context.artifacts, this);
    const skipped = filtered.filter((a) => this.markerSet(a));
    const kept = filtered.filter((a) => !skipped.includes(a));
    if (!this.classifier) return { resolved: kept, skipped, unresolved: [] };
    const translated: ListedArtifact[] = [];
    for (const a of kept) {
      const t = await this.translate(a);
      // The plugin collects translations in a set: two dependencies of one artifact translate once.
      if (t && !translated.some((u) => artifactToString(u, false) === artifactToString(t, false))) translated.push(t);
    }
    // Like the plugin, the originals count as unresolved: they never equal their translations.
    return { resolved: translated, skipped, unresolved: kept };
  }

  /** The artifact with `-Dclassifier` (and `-Dtype`), resolved; undefined when it does not exist. */
  private async translate(a: Artifact): Promise<ListedArtifact | undefined> {
    const type = this.type || a.type;
    const extension = ownValue(EXTENSIONS, type) ?? type;
    try {
      const file = await this.context.repository.resolveArtifact({
        groupId: a.groupId,
        artifactId: a.artifactId,
        version: a.baseVersion,
        type: extension,
        classifier: this.classifier,
        extension,
      });
      return {
        groupId: a.groupId,
        artifactId: a.artifactId,
        type: extension,
        classifier: this.classifier,
        baseVersion: a.baseVersion,
        optional: false,
        file,
      };
    } catch (e) {
      // The host refused the file (a dependency lock): not a missing artifact to skip.
      if (e instanceof GoalExecutionError) throw e;
      this.log.debug(
        `Unable to resolve ${a.groupId}:${a.artifactId}:${extension}:${this.classifier}:${a.baseVersion}: ${(e as Error).message}`,
      );
      return undefined;
    }
  }

  /** Names in the markers directory, read once: most artifacts have no marker to look for. */
  private markerNames?: ReadonlySet<string>;

  private markerSet(a: Artifact): boolean {
    if (!this.markersDirectory) return false;
    if (!this.markerNames) {
      try {
        this.markerNames = new Set(readdirSync(this.markersDirectory));
      } catch {
        this.markerNames = new Set();
      }
    }
    const name = artifactToString(a, false).replace(/:/g, '-');
    // A listed name is checked as Maven checks it (File.exists: a dangling link does not count).
    const exists = (suffix: string): boolean =>
      this.markerNames!.has(`${name}${suffix}`) && existsSync(path.join(this.markersDirectory!, `${name}${suffix}`));
    return exists('.resolved') || exists('.unresolved');
  }

  render(
    resolved: readonly ListedArtifact[],
    skipped: readonly ListedArtifact[],
    unresolved: readonly ListedArtifact[],
  ): string {
    let out = '\nThe following files have been resolved:\n';
    out += resolved.length === 0 ? '   none\n' : this.lines(resolved);
    if (skipped.length > 0) out += `\nThe following files were skipped:\n${this.lines(skipped)}`;
    if (unresolved.length > 0) out += `\nThe following files have NOT been resolved:\n${this.lines(unresolved)}`;
    return `${out}\n`;
  }

  private lines(artifacts: readonly ListedArtifact[]): string {
    const lines = artifacts.map((a) => {
      let line = `   ${artifactToString(a, this.outputScope)}`;
      if (this.outputAbsoluteArtifactFilename && a.file) line += `:${path.resolve(a.file)}`;
      if (this.outputScope && a.optional) line += ' (optional)';
      if (a.file) line += this.moduleSuffix(a.file);
      return `${line}\n`;
    });
    if (this.sort) lines.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    return lines.join('');
  }

  private moduleSuffix(file: string): string {
    try {
      const info = moduleInfo(file);
      if (!info) return '';
      return ` -- module ${info.name}${info.source === 'manifest' ? ' [auto]' : info.source === 'filename' ? ' (auto)' : ''}`;
    } catch (e) {
      if (!(e instanceof ModuleNameError)) throw e;
      this.log.info(`Can't extract module name from ${path.basename(file)}: ${e.message}`);
      return '';
    }
  }
}

/** dependency:resolve — the same goal under its original name. */
@Goal({
  name: 'resolve',
  description:
    'Goal that resolves the project dependencies from the repository. When using this goal while running on Java 9 the module names will be visible as well.',
  requiresDependencyResolution: 'test',
  defaultPhase: 'generate-sources',
  threadSafe: true,
  since: '2.0',
})
export class ResolveGoal extends ListGoal {}

const EXTENSIONS: Record<string, string> = {
  jar: 'jar',
  'test-jar': 'jar',
  'maven-plugin': 'jar',
  ejb: 'jar',
  'ejb-client': 'jar',
  javadoc: 'jar',
  'java-source': 'jar',
  pom: 'pom',
  war: 'war',
  ear: 'ear',
  rar: 'rar',
  par: 'par',
};
