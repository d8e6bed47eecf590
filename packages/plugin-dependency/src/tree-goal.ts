import {
  Goal,
  GoalExecutionError,
  inject,
  Parameter,
  TOKENS,
  type DependencyTreeNode,
  type GoalContext,
} from '@goalhost/api';
import { logOutput, writeOutput } from './output-writer';
import { renderTree, type TreeFormat } from './tree-renderer';

/** dependency:tree — maven-dependency-plugin 3.5.0's TreeMojo (plain and verbose trees). */
@Goal({
  name: 'tree',
  description:
    'Displays the dependency tree for this project. Multiple formats are supported: text (by default), but also DOT, GraphML and TGF.',
  requiresDependencyCollection: 'test',
  threadSafe: true,
  since: '2.0-alpha-5',
})
export class TreeGoal {
  @Parameter({
    type: 'java.io.File',
    property: 'outputFile',
    since: '2.0-alpha-5',
    description:
      'If specified, this parameter will cause the dependency tree to be written to the path specified, instead of writing to the console.',
  })
  outputFile?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'outputEncoding',
    defaultValue: '${project.reporting.outputEncoding}',
    since: '3.2.0',
    description: 'The output encoding (default UTF-8).',
  })
  outputEncoding?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'outputType',
    defaultValue: 'text',
    since: '2.2',
    description:
      'If specified, this parameter will cause the dependency tree to be written using the specified format. Currently supported format are: text (default), dot, graphml and tgf.',
  })
  outputType = 'text';

  @Parameter({
    type: 'java.lang.String',
    property: 'scope',
    since: '2.0-alpha-5',
    description:
      'The scope to filter by when resolving the dependency tree, or null to include dependencies from all scopes.',
  })
  scope?: string;

  @Parameter({
    type: 'boolean',
    property: 'verbose',
    defaultValue: 'false',
    since: '2.0-alpha-6',
    description: 'Whether to include omitted nodes in the serialized dependency tree.',
  })
  verbose = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'tokens',
    defaultValue: 'standard',
    since: '2.0-alpha-6',
    description:
      'The token set name to use when outputting the dependency tree. Possible values are whitespace, standard or extended.',
  })
  tokens = 'standard';

  @Parameter({
    type: 'java.lang.String',
    property: 'includes',
    since: '2.0-alpha-6',
    description:
      'A comma-separated list of artifacts to filter the serialized dependency tree by, or null not to filter the dependency tree. The filter syntax is: [groupId]:[artifactId]:[type]:[version]',
  })
  includes?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludes',
    since: '2.0-alpha-6',
    description:
      'A comma-separated list of artifacts to filter from the serialized dependency tree, or null not to filter any artifacts from the dependency tree. The filter syntax is: [groupId]:[artifactId]:[type]:[version]',
  })
  excludes?: string;

  @Parameter({
    type: 'boolean',
    property: 'appendOutput',
    defaultValue: 'false',
    since: '2.2',
    description: 'Whether to append outputs into the output file or overwrite it.',
  })
  appendOutput = false;

  @Parameter({
    type: 'boolean',
    property: 'skip',
    defaultValue: 'false',
    since: '2.7',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  async execute(): Promise<void> {
    const { log } = this.context;
    if (this.skip) {
      log.info('Skipping plugin execution');
      return;
    }
    if (!this.context.dependencyTree) {
      throw new GoalExecutionError(
        'Cannot build project dependency graph: this host provides no dependency tree (GoalContext.dependencyTree).',
      );
    }
    let root: DependencyTreeNode;
    try {
      root = await this.context.dependencyTree(this.verbose ? { verbose: true } : undefined);
    } catch (e) {
      throw new GoalExecutionError(`Cannot build project dependency graph: ${(e as Error).message}`, { cause: e });
    }
    const text = renderTree(root, {
      format: (['dot', 'graphml', 'tgf'].includes(this.outputType) ? this.outputType : 'text') as TreeFormat,
      tokens: this.tokens,
      verbose: this.verbose,
      ...(this.scope ? { scope: this.scope } : {}),
      ...(this.includes !== undefined ? { includes: this.includes } : {}),
      ...(this.excludes !== undefined ? { excludes: this.excludes } : {}),
    });
    if (this.outputFile) {
      writeOutput(text, this.outputFile, this.appendOutput, this.outputEncoding || 'UTF-8');
      log.info(`Wrote dependency tree to: ${this.outputFile}`);
    } else logOutput(text, log);
  }
}
