// web/src/solver_client.js with a fake Worker: a worker that dies (its module threw: out of
// memory, stack overflow, abort; or an error event) is replaced, the running request gets a
// clear error, and the next request goes to the new worker (issue 13).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const workers = [];
class FakeWorker {
  constructor(url) { this.url = url; this.posted = []; this.terminated = false; workers.push(this); }
  postMessage(msg) { this.posted.push(msg); }
  terminate() { this.terminated = true; }
  emit(data) { this.onmessage({ data }); }
}
globalThis.Worker = FakeWorker;
const { SolverClient } = await import('../../web/src/solver_client.js');

test('solver client: a crashed worker is restarted and the request answered with a clear error', async () => {
  workers.length = 0;
  const statuses = [];
  const client = new SolverClient('worker.js', { onStatus: (s) => statuses.push(s) });
  assert.equal(workers.length, 1);
  const first = workers[0];
  first.emit({ type: 'ready', version: 'x' });

  const pending = client.solve({ family: 'rldp' });
  const { id } = first.posted[0];
  first.emit({ id, type: 'crashed', message: 'memory access out of bounds' });
  const response = await pending;
  assert.equal(response.error.code, 'worker_crashed');
  assert.match(response.error.message, /stopped unexpectedly \(memory access out of bounds\)/);
  assert.match(response.error.message, /restarted/);
  assert.match(response.error.message, /inputs are kept/);
  assert.ok(first.terminated);
  assert.equal(workers.length, 2);
  assert.equal(statuses.at(-1).state, 'failed');

  // The next request runs in the new worker.
  const second = workers[1];
  const next = client.solve({ family: 'rldp' });
  assert.equal(first.posted.length, 1);
  assert.equal(second.posted.length, 1);
  second.emit({ id: second.posted[0].id, type: 'result', response: '{"ok":1}' });
  assert.deepEqual(await next, { ok: 1 });
});

test('solver client: an error event (the worker died without a message) restarts it too', async () => {
  workers.length = 0;
  const client = new SolverClient('worker.js');
  const pending = client.solve({ family: 'game' });
  let prevented = false;
  workers[0].onerror({ message: 'Uncaught RangeError: Maximum call stack size exceeded', preventDefault: () => { prevented = true; } });
  const response = await pending;
  assert.equal(response.error.code, 'worker_crashed');
  assert.match(response.error.message, /Maximum call stack size exceeded/);
  assert.ok(prevented);
  assert.equal(workers.length, 2);
  assert.ok(workers[0].terminated);
  // A crash with nothing running still restarts the worker (the next request must work).
  workers[1].onerror({});
  assert.equal(workers.length, 3);
});

test('solver client: a worker that dies before it is ever ready is not restarted forever', () => {
  workers.length = 0;
  const statuses = [];
  new SolverClient('missing.js', { onStatus: (s) => statuses.push(s) });
  for (let i = 0; i < 10; i++) workers.at(-1).onerror({ message: 'failed to load' });
  assert.equal(workers.length, 4);  // the first and three restarts
  assert.match(statuses.at(-1).message, /could not be restarted; reload the page/);
});
