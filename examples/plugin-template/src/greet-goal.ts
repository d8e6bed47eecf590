import { Goal, GoalExecutionError, Parameter, TOKENS, inject, type GoalContext } from '@goalhost/api';

/** `greet:greet`: logs a greeting; bound in a POM without a phase, it runs in validate. */
@Goal({ name: 'greet', description: 'Logs a greeting.', defaultPhase: 'validate', threadSafe: true })
export class GreetGoal {
  /** `<name>` in the plugin's configuration, or the user property: `-Dgreet.name=...`. */
  @Parameter({ type: 'java.lang.String', description: 'Who to greet.', property: 'greet.name', defaultValue: '${project.artifactId}' })
  name?: string;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  execute(): void {
    if (!this.name) {
      // Maven's MojoExecutionException: the build fails with this message.
      throw new GoalExecutionError('Nobody to greet: set <name> in the configuration of greet-maven-plugin, or -Dgreet.name=<name>');
    }
    this.context.log.info(`Hello, ${this.name}!`);
  }
}
