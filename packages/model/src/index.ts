export * from './xml';
export * from './project';
export * from './settings';
export * from './plugin-descriptor';
