export * from './metadata';
export * from './decorators';
export * from './log';
export * from './errors';
export * from './session';
export * from './tokens';
export * from './plugin';
export { Container, ContainerModule, inject, injectable, optional } from './inversify';
export * from './descriptor-from-goals';
