export * from './device.ts';
export * from './fleet.ts';
export * from './ota.ts';
export * from './pairing.ts';
export * from './smart-config.ts';
export * from './wifi.ts';
