import type * as Inversify from 'inversify';

/**
 * inversify as goalhost loads it: the single-file copy `npm run prepare` bundles
 * (tools/bundle-inversify.js) when it is there, else the package itself. The package is about
 * eighty modules, which cost every run some 35 ms to find, read and compile; the bundle about a
 * third of that. Either way there is one copy in the process: goalhost and its plugins import
 * the container and the decorators from here (through `@goalhost/api`), never from 'inversify'.
 */
function load(): typeof Inversify {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('./vendor/inversify.js') as typeof Inversify;
  } catch (e) {
    const missing =
      (e as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' &&
      String((e as Error).message).includes('vendor/inversify.js');
    if (!missing) throw e;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('inversify') as typeof Inversify;
  }
}

const inversify = load();

export type Container = Inversify.Container;
export const Container: typeof Inversify.Container = inversify.Container;
export type ContainerModule = Inversify.ContainerModule;
export const ContainerModule: typeof Inversify.ContainerModule = inversify.ContainerModule;
export const inject: typeof Inversify.inject = inversify.inject;
export const injectable: typeof Inversify.injectable = inversify.injectable;
export const optional: typeof Inversify.optional = inversify.optional;
