import * as os from 'node:os';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require('../package.json') as { version: string };

/** `goalhost -q -v`: the version alone, as Maven's showVersionMinimal. */
export const VERSION = pkg.version;

/** `goalhost --version`, and what `-V` and `-X` print before the build. */
export const VERSION_TEXT = [
  `goalhost ${pkg.version} (Maven 3.8.7 semantics)`,
  `Node.js version: ${process.version}, platform: ${process.platform} ${process.arch}`,
  `OS name: "${os.type().toLowerCase()}", version: "${os.release()}"`,
].join('\n');
