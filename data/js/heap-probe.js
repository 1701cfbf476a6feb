/* heap-probe.js: prepended to OSA's worker source when the console boots OSA's own bundle.
 * OSA keeps the pyodide instance in a closure, so the only way to read the wasm heap is to
 * intercept the loadPyodide global that pyodide.js defines. OSA's bundle logs none of its
 * loads either, and WebKit leaves memory-cache hits out of Resource Timing, so the probe also
 * observes every load itself (a buffered PerformanceObserver plus wrappers of fetch and
 * importScripts, installed before OSA's egress guard captures them). It adds an `rc`
 * sub-object ({t, heap}) to progress, ready and error messages, the loads and WebAssembly
 * compile times to ready and error, the failed loads to error, and posts the worker's own
 * securitypolicyviolation events as rc_violation; it changes nothing else, and the run record says the worker source
 * was instrumented. Everything here runs before OSA's code and stays in this closure.
 */
(function () {
  'use strict';
  const g = self;
  const now = () => performance.now();
  let instance = null;
  /* What the host asked for (it prepends `self.__rcProbeOptions = {...}` to this source); read
   * once and removed, so OSA's code sees no trace of it. */
  const options = (g.__rcProbeOptions !== null && typeof g.__rcProbeOptions === 'object') ? g.__rcProbeOptions : {};
  delete g.__rcProbeOptions;

  /* ---- loadPyodide ------------------------------------------------------------------------
   * pyodide.js 0.29.5 defines the global three times: `globalThis.loadPyodide = B` inside its
   * bundle, `var loadPyodide = <module object>`, then `globalThis.loadPyodide =
   * loadPyodide.loadPyodide`, which reads the global back. So the getter hands out exactly
   * what was stored (a module object stays a module object), a function only through a
   * transparent Proxy (one per function, so identity is stable), and the setter unwraps a
   * Proxy it handed out. The Proxy returns the very value the original returns. */
  const proxies = new WeakMap(); /* original → proxy */
  const originals = new WeakMap(); /* proxy → original */
  let stored;

  function capture (result) {
    if (result !== null && (typeof result === 'object' || typeof result === 'function') &&
        typeof result.then === 'function')
      result.then((value) => { instance = value; }, () => {}); /* the caller sees the rejection */
    return result;
  }

  function wrap (value) {
    if (typeof value !== 'function')
      return value;
    let proxy = proxies.get(value);
    if (proxy === undefined) {
      proxy = new Proxy(value, {
        apply: (target, thisArg, args) => capture(Reflect.apply(target, thisArg, withImportTime(args))),
      });
      proxies.set(value, proxy);
      originals.set(proxy, value);
    }
    return proxy;
  }

  /* ---- -X importtime (--importtime) --------------------------------------------------------
   * As the built-in worker does it, added to the options OSA passes: Python's args gain
   * `-X importtime`, its stderr lines are kept (and still handed to OSA's own stderr, if it
   * gave one), and the capture device Pyodide swaps in for `import _pyodide_core` is tee'd
   * from fsInit (OSA's own fsInit, if any, still runs). Nothing changes without the option. */
  const importLines = [];
  const MAX_IMPORT_LINES = 2000;
  function onImportLine (line) {
    if (booting && importLines.length < MAX_IMPORT_LINES && String(line).startsWith('import time:'))
      importLines.push({ t: now(), text: String(line) });
  }

  function teeCapturedStderr (FS) {
    const createDevice = FS.createDevice;
    FS.createDevice = function (parent, name, input, output) {
      if (name !== 'capture_stderr' || typeof output !== 'function')
        return createDevice.apply(this, arguments);
      let bytes = [];
      return createDevice.call(this, parent, name, input, (c) => {
        output(c);
        if (c === 10) {
          onImportLine(String.fromCharCode.apply(null, bytes));
          bytes = [];
        } else if (bytes.length < 4096) {
          bytes.push(c);
        }
      });
    };
  }

  function withImportTime (args) {
    if (options.importtime !== true || instance !== null)
      return args;
    const given = (args[0] !== null && typeof args[0] === 'object') ? args[0] : {};
    const stderr = given.stderr;
    const fsInit = given.fsInit;
    const extended = Object.assign({}, given, {
      args: (Array.isArray(given.args) ? given.args : []).concat(['-X', 'importtime']),
      stderr: (line) => {
        onImportLine(line);
        if (typeof stderr === 'function')
          return stderr(line);
      },
      fsInit: async (FS, info) => {
        teeCapturedStderr(FS);
        if (typeof fsInit === 'function')
          return fsInit(FS, info);
      },
    });
    return [extended].concat(Array.prototype.slice.call(args, 1));
  }

  const unwrap = (value) => ((typeof value === 'function' && originals.has(value)) ? originals.get(value) : value);
  const accessor = {
    configurable: true,
    enumerable: true,
    get () { return wrap(stored); },
    set (value) { stored = unwrap(value); },
  };

  /* (Re)installs the accessor around the current value. A script that redefines the global as
   * a data property (a function declaration, defineProperty) is re-armed after each
   * importScripts; a non-configurable one cannot be, and is left as it is. */
  function arm () {
    const current = Object.getOwnPropertyDescriptor(g, 'loadPyodide');
    if (current !== undefined && current.get === accessor.get)
      return;
    if (current !== undefined && !current.configurable)
      return;
    stored = current === undefined ? undefined : unwrap('value' in current ? current.value : g.loadPyodide);
    Object.defineProperty(g, 'loadPyodide', accessor);
  }
  arm();

  /* ---- loads --------------------------------------------------------------------------------
   * Each load as the wrappers saw it: URL, start, when the response (headers) arrived, the
   * status; and every Resource Timing entry, buffered from the start. */
  const loads = [];
  const timings = [];
  const MAX_LOADS = 2000;

  function absolute (url) {
    try {
      return new URL(String(url), g.location.href).href;
    } catch (e) {
      return String(url);
    }
  }

  function requestUrl (input) {
    if (typeof input === 'string' || input instanceof URL)
      return absolute(input);
    /* Never `new Request(input)`: that would take a Request's body away from the caller. */
    return input !== null && typeof input === 'object' && typeof input.url === 'string' ? absolute(input.url) : absolute(input);
  }

  function note (name, via) {
    const load = { name, via, startTime: now(), responseEnd: -1, status: null, error: null };
    if (loads.length < MAX_LOADS)
      loads.push(load);
    return load;
  }

  const messageOf = (e) => String(e && e.message ? e.message : e);

  /* Every failed load, as the built-in worker records them ({url, status, error, step, phase,
   * package}); the step is the one OSA's last progress message named, and error messages carry
   * the list as rc.failed_loads so the engine can name the URL. */
  const failedLoads = [];
  const MAX_FAILED = 50;
  const loadStep = { step: 0, phase: null, package: null };
  let booting = true;

  function noteFailed (url, status, error) {
    if (!booting)
      return;
    if (failedLoads.length >= MAX_FAILED)
      failedLoads.shift();
    failedLoads.push({ url, status, error, step: loadStep.step, phase: loadStep.phase, package: loadStep.package });
  }

  function ownValue (name, value) {
    Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: true });
  }

  if (typeof g.fetch === 'function') {
    const nativeFetch = g.fetch;
    ownValue('fetch', function fetch (...args) {
      const load = note(requestUrl(args[0]), 'fetch');
      let pending;
      try {
        pending = Reflect.apply(nativeFetch, g, args);
      } catch (e) {
        load.error = messageOf(e);
        noteFailed(load.name, 0, load.error);
        throw e;
      }
      Promise.resolve(pending).then((response) => {
        load.responseEnd = now();
        load.status = response && typeof response.status === 'number' ? response.status : null;
        if (response && response.ok === false && response.type !== 'opaque') /* no-cors: no status to judge */
          noteFailed(load.name, load.status, 'HTTP ' + load.status + (response.statusText ? ' ' + response.statusText : ''));
      }, (e) => {
        load.error = messageOf(e);
        noteFailed(load.name, 0, load.error);
      });
      return pending;
    });
  }

  if (typeof g.importScripts === 'function') {
    const nativeImportScripts = g.importScripts;
    ownValue('importScripts', function importScripts (...urls) {
      const batch = urls.map((url) => note(absolute(url), 'importScripts'));
      try {
        const result = Reflect.apply(nativeImportScripts, g, urls);
        const end = now();
        for (const load of batch) {
          load.responseEnd = end;
          load.status = 'ok'; /* importScripts reports no HTTP status; it throws on failure */
        }
        return result;
      } catch (e) {
        for (const load of batch) {
          load.error = messageOf(e);
          noteFailed(load.name, 0, load.error); /* importScripts gives no status */
        }
        throw e;
      } finally {
        arm();
      }
    });
  }
  /* XMLHttpRequest is not wrapped: Pyodide 0.29.5 loads nothing with it in a worker, and OSA's
   * egress guard removes it before anything runs. */

  function timingEntry (e) {
    return { name: e.name, initiatorType: e.initiatorType, startTime: e.startTime, responseStart: e.responseStart,
             responseEnd: e.responseEnd, duration: e.duration, transferSize: e.transferSize,
             encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize };
  }

  let observer = null;
  if (typeof g.PerformanceObserver === 'function') {
    try {
      observer = new g.PerformanceObserver((list) => {
        for (const e of list.getEntries())
          timings.push(timingEntry(e));
      });
      observer.observe({ type: 'resource', buffered: true });
    } catch (e) {
      observer = null;
    }
  }

  /* Resource Timing entries, each marked with who saw it (`seenBy`) and the wrapper's status;
   * then each load no entry covers (a memory-cache hit WebKit leaves out), as the built-in
   * worker reports them: initiatorType fetch-observed or script-observed, no sizes. */
  function resourceEntries () {
    if (observer !== null && typeof observer.takeRecords === 'function')
      for (const e of observer.takeRecords())
        timings.push(timingEntry(e));
    const entries = timings.slice();
    if (typeof performance.getEntriesByType === 'function') {
      const known = new Set(entries.map((e) => e.name + ' ' + e.startTime));
      for (const e of performance.getEntriesByType('resource'))
        if (!known.has(e.name + ' ' + e.startTime))
          entries.push(timingEntry(e));
    }
    for (const e of entries)
      e.seenBy = ['resource-timing'];
    const unmatched = entries.slice();
    const out = entries.slice();
    for (const load of loads) {
      const i = unmatched.findIndex((e) => e.name === load.name);
      if (i >= 0) {
        const e = unmatched.splice(i, 1)[0];
        e.seenBy.push(load.via);
        e.status = load.status;
        if (load.error !== null)
          e.error = load.error;
        continue;
      }
      out.push({ name: load.name, initiatorType: load.via === 'fetch' ? 'fetch-observed' : 'script-observed',
                 startTime: load.startTime, responseEnd: load.responseEnd, status: load.status, error: load.error,
                 seenBy: [load.via],
                 reason: 'no Resource Timing entry (WebKit leaves memory-cache hits out); seen by the ' + load.via + ' wrapper' });
    }
    return out;
  }

  /* ---- WebAssembly compile time, as the built-in worker reports it ---------------------------- */
  const hooks = [];
  let wasmDepth = 0;
  /* what each call compiled, so the record keeps the interpreter's (pyodide.asm.wasm) */
  const wasmSource = (arg) => {
    if (arg instanceof WebAssembly.Module)
      return Promise.resolve({ module: true });
    if (arg && typeof arg.byteLength === 'number')
      return Promise.resolve({ bytes: arg.byteLength });
    return Promise.resolve(arg).then((r) => ({ url: r && typeof r.url === 'string' ? r.url : null }),
                                     () => ({ url: null }));
  };
  for (const name of ['instantiateStreaming', 'instantiate', 'compileStreaming', 'compile']) {
    const original = typeof WebAssembly === 'object' ? WebAssembly[name] : undefined;
    if (typeof original !== 'function')
      continue;
    WebAssembly[name] = function (...args) {
      const start = now();
      const source = wasmSource(args[0]);
      wasmDepth++;
      const settle = (ok) => {
        wasmDepth--;
        if (wasmDepth === 0) {
          const hook = { name: ok ? 'wasm-compile' : 'wasm-compile-failed', via: name, start, end: now() };
          hooks.push(hook);
          source.then((what) => Object.assign(hook, what));
        }
      };
      /* A policy's refusal leaves Pyodide hanging with no error of its own: say it now, so
       * the console need not wait out its deadline to name it. */
      const failed = (e) => {
        if (wasmDepth === 1)
          nativePost({ type: 'rc_wasm_failed', via: name, error: String(e), t: now() });
        settle(false);
      };
      let pending;
      try {
        pending = Reflect.apply(original, WebAssembly, args);
      } catch (e) {
        failed(e);
        throw e;
      }
      Promise.resolve(pending).then(() => settle(true), failed);
      return pending;
    };
  }

  function heap () {
    try {
      return instance ? instance._module.HEAP8.length : null;
    } catch (e) {
      return null;
    }
  }

  const nativePost = g.postMessage.bind(g);
  g.postMessage = function (message, ...rest) {
    if (message && typeof message === 'object' &&
        (message.type === 'progress' || message.type === 'ready' || message.type === 'error' ||
         message.type === 'result')) {
      const rc = { t: now(), heap: heap(), probe: 'heap-probe', origin: performance.timeOrigin };
      if (message.type === 'progress')
        Object.assign(loadStep, { step: typeof message.step === 'number' ? message.step : loadStep.step,
                                  phase: typeof message.phase === 'string' ? message.phase : null,
                                  package: typeof message.package === 'string' ? message.package : null });
      if (message.type === 'ready' || message.type === 'error') {
        rc.resources = resourceEntries();
        rc.hooks = hooks.slice();
      }
      if (message.type === 'error')
        rc.failed_loads = failedLoads.slice();
      if (message.type === 'ready') {
        booting = false;
        if (options.importtime === true)
          rc.importtime = { lines: importLines.slice(), dropped: importLines.length >= MAX_IMPORT_LINES };
      }
      message = Object.assign({}, message, { rc });
    }
    return nativePost(message, ...rest);
  };

  /* A blob worker inherits the page's policy, and its refusals fire here, not in the page. */
  if (typeof g.addEventListener === 'function')
    g.addEventListener('securitypolicyviolation', (event) => {
      nativePost({ type: 'rc_violation', where: 'worker', directive: event.effectiveDirective || event.violatedDirective,
                   blockedURI: event.blockedURI, t: now() });
    });
})();
