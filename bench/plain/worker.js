/* The plain side's worker: the community's own boot work, as the console's worker does it (the
 * stock lock merged with the overlay, loadPyodide with lockFileContents, each preload with
 * checkIntegrity, each import_before_seal module, the prelude), with no instrumentation: no
 * egress guard, no WebAssembly hooks, no per-step messages or timestamps. The prelude may
 * `import osa`; a minimal osa module stands in for the contract's data client. */
function plainWorker (c) {
  'use strict';
  const OSA = 'import sys, types\nfrom js import fetch as _js_fetch\n' +
              '_osa = types.ModuleType("osa")\n' +
              'async def _fetch(url, headers=None):\n    return await _js_fetch(url)\n' +
              '_osa.fetch = _fetch\nsys.modules["osa"] = _osa\n';
  (async () => {
    const start = performance.now();
    const options = { indexURL: c.indexURL, packageBaseUrl: c.indexURL, stdout: () => {}, stderr: () => {} };
    if (Object.keys(c.overlay).length > 0) {
      const stock = await (await fetch(c.indexURL + 'pyodide-lock.json')).json();
      options.lockFileContents = { info: stock.info, packages: Object.assign({}, stock.packages, c.overlay) };
    }
    importScripts(c.indexURL + 'pyodide.js');
    const pyodide = await loadPyodide(options);
    const runtime = performance.now() - start;
    for (const name of c.preload) {
      const errors = [];
      await pyodide.loadPackage(name, { messageCallback: () => {}, errorCallback: (e) => errors.push(String(e)),
                                        checkIntegrity: true });
      if (errors.length > 0)
        throw new Error('package ' + name + ' did not load: ' + errors.join('; '));
    }
    for (const module of c.importBeforeSeal)
      pyodide.pyimport(module).destroy();
    const namespace = pyodide.globals.get('dict')();
    pyodide.runPython(OSA, { globals: pyodide.globals.get('dict')() });
    if (c.prelude !== '')
      await pyodide.runPythonAsync(c.prelude, { globals: namespace });
    /* its clock and origin, so the page times the boot from its navigation as the console does */
    postMessage({ type: 'ready', runtime_ms: runtime, t: performance.now(), origin: performance.timeOrigin });
  })().catch((e) => postMessage({ type: 'error', message: String(e && e.message ? e.message : e) }));
}
