export * from './xml';
export * from './project';
export * from './settings';
export * from './plugin-descriptor';
export * from './settings-security';
export * from './plugin-descriptor-reader';
export * from './plugin-descriptor-writer';
