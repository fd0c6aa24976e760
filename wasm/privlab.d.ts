/** The privlab WebAssembly module (built by emcmake from wasm/bindings.cpp). */
export interface PrivlabModule {
  /**
   * Answers one request of the JSON language in docs/api.md (the same as `privlab solve`).
   * Returns the response text; failures come back as {"error":{"code","message","path"}}.
   * The request may also be its UTF-8 bytes (TextEncoder's output; also an Int8Array,
   * Uint8ClampedArray or ArrayBuffer), copied with one TypedArray.set instead of the
   * per-character encoding loop a string takes: the page's worker sends bytes. Any other
   * argument throws a TypeError.
   */
  solve(requestJson: string | Uint8Array): string;
  /** As solve, calling onProgress(fraction in [0,1], stage) during long requests. */
  solveWithProgress(requestJson: string | Uint8Array, onProgress: (fraction: number, stage: string) => void): string;
  /** Library version. */
  version(): string;
  /** The core's limits the page checks before solving, as JSON text (core/api/limits.cpp). */
  limits(): string;
}
/** Module factory (-sMODULARIZE, -sEXPORT_NAME=createPrivlab). Pass {wasmBinary} under Node. */
export default function createPrivlab(options?: { wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string) => string }): Promise<PrivlabModule>;
