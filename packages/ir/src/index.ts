export * from './ac-state.ts';
export * from './protocols.ts';
