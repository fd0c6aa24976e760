// Builds the static site into build/site (relative paths only, so any static host and any
// sub-path serve it): bundles web/src with esbuild, copies the WASM module and the scenario
// files (plus an index of them). Also writes build/site/privlab.html: the whole playground in
// one file (scripts, styles, scenarios and the WASM binary inlined) that opens from file://.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLimitsFile } from './core-limits.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] || join(root, 'build', 'site');
const wasmDir = process.argv[3] || join(root, 'build', 'wasm', 'bin');

for (const f of ['privlab_web.js', 'privlab_web.wasm', 'privlab_single.js'])
  if (!existsSync(join(wasmDir, f))) { console.error(`missing ${join(wasmDir, f)}: build the WASM module first`); process.exit(1); }

// The page's copy of the core's limits must be this module's (scripts/core-limits.mjs).
if (existsSync(join(wasmDir, 'privlab_node.cjs'))) {
  const problem = await checkLimitsFile(wasmDir);
  if (problem) { console.error(problem); process.exit(1); }
}

mkdirSync(join(out, 'assets'), { recursive: true });
mkdirSync(join(out, 'wasm'), { recursive: true });
mkdirSync(join(out, 'examples'), { recursive: true });

const common = { bundle: true, minify: true, sourcemap: true, target: ['es2020'], logLevel: 'warning', legalComments: 'none' };
await build({ ...common, entryPoints: [join(root, 'web/src/main.js')], outfile: join(out, 'assets/main.js'), format: 'iife' });
// The worker's script starts with the Emscripten glue (createPrivlab): one file, no blocking
// importScripts of a second one before the module can start (web/src/worker.js).
const webGlue = readFileSync(join(wasmDir, 'privlab_web.js'), 'utf8');
await build({ ...common, entryPoints: [join(root, 'web/src/worker.js')], outfile: join(out, 'assets/worker.js'), format: 'iife', banner: { js: webGlue } });
// KaTeX in its own file, loaded after the first result (web/src/widgets/math.js).
await build({ ...common, entryPoints: [join(root, 'web/src/katex_global.js')], outfile: join(out, 'assets/katex.js'), format: 'iife' });
cpSync(join(root, 'web/src/style.css'), join(out, 'assets/style.css'));
cpSync(join(root, 'web/index.html'), join(out, 'index.html'));
cpSync(join(wasmDir, 'privlab_web.wasm'), join(out, 'wasm', 'privlab_web.wasm'));

const index = [];
for (const file of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.json')).sort()) {
  const scenario = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8'));
  cpSync(join(root, 'examples', file), join(out, 'examples', file));
  const entry = { file, family: scenario.family, title: scenario.title || file };
  if (scenario.evaluate !== undefined) entry.view = 'evaluate';  // a given matrix opens in the Evaluate view
  for (const key of ['explanation', 'formula']) if (typeof scenario[key] === 'string') entry[key] = scenario[key];
  index.push(entry);
}
writeFileSync(join(out, 'examples', 'index.json'), JSON.stringify(index, null, 2));
console.log(`site built in ${out}`);

// ---- the self-contained file ----
const inlineScript = (code) => code.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
const mainJs = readFileSync(join(out, 'assets/main.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
const katexJs = readFileSync(join(out, 'assets/katex.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
// The self-contained worker: the single-file glue (the binary inlined, privlabWasmInlined) first.
const singleGlue = readFileSync(join(wasmDir, 'privlab_single.js'), 'utf8');
const singleWorker = await build({ ...common, sourcemap: false, entryPoints: [join(root, 'web/src/worker.js')], write: false, format: 'iife',
  banner: { js: `var privlabWasmInlined = true;\n${singleGlue}` } });
const workerSource = Buffer.from(singleWorker.outputFiles[0].text, 'utf8').toString('base64');
const files = {};
for (const { file } of index) files[file] = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8'));
let html = readFileSync(join(root, 'web/index.html'), 'utf8');
// The self-contained file starts its worker from the inlined source (main.js): no early worker.
html = html.replace(/\s*<!-- The solver's worker starts[\s\S]*?<script id="early-worker">[\s\S]*?<\/script>/, '');
html = html.replace('<link rel="stylesheet" href="assets/style.css">', () => `<style>${readFileSync(join(root, 'web/src/style.css'), 'utf8')}</style>`);
html = html.replace('<script src="assets/main.js"></script>', () => [
  `<script type="text/plain" id="worker-source">${workerSource}</script>`,
  `<script type="application/json" id="examples-inline">${inlineScript(JSON.stringify({ index, files }))}</script>`,
  `<script>${inlineScript(mainJs)}</script>`,
  `<script>${inlineScript(katexJs)}</script>`,  // after the page's script: the first request is already out
].join('\n'));
writeFileSync(join(out, 'privlab.html'), html);
console.log(`self-contained page: ${join(out, 'privlab.html')} (${Math.round(html.length / 1024)} KiB)`);
