export { DescriptorReader, toGraphDependency } from './descriptor-reader';
export { lifecyclePlugins } from './lifecycle-plugins';
export { type BuiltModel, ModelBuilder, ModelBuildingFailure } from './model-builder';
export { isProvidedExtension, OsDetectionError, runOsDetectExtension } from './os-detect-extension';
export { toProject } from './project-factory';
export { buildReactor, upstreamProjects } from './reactor';
export { SUPER_POM_MANAGED_PLUGINS, superModel } from './super-pom';
export { MAVEN_PLUGINS, pluginKey, type WorkingPlugin } from './working-model';
