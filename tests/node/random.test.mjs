// Seeded draws are the same numbers in the WASM module as natively, bit for bit (not to a
// tolerance): the guarantee of core/common/random.h, the one random module, which rldp's sampling
// requests draw through. Sampling requests exercise every branch: Dirichlet with
// 1/shape a whole number (Jeffreys, 1/2), with 1/shape not whole (0.3: the portable exp and log),
// and shape >= 1 (Marsaglia-Tsang only), then multinomial counts. The rldp-mse instances, drawn
// by common/random.h, are compared in wasm_module.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadPrivlab, ROOT } from './wasm_loader.mjs';

const CLI = join(ROOT, 'build', 'bin', 'privlab');
const wasm = await loadPrivlab();

const native = (request) => JSON.parse(execFileSync(CLI, ['solve', '-'], { input: JSON.stringify(request) }).toString());
const inWasm = (request) => JSON.parse(wasm.solve(JSON.stringify(request)));

const SAMPLES = [0.5, 0.3, 2.5].flatMap((prior) => [1, 20261125].map((seed) => (
  { family: 'rldp', sample: { shape: [4, 8], prior, n: 5000, seed } })));

for (const request of SAMPLES) {
  test(`random: WASM draws the native numbers bit for bit (Dirichlet(${request.sample.prior}), seed ${request.sample.seed})`, () => {
    const a = inWasm(request), b = native(request);
    // JSON numbers are written with 17 significant digits, so equal parsed doubles are equal bits.
    assert.deepEqual(a.true_joint, b.true_joint);
    assert.deepEqual(a.counts, b.counts);
  });
}

test('random: pinned sample (prior 1/2, shape [2,3], n 100, seed 1) in WASM, as natively', () => {
  const request = { family: 'rldp', sample: { shape: [2, 3], prior: 0.5, n: 100, seed: 1 } };
  const a = inWasm(request);
  assert.deepEqual(a, native(request));
  assert.equal(a.counts.flat().reduce((s, c) => s + c, 0), 100);
});
