export * from './api.ts';
export * from './errors.ts';
export * from './live.ts';
export * from './token-refresh.ts';
export * from './voice.ts';
