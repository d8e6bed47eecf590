/** Maven's lifecycles and their phases, in order (Maven 3.8 `components.xml`; the lifecycles in DefaultLifecycles' order). */
export interface Lifecycle {
  readonly id: string;
  readonly phases: readonly string[];
  /** Goals bound by default regardless of packaging: phase -> `prefix:goal`. */
  readonly defaultBindings: Readonly<Record<string, string>>;
}

export const LIFECYCLES: readonly Lifecycle[] = [
  {
    id: 'default',
    phases: [
      'validate',
      'initialize',
      'generate-sources',
      'process-sources',
      'generate-resources',
      'process-resources',
      'compile',
      'process-classes',
      'generate-test-sources',
      'process-test-sources',
      'generate-test-resources',
      'process-test-resources',
      'test-compile',
      'process-test-classes',
      'test',
      'prepare-package',
      'package',
      'pre-integration-test',
      'integration-test',
      'post-integration-test',
      'verify',
      'install',
      'deploy',
    ],
    defaultBindings: {},
  },
  {
    id: 'clean',
    phases: ['pre-clean', 'clean', 'post-clean'],
    defaultBindings: { clean: 'clean:clean' },
  },
  {
    id: 'site',
    phases: ['pre-site', 'site', 'post-site', 'site-deploy'],
    defaultBindings: {},
  },
];

/** The lifecycle that owns `phase`, or undefined when no lifecycle has it. */
export function lifecycleOf(phase: string): Lifecycle | undefined {
  return LIFECYCLES.find((l) => l.phases.includes(phase));
}

/** Phases run for `phase`: every phase of its lifecycle up to and including it. */
export function phasesUpTo(phase: string): readonly string[] {
  const lifecycle = lifecycleOf(phase);
  if (!lifecycle) return [];
  return lifecycle.phases.slice(0, lifecycle.phases.indexOf(phase) + 1);
}

/** Every phase, lifecycle after lifecycle, as Maven lists them in its messages. */
export function allPhases(): string[] {
  return LIFECYCLES.flatMap((l) => l.phases);
}
