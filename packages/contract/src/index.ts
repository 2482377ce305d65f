export * from './auth.ts';
export * from './device.ts';
export * from './errors.ts';
export * from './mqtt.ts';
export * from './routes.ts';
export * from './user.ts';
export * from './wrapper.ts';
export * from './ws.ts';
