import type { Project } from '@goalhost/model';

/**
 * Sets a property of the project for the goals that run after this one (MavenProject's
 * getProperties().setProperty): later parameter expressions read the project's properties.
 */
export function setProjectProperty(project: Project, name: string, value: string): void {
  // A plain own data property, whatever the name (a coordinate like `g:a:jar` is any text).
  Object.defineProperty(project.properties, name, { value, writable: true, enumerable: true, configurable: true });
}
