// The first module of a worker thread started from TypeScript sources (ts-worker.ts): Node 20 does
// not share a thread's module loaders with the threads it starts, so this one registers tsx for
// itself, then imports the module named by its last argument. The built server never loads it.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[process.argv.length - 1]);
