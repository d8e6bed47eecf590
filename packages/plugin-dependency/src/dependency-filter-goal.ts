import { Parameter } from '@goalhost/api';
import { DependencySelectionParameters } from './dependency-selection-parameters';

/**
 * The parameters of maven-dependency-plugin 3.5.0's resolving goals (AbstractResolveMojo): where
 * the output goes, and the permission switches that do nothing there.
 */
export abstract class DependencyFilterGoal extends DependencySelectionParameters {
  @Parameter({
    type: 'java.io.File',
    property: 'outputFile',
    since: '2.0',
    description:
      'If specified, this parameter causes the dependencies to be written to the path specified instead of the console.',
  })
  outputFile?: string;

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
    property: 'excludeReactor',
    defaultValue: 'true',
    since: '2.7',
    description: "Don't resolve plugins that are in the current reactor.",
  })
  excludeReactor = true;

  @Parameter({ type: 'boolean', description: '<i>not used in this goal</i>' })
  override useJvmChmod = true;

  @Parameter({ type: 'boolean', description: '<i>not used in this goal</i>' })
  override ignorePermissions = false;
}
