export * from './command.ts';
export * from './profiles.ts';
export * from './simulate.ts';
export * from './types.ts';
