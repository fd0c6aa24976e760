// A small static file server for the built site (correct MIME type for .wasm, no directory
// escapes). Usage: node scripts/serve.mjs [dir] [port] [host] [prefix]. Prints the address.
// With a prefix (say /course/week-3/privlab/) the site is served under that sub-path only, as a
// course page's static host would: the prefix without its final slash redirects to it, and
// anything outside it is 404.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { join, normalize, extname, resolve, sep } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.wasm': 'application/wasm', '.map': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** The sub-path a site is served under, as "/a/b/" ("/" when there is none). */
export function normalizePrefix(prefix = '/') {
  const parts = String(prefix).split('/').filter((p) => p !== '');
  return parts.length ? `/${parts.join('/')}/` : '/';
}

export function startServer(dir, port = 8000, host = '127.0.0.1', { prefix = '/' } = {}) {
  const base = resolve(dir);
  const mount = normalizePrefix(prefix);
  const server = createServer((req, res) => {
    let path;
    try { path = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch { res.writeHead(400).end(); return; }
    if (mount !== '/') {
      if (path === mount.slice(0, -1)) { res.writeHead(301, { Location: mount + (new URL(req.url, 'http://x').search) }).end(); return; }
      if (!path.startsWith(mount)) { res.writeHead(404).end('not found'); return; }
      path = path.slice(mount.length - 1);
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) { res.writeHead(403).end(); return; }
    let stat;
    try { if (statSync(file).isDirectory()) file = join(file, 'index.html'); stat = statSync(file); } catch { res.writeHead(404).end('not found'); return; }
    // Revalidated on every use (no-cache) but with a validator: an unchanged file is a 304, so a
    // second visit reads the browser's cache, and Chromium's cache of the compiled WebAssembly
    // (kept with the cached .wasm) stays valid.
    const etag = `W/"${stat.size}-${Math.round(stat.mtimeMs)}"`;
    const headers = { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache', ETag: etag };
    if (req.headers['if-none-match'] === etag) { res.writeHead(304, headers).end(); return; }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'build/site', port = '8000', host = '127.0.0.1', prefix = '/'] = process.argv.slice(2);
  const server = await startServer(dir, Number(port), host, { prefix });
  const { port: actual } = server.address();
  console.log(`privlab playground: http://${host}:${actual}${normalizePrefix(prefix)}  (Ctrl-C to stop)`);
}
