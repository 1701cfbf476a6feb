/* host.js: the Runtime Console host page. It reads its boot plan, builds the worker source
 * (our built-in worker, or OSA's own bundle), starts it as a classic blob: worker, and relays
 * every worker message and every securitypolicyviolation to the console through the "rc"
 * script message handler. No inline script or style anywhere, so strict policies apply as-is.
 */
(function () {
  'use strict';

  const handler = window.webkit && window.webkit.messageHandlers ? window.webkit.messageHandlers.rc : null;
  let worker = null;

  function post (message) {
    message.t = performance.now();
    if (handler)
      handler.postMessage(JSON.stringify(message));
    const status = document.getElementById('status');
    if (status && message.kind === 'worker' && message.data)
      status.textContent = message.data.type + ' ' + (message.data.phase || message.data.kind || '');
  }

  document.addEventListener('securitypolicyviolation', (event) => {
    post({ kind: 'violation', where: 'page', directive: event.effectiveDirective || event.violatedDirective,
           blockedURI: event.blockedURI, sourceFile: event.sourceFile, lineNumber: event.lineNumber });
  });

  /* Mirrors the contract's resolveLockPackages: absolute wheel URLs, bare pure-Python names. */
  function resolveLockPackages (lock) {
    if (lock === null || lock === undefined)
      return null;
    if (typeof lock.baseUrl !== 'string' || !lock.baseUrl.endsWith('/'))
      throw new TypeError('the lock\'s wheel base must be a URL ending in "/", got ' + String(lock.baseUrl));
    const packages = {};
    for (const [key, entry] of Object.entries(lock.packages || {})) {
      if (!/^[A-Za-z0-9_.+-]+-py3-none-any\.whl$/.test(entry.file_name))
        throw new TypeError('lock entry ' + key + ' does not name a wheel: ' + entry.file_name);
      packages[key] = Object.assign({}, entry, { file_name: new URL(entry.file_name, lock.baseUrl).href });
    }
    return packages;
  }

  function buildWorkerConfig (runtime, lock) {
    return {
      indexURL: 'https://cdn.jsdelivr.net/pyodide/v' + runtime.pyodide_version + '/full/',
      preload: runtime.preload || [],
      allowInstall: runtime.allow_install || [],
      indexUrls: runtime.index_urls || [],
      fetchAllow: runtime.fetch_allow || [],
      importBeforeSeal: runtime.import_before_seal || [],
      lockPackages: resolveLockPackages(lock),
      prelude: typeof runtime.prelude === 'string' ? runtime.prelude : '',
      limits: runtime.limits || {},
    };
  }

  async function fetchText (path) {
    const response = await fetch(path, { cache: 'no-store' });
    if (!response.ok)
      throw new Error('HTTP ' + response.status + ' for ' + path);
    return response.text();
  }

  async function builtinSource (plan) {
    const config = buildWorkerConfig(plan.runtime, plan.lock);
    if (Array.isArray(plan.compile))
      config.rc = { compile: plan.compile };
    const text = await fetchText('/worker.js');
    return '(' + text + ')(' + JSON.stringify(config) + ');\n';
  }

  function loadScript (src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error('could not load ' + src));
      document.head.appendChild(script);
    });
  }

  /* OSA's bundle, unchanged; only a heap probe is prepended to the source it builds. */
  async function osaSource (plan) {
    await loadScript(plan.bundle);
    if (!window.OSARuntime || typeof window.OSARuntime.buildWorkerSource !== 'function')
      throw new Error(plan.bundle + ' does not define OSARuntime.buildWorkerSource');
    const source = window.OSARuntime.buildWorkerSource(plan.runtime, plan.lock);
    const probe = await fetchText('/heap-probe.js');
    return probe + '\n' + source;
  }

  function startWorker (source) {
    const url = URL.createObjectURL(new Blob([source], { type: 'application/javascript' }));
    let revoked = false;
    const revoke = () => {
      if (!revoked)
        URL.revokeObjectURL(url);
      revoked = true;
    };
    worker = new Worker(url);
    worker.onmessage = (event) => {
      revoke();
      post({ kind: 'worker', data: event.data });
    };
    worker.onerror = (event) => {
      revoke();
      post({ kind: 'worker_error',
             message: event.message || 'the worker failed to start, which a Content-Security-Policy refusal also looks like' });
    };
    worker.postMessage({ type: 'boot' });
  }

  window.rcExecute = function (callId, code) {
    if (worker === null)
      return false;
    worker.postMessage({ type: 'execute', call_id: callId, code });
    return true;
  };

  window.rcStop = function () {
    if (worker !== null)
      worker.terminate();
    worker = null;
    return true;
  };

  async function start () {
    let plan;
    try {
      plan = JSON.parse(await fetchText('/boot-plan.json'));
    } catch (e) {
      post({ kind: 'host_error', message: 'the boot plan could not be read: ' + e.message });
      return;
    }
    let source;
    try {
      source = plan.worker === 'osa' ? await osaSource(plan) : await builtinSource(plan);
      startWorker(source);
    } catch (e) {
      /* A CSP refusal also queues a securitypolicyviolation event: let it arrive first. */
      setTimeout(() => post({ kind: 'worker_error', message: 'worker could not be constructed: ' + e.message }), 100);
      return;
    }
    post({ kind: 'started', worker: plan.worker });
  }

  start();
})();
