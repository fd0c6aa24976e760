// Loads the Node flavour of the WASM module (build/wasm/bin/privlab_node.cjs) with its binary
// passed in directly (Node 20's fetch cannot load file paths for Emscripten's loader).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function loadPrivlab(binDir = join(ROOT, 'build', 'wasm', 'bin')) {
  const require = createRequire(import.meta.url);
  const createPrivlab = require(join(binDir, 'privlab_node.cjs'));
  return createPrivlab({ wasmBinary: readFileSync(join(binDir, 'privlab_node.wasm')) });
}
