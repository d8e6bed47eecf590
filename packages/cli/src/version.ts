import * as os from 'node:os';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require('../package.json') as { version: string };

/** `goalhost --version`. */
export const VERSION_TEXT = [
  `goalhost ${pkg.version} (Maven 3.8.7 semantics)`,
  `Node.js version: ${process.version}, platform: ${process.platform} ${process.arch}`,
  `OS name: "${os.type().toLowerCase()}", version: "${os.release()}"`,
].join('\n');
