export { BuildPluginVersions } from './build-plugin-versions';
export { DescriptorReader, descriptorProblem, toGraphDependency } from './descriptor-reader';
export { OsDetectionError } from './os-detect-extension';
export { ProjectBuilder } from './project-builder';
export { ProjectRepositories } from './project-repositories';
export { ReactorWorkspace } from './reactor-workspace';
export { upstreamProjects } from './reactor';
