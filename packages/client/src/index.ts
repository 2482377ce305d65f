export * from './api.ts';
export * from './live.ts';
