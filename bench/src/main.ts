import { fanoutBench } from './fanout.ts';
import { footprintBench } from './footprint.ts';
import { historyBench } from './history.ts';
import { ingestBench } from './ingest.ts';
import { soakBench } from './soak.ts';
import { toggleBench } from './toggle.ts';
import { webBench } from './web.ts';

const benches: Record<string, () => Promise<void>> = {
  toggle: toggleBench,
  history: historyBench,
  fanout: fanoutBench,
  ingest: ingestBench,
  web: webBench,
  footprint: footprintBench,
  soak: soakBench,
};

const wanted = process.argv.slice(2);
// The hour-long soak runs only when named.
const names = wanted.length > 0 ? wanted : Object.keys(benches).filter((name) => name !== 'soak');
for (const name of names) {
  const run = benches[name];
  if (!run) {
    console.error(`Unknown benchmark '${name}'. Known: ${Object.keys(benches).join(', ')}`);
    process.exit(1);
  }
  await run();
}
process.exit(0);
