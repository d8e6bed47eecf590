import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { projectId, writeReport } from './output-file';

/** help:evaluate — prints the value of an expression as the goals' parameters see it, as maven-help-plugin 3.4.0 does. */
@Goal({
  name: 'evaluate',
  description:
    'Evaluates Maven expressions given by the user in an interactive mode. goalhost does not prompt: ' +
    'the expression comes from the expression parameter.',
  requiresProject: false,
  threadSafe: false,
  since: '2.1',
})
export class EvaluateGoal {
  @Parameter({
    type: 'java.lang.String',
    property: 'expression',
    description:
      'An expression to evaluate instead of prompting. Note that this must not include the surrounding ${...}.',
  })
  expression?: string;

  @Parameter({
    type: 'java.io.File',
    property: 'output',
    since: '3.0.0',
    description:
      'Optional parameter to write the output of this help in a given file, instead of writing to the console.',
  })
  output?: string;

  @Parameter({
    type: 'boolean',
    property: 'forceStdout',
    defaultValue: 'false',
    since: '3.1.0',
    description:
      'This options gives the option to output information in cases where the output has been suppressed by using -q (quiet option) in Maven.',
  })
  forceStdout = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  execute(): void {
    const { log, session, project } = this.context;
    if (this.expression === undefined) {
      if (session.batchMode || !session.settings.interactiveMode) {
        log.error(
          "Maven is configured to NOT interact with the user for input. This Mojo requires that 'interactiveMode' in your settings file is flag to 'true'.",
        );
        return;
      }
      throw new GoalExecutionError(
        'goalhost does not prompt for expressions: give one with -Dexpression=..., e.g. -Dexpression=project.version',
      );
    }
    log.info(`No artifact parameter specified, using '${projectId(project)}' as project.`);
    const evaluate = this.context.evaluate;
    if (!evaluate)
      throw new GoalExecutionError(
        'help:evaluate needs the expression evaluator of the host (GoalContext.evaluate), and this host provides none',
      );
    const expression = `\${${this.expression}}`;
    const value = evaluate(expression);
    if (value === expression) {
      log.warn('The Maven expression was invalid. Please use a valid expression.');
      return;
    }
    const response = value ?? 'null object or invalid expression';
    if (this.output) {
      writeReport(this.output, response, 'evaluation of expression');
      log.info(`Result of evaluation written to: ${this.output}`);
    } else if (!session.quiet) {
      log.info(`\n${response}`);
    } else if (this.forceStdout) {
      process.stdout.write(response);
    }
  }
}
