// After `vite build`: write a brotli (.br) and a gzip (.gz) copy beside every text asset of dist/ (and the
// QR reader's WebAssembly, which compresses to less than half),
// so the server sends them as they are (no compression per request) to any browser that accepts them.
// `node scripts/precompress.mjs [dir]` does the same for a build made with `vite build --outDir dir`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;
/** Below this a compressed copy saves less than a packet's worth and is not worth a file. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let before = 0;
let brotli = 0;
let gzip = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path)) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  before += body.length;
  brotli += br.length;
  gzip += gz.length;
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`precompressed ${kib(before)} of text assets: brotli ${kib(brotli)}, gzip ${kib(gzip)}`);
