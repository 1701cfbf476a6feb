/* heap-probe.js: prepended to OSA's worker source when the console boots OSA's own bundle.
 * OSA keeps the pyodide instance in a closure, so the only way to read the wasm heap is to
 * intercept the loadPyodide global that pyodide.js defines. The probe adds an `rc` sub-object
 * ({t, heap}) to progress, ready and error messages and Resource Timing entries to ready; it
 * changes nothing else, and the run record says the worker source was instrumented.
 */
(function () {
  'use strict';
  let instance = null;
  let original = null;
  async function capturingLoadPyodide (options) {
    instance = await original(options);
    return instance;
  }
  Object.defineProperty(self, 'loadPyodide', {
    configurable: true,
    enumerable: true,
    get () { return original === null ? undefined : capturingLoadPyodide; },
    set (value) { original = value; },
  });
  function heap () {
    try {
      return instance ? instance._module.HEAP8.length : null;
    } catch (e) {
      return null;
    }
  }
  const nativePost = self.postMessage.bind(self);
  self.postMessage = function (message, ...rest) {
    if (message && typeof message === 'object' &&
        (message.type === 'progress' || message.type === 'ready' || message.type === 'error' ||
         message.type === 'result')) {
      const rc = { t: performance.now(), heap: heap(), probe: 'heap-probe' };
      if (message.type === 'ready')
        rc.resources = performance.getEntriesByType('resource').map((e) => ({
          name: e.name, initiatorType: e.initiatorType, startTime: e.startTime,
          responseStart: e.responseStart, responseEnd: e.responseEnd, duration: e.duration,
          transferSize: e.transferSize, encodedBodySize: e.encodedBodySize,
          decodedBodySize: e.decodedBodySize,
        }));
      message = Object.assign({}, message, { rc });
    }
    return nativePost(message, ...rest);
  };
})();
