// The page's limits that are the core's are read from the core, never written twice: the WASM
// module's limits() (core/api/limits.cpp, each value the constant the core enforces) must equal
// web/src/core_limits.js (written from it by scripts/core-limits.mjs), and the state schemas'
// limits must be those values. Change a limit in the core without regenerating the file, or
// write one of these numbers into a schema again, and this fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLimitsFile, moduleLimits } from '../../scripts/core-limits.mjs';
import { CORE_LIMITS } from '../../web/src/core_limits.js';
import * as game from '../../web/src/views/game_state.js';
import * as funnel from '../../web/src/views/funnel_state.js';
import * as estimation from '../../web/src/views/estimation_state.js';

const core = await moduleLimits();

test('core limits: web/src/core_limits.js is the WASM module\'s limits()', async () => {
  assert.deepEqual(CORE_LIMITS, core);
  assert.equal(await checkLimitsFile(), '');
});

test('core limits: the state schemas use the core\'s values', () => {
  assert.equal(game.GAME_LIMITS.maxEpsilon, core.max_epsilon);
  assert.equal(game.GAME_LIMITS.maxHotCells, core.game.max_secrets);
  assert.equal(funnel.MAX_ATTRIBUTES, core.funnel.max_attributes);
  assert.equal(funnel.MAX_OUE_X, core.funnel.max_oue_x);
  assert.equal(estimation.SWEEP_WORK, core.estimation.max_sweep_work);
  // ldpAllowed / lipAllowed answer as the core's tables on every support the page can hold.
  const fits = (table, a, c) => table.some(([maxA, maxC]) => a <= maxA && (maxC === null || c <= maxC));
  for (let a = 1; a <= 20; ++a) for (let c = 1; c <= 64; ++c) {
    assert.equal(funnel.ldpAllowed({ a, c }), fits(core.funnel.opt_ldp_support, a, c), `opt-ldp a=${a} c=${c}`);
    assert.equal(funnel.lipAllowed({ a, c }), fits(core.funnel.opt_lip_support, a, c), `opt-lip a=${a} c=${c}`);
  }
});

test('core limits: the page\'s epsilon limit is where the core refuses', async () => {
  // The core itself, not only its table: ε = max is accepted, just above it is refused at /epsilon.
  const { loadPrivlab } = await import('./wasm_loader.mjs');
  const wasm = await loadPrivlab();
  const request = (epsilon) => JSON.parse(wasm.solve(JSON.stringify(
    { family: 'funnel', mechanism: 'grr', joint: [[0.3, 0.2], [0.1, 0.4]], epsilon })));
  assert.equal(request(core.max_epsilon).error, undefined);
  assert.equal(request(core.max_epsilon + 1).error.path, '/epsilon');
});
