// scripts/serve.mjs: the right MIME type for .wasm (streaming compilation needs application/wasm)
// and a validator, so that a second visit revalidates (304) instead of downloading again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { startServer } from '../../scripts/serve.mjs';

// One GET with node:http (scripts/test runs these tests with --no-experimental-fetch, so that
// the Emscripten glue reads the module from disk): status, headers and body length.
function request(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let length = 0;
      res.on('data', (chunk) => { length += chunk.length; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, length }));
    }).on('error', reject);
  });
}

test('serve: .wasm as application/wasm, an ETag, and 304 when it matches', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'privlab-serve-'));
  writeFileSync(join(dir, 'm.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  const server = await startServer(dir, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}/m.wasm`;
  try {
    const first = await request(url);
    assert.equal(first.status, 200);
    assert.equal(first.headers['content-type'], 'application/wasm');
    assert.equal(first.length, 8);
    const etag = first.headers.etag;
    assert.ok(etag);
    const again = await request(url, { 'If-None-Match': etag });
    assert.equal(again.status, 304);
    writeFileSync(join(dir, 'm.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0, 0]));  // changed: new bytes
    const changed = await request(url, { 'If-None-Match': etag });
    assert.equal(changed.status, 200);
    assert.equal(changed.length, 9);
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});
