export * from './device.ts';
export * from './fleet.ts';
