export * from './ac-state.ts';
export * from './catalogue.ts';
export * from './protocols.ts';
