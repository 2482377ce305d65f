// The contract without zod: names, rules, constants and how to reach each route, for clients that must
// load fast (the web app's first load, issue 16, initial JavaScript). `@hestia/contract/light` is this
// module; the package root re-exports it with the schemas. light.test.ts keeps zod out of it.
export * from './auth-rules.ts';
export * from './common-passwords.ts';
export * from './connection-status.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './firmware-floor.ts';
export * from './http.ts';
export * from './route-index.ts';
export * from './system.ts';
export * from './ws-constants.ts';
