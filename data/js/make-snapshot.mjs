/* make-snapshot.mjs: makes the snapshot scenario's memory snapshot (rc-snapshot-maker.c).
 * Run as `node --input-type=module -e <this> DIST_DIR OUT_FILE`: boots Pyodide from the local
 * distribution with the private _makeSnapshot option, writes makeMemorySnapshot()'s bytes and
 * prints one JSON line {boot_ms, snapshot_ms, size, version} (or {error}) on stdout. Nothing
 * is loaded before the snapshot: it holds the interpreter only. */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [dir, out] = process.argv.slice(1);
try {
  const { loadPyodide } = await import(pathToFileURL(dir + '/pyodide.mjs').href);
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: dir + '/', _makeSnapshot: true,
                                      stdout: () => {}, stderr: () => {} });
  const booted = performance.now();
  const bytes = pyodide.makeMemorySnapshot();
  const made = performance.now();
  writeFileSync(out, bytes);
  console.log(JSON.stringify({ boot_ms: booted - started, snapshot_ms: made - booted,
                               size: bytes.length, version: pyodide.version }));
} catch (e) {
  console.log(JSON.stringify({ error: String(e && e.message ? e.message : e) }));
  process.exitCode = 1;
}
