// Every goal class of the plugin: the index exports them and registers them all, so a new goal is
// listed here once.
export { BuildClasspathGoal } from './build-classpath-goal';
export { BundleGoal } from './bundle-goal';
export { CopyDependenciesGoal } from './copy-dependencies-goal';
export { CopyGoal } from './copy-goal';
export { GetGoal } from './get-goal';
export { GoOfflineGoal } from './go-offline-goal';
export { ListGoal } from './list-goal';
export { ListRepositoriesGoal } from './list-repositories-goal';
export { LockGoal } from './lock-goal';
export { PropertiesGoal } from './properties-goal';
export { PurgeLocalRepositoryGoal } from './purge-local-repository-goal';
export { ResolveGoal } from './list-goal';
export { ResolvePluginsGoal } from './resolve-plugins-goal';
export { SourcesGoal } from './sources-goal';
export { TreeGoal } from './tree-goal';
export { UnpackDependenciesGoal } from './unpack-dependencies-goal';
export { UnpackGoal } from './unpack-goal';
