export { main, type CliIo } from './main';
export { parseArgs, usage, type CliRequest } from './cli-request';
