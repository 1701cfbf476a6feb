/* host.js: the Runtime Console host page. It reads its boot plan, builds the worker source
 * (our built-in worker, or OSA's own bundle), starts it as a classic blob: worker, and relays
 * every worker message and every securitypolicyviolation to the console through the "rc"
 * script message handler. It says host_alive first, and every failure of its own is a
 * host_error naming its stage, URL and HTTP status, so no failure is left to the deadline.
 * No inline script or style anywhere, so strict policies apply as-is.
 * Messages to the console (each JSON, each with t = the page's performance.now()):
 *   {kind: 'host_alive', time_origin}             first of all, before the plan is fetched;
 *       time_origin: the page's performance.timeOrigin (the boot is timed from it)
 *   {kind: 'host_unload'}                         the page is being left (beforeunload)
 *   {kind: 'host_error', stage, url, status, message}
 *       stage: 'plan' | 'worker-source' | 'bundle' | 'probe' | 'worker-start' | 'page-script';
 *       url: what failed, or null; status: its HTTP status, 0 when none (no response, a script
 *       element, a constructor); 'page-script' adds filename, lineno, colno
 *   {kind: 'worker_error', message, filename?, lineno?}   the Worker's error event
 *   {kind: 'worker', data}  {kind: 'violation', ...}  {kind: 'started', worker}
 * In a browser without the console (serve's page), each step, violation and the outcome is
 * also listed on the page (#log), and window.rcMessages holds every message for an
 * automation client. There, a boot that fails, stalls after a policy violation (10 s without a
 * step: a refused runtime hangs) or passes the page's deadline (?deadline=S, default 120)
 * asks serve for the console's own diagnosis: the messages go to POST /rc-diagnosis at the
 * page origin, and the answer is shown (#diagnosis) and posted as
 *   {kind: 'diagnosis', ready, outcome: {kind, message}, party, party_sentence, text}
 * ({kind: 'diagnosis', error} when serve could not give one). ?diagnose=1 asks for it even
 * with a console attached (an automation client that drives serve's page).
 */
(function () {
  'use strict';

  const handler = window.webkit && window.webkit.messageHandlers ? window.webkit.messageHandlers.rc : null;
  let worker = null;
  const messages = [];
  window.rcMessages = messages;

  /* One readable line per message a reader needs, or null. */
  function describe (m) {
    const d = m.kind === 'worker' ? m.data : null;
    if (d && d.type === 'progress')
      return '[' + d.step + '/' + d.steps + '] ' + d.phase + (d.package ? ' ' + d.package : d.module ? ' ' + d.module : '');
    if (d && d.type === 'ready')
      return 'READY: Pyodide ' + d.version;
    if (d && d.type === 'error')
      return 'FAILED (' + d.kind + '): ' + d.message;
    if (d && d.type === 'rc_violation')
      return 'violation in the worker: ' + d.directive + ' refused ' + d.blockedURI;
    if (m.kind === 'violation')
      return 'violation in the page: ' + m.directive + ' refused ' + m.blockedURI;
    if (m.kind === 'host_error')
      return 'FAILED (' + (m.stage === 'worker-start' ? 'worker_error' : 'page') + '): ' + m.message;
    if (m.kind === 'worker_error')
      return 'FAILED (worker_error): ' + m.message;
    return null;
  }

  function render (message) {
    const log = document.getElementById('log');
    const line = describe(message);
    if (!log || !line || typeof document.createElement !== 'function')
      return;
    const item = document.createElement('li');
    item.className = line.startsWith('FAILED') || line.startsWith('violation') ? 'bad' : line.startsWith('READY') ? 'good' : '';
    item.textContent = (message.t / 1000).toFixed(2) + ' s  ' + line;
    log.appendChild(item);
  }

  function post (message) {
    message.t = performance.now();
    messages.push(message);
    if (handler)
      handler.postMessage(JSON.stringify(message));
    const status = document.getElementById('status');
    if (status && message.kind === 'worker' && message.data)
      status.textContent = message.data.type + ' ' + (message.data.phase || message.data.kind || '');
    render(message);
    watch(message);
  }

  /* ---- the console's diagnosis, for serve's page in a reader's own browser ---- */

  const params = new URLSearchParams(location.search);
  const wantDiagnosis = !handler || params.get('diagnose') === '1';
  const deadlineS = Number(params.get('deadline')) > 0 ? Number(params.get('deadline')) : 120;
  const STALL_MS = 10000;
  /* A compile the page's policy refused: Pyodide hangs after it, and the refusal's violation
   * events arrive with it. The words are the console's rule (rc_boot_wasm_refusal()). */
  const REFUSED_MS = 1000;
  const WASM_REFUSAL = /content security policy|blocked by csp/i;
  let asked = false;
  let sawViolation = false;
  let stallTimer = null;
  let refusedTimer = null;
  let deadlineTimer = null;

  function stopTimers () {
    clearTimeout(stallTimer);
    clearTimeout(refusedTimer);
    clearTimeout(deadlineTimer);
    clearTimeout(overdueTimer);
  }

  /* The page's hint that a blocked runtime looks like a slow one: shown only while a step is
     overdue (no step for OVERDUE_MS), hidden again at the next step and for good at the end. */
  const OVERDUE_MS = 10000;
  let overdueTimer = null;

  function showHint (show) {
    const hint = typeof document.getElementById === 'function' ? document.getElementById('hint') : null;
    if (hint)
      hint.hidden = !show;
  }

  function watchOverdue (m) {
    const d = m.kind === 'worker' ? m.data : null;
    if (m.kind !== 'host_alive' && m.kind !== 'started' && !(d && d.type === 'progress'))
      return;
    clearTimeout(overdueTimer);
    showHint(false);
    overdueTimer = setTimeout(() => showHint(true), OVERDUE_MS);
  }

  /* The diagnosis as readable HTML: whose failure first, then the console's text. */
  function showDiagnosis (answer) {
    const section = document.getElementById('diagnosis');
    if (section && typeof document.createElement === 'function') {
      const party = document.createElement('p');
      const text = document.createElement('pre');
      party.className = 'party ' + (answer.party ? 'party-' + answer.party : 'party-unknown');
      party.textContent = answer.error ? 'No diagnosis: ' + answer.error
        : answer.party_sentence || 'Whose failure: not known from what was seen.';
      text.textContent = answer.text || '';
      section.appendChild(party);
      section.appendChild(text);
      section.hidden = false;
      const hint = document.getElementById('hint');
      if (hint)
        hint.hidden = true;
    }
    post(Object.assign({ kind: 'diagnosis' }, answer));
  }

  function askDiagnosis (outcome) {
    if (!wantDiagnosis || asked)
      return;
    asked = true;
    stopTimers();
    const body = JSON.stringify({ kind: 'page_report', messages, outcome, deadline_s: deadlineS });
    fetch('/rc-diagnosis', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, cache: 'no-store' })
      .then((response) => response.json())
      .then((answer) => showDiagnosis(answer))
      .catch((e) => showDiagnosis({ error: 'serve did not answer: ' + (e && e.message ? e.message : String(e)) }));
  }

  function stalled () {
    askDiagnosis({ kind: 'timeout', message: 'no step for ' + STALL_MS / 1000 + ' s after a policy violation' });
  }

  /* What each message means for the diagnosis: a failure asks at once, ready ends the watch,
     a violation starts the stall watch and each later step restarts it. */
  function watch (m) {
    if (!wantDiagnosis || asked || m.kind === 'diagnosis')
      return;
    watchOverdue(m);
    const d = m.kind === 'worker' ? m.data : null;
    if (d && d.type === 'ready') {
      asked = true;
      stopTimers();
      showHint(false);
    } else if ((d && d.type === 'error') || m.kind === 'worker_error' || m.kind === 'host_error') {
      askDiagnosis(null);
    } else if (d && d.type === 'rc_wasm_failed' && WASM_REFUSAL.test(String(d.error)) && refusedTimer === null) {
      refusedTimer = setTimeout(() => askDiagnosis(null), REFUSED_MS);
    } else if (m.kind === 'violation' || (d && d.type === 'rc_violation') || (sawViolation && d && d.type === 'progress')) {
      sawViolation = true;
      clearTimeout(stallTimer);
      stallTimer = setTimeout(stalled, STALL_MS);
    }
  }

  if (wantDiagnosis)
    deadlineTimer = setTimeout(() => askDiagnosis({ kind: 'timeout', message: 'not ready after the page\'s deadline of ' + deadlineS + ' s' }), deadlineS * 1000);

  /* First of all: the engine can then tell a page that never ran from a worker that hung. */
  post({ kind: 'host_alive', time_origin: performance.timeOrigin });
  /* Leaving the page (a reload, a navigation) says so before what the unload cuts off fails:
   * the console then fails the run as a second page load, not as those loads. */
  window.addEventListener('beforeunload', () => post({ kind: 'host_unload' }));

  /* A failure of the host page itself: {kind: 'host_error', stage, url, status, message}. A CSP
   * refusal also queues a securitypolicyviolation event, so let it arrive first. */
  function hostError (stage, error, prefix) {
    const message = { kind: 'host_error', stage, url: error && typeof error.url === 'string' ? error.url : null,
                      status: error && typeof error.status === 'number' ? error.status : 0,
                      message: prefix + (error && error.message ? error.message : String(error)) };
    setTimeout(() => post(message), 100);
  }

  /* A failed load that names its URL and HTTP status (0: no response, or none to be had). */
  class LoadError extends Error {
    constructor (message, url, status) {
      super(message);
      this.url = url;
      this.status = status;
    }
  }

  /* Uncaught errors in the page's scripts (OSA's bundle included), not a worker's. */
  window.addEventListener('error', (event) => {
    post({ kind: 'host_error', stage: 'page-script', url: event.filename || null, status: 0,
           message: 'uncaught error in ' + (event.filename || 'a page script') + ':' + (event.lineno || 0) + ': ' +
                    (event.message || 'unknown error'),
           filename: event.filename || null, lineno: event.lineno || 0, colno: event.colno || 0 });
  });

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
    const url = new URL(path, location.href).href;
    let response;
    try {
      response = await fetch(path, { cache: 'no-store' });
    } catch (e) {
      throw new LoadError('no response for ' + url + ': ' + (e && e.message ? e.message : String(e)), url, 0);
    }
    if (!response.ok)
      throw new LoadError('HTTP ' + response.status + ' for ' + url, url, response.status);
    return response.text();
  }

  /* A script element reports no status; Resource Timing has it where the engine exposes it. */
  function scriptStatus (url) {
    try {
      const entries = performance.getEntriesByName(url);
      const last = entries[entries.length - 1];
      return last && typeof last.responseStatus === 'number' ? last.responseStatus : 0;
    } catch (e) {
      return 0;
    }
  }

  /* Each failure is tagged with the stage it belongs to, for hostError. */
  function staged (stage, prefix, thrown) {
    const error = thrown !== null && typeof thrown === 'object' ? thrown : new Error(String(thrown));
    error.stage = stage;
    error.prefix = prefix;
    return error;
  }

  async function builtinSource (plan) {
    let config;
    let text;
    try {
      config = buildWorkerConfig(plan.runtime, plan.lock);
      if (Array.isArray(plan.compile))
        config.rc = { compile: plan.compile };
      if (plan.importtime === true)
        config.rc = Object.assign(config.rc || {}, { importtime: true });
      if (typeof plan.snapshot === 'string')
        config.rc = Object.assign(config.rc || {}, { snapshot: plan.snapshot });
      /* Pyodide 314 and later: pyodide.mjs by import(), in a module worker */
      if (plan.module === true)
        config.rc = Object.assign(config.rc || {}, { module: true });
      text = await fetchText('/worker.js');
    } catch (e) {
      throw staged('worker-source', 'the worker source could not be built: ', e);
    }
    return '(' + text + ')(' + JSON.stringify(config) + ');\n';
  }

  function loadScript (src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => {
        const url = new URL(src, location.href).href;
        const status = scriptStatus(url);
        reject(new LoadError('could not load ' + url + (status > 0 ? ' (HTTP ' + status + ')' : ''), url, status));
      };
      document.head.appendChild(script);
    });
  }

  /* OSA's bundle, unchanged; only a heap probe is prepended to the source it builds. */
  async function osaSource (plan) {
    let source;
    try {
      await loadScript(plan.bundle);
      if (!window.OSARuntime || typeof window.OSARuntime.buildWorkerSource !== 'function')
        throw new LoadError(plan.bundle + ' does not define OSARuntime.buildWorkerSource',
                            new URL(plan.bundle, location.href).href, 0);
      source = window.OSARuntime.buildWorkerSource(plan.runtime, plan.lock);
    } catch (e) {
      throw staged('bundle', "OSA's bundle could not build the worker: ", e);
    }
    let probe;
    try {
      probe = await fetchText('/heap-probe.js');
    } catch (e) {
      throw staged('probe', 'the heap probe could not be read: ', e);
    }
    /* the probe's options, read and removed by the probe before OSA's code runs */
    const options = { importtime: plan.importtime === true };
    return 'self.__rcProbeOptions = ' + JSON.stringify(options) + ';\n' + probe + '\n' + source;
  }

  /* OSA's bundle builds a classic worker whatever the version: a module-only Pyodide then
     fails in it as it would in a reader's browser. */
  function startWorker (source, module) {
    const url = URL.createObjectURL(new Blob([source], { type: 'application/javascript' }));
    let revoked = false;
    const revoke = () => {
      if (!revoked)
        URL.revokeObjectURL(url);
      revoked = true;
    };
    worker = module ? new Worker(url, { type: 'module' }) : new Worker(url);
    worker.onmessage = (event) => {
      revoke();
      post({ kind: 'worker', data: event.data });
    };
    worker.onerror = (event) => {
      revoke();
      /* reported here, so it is not reported a second time as the page's own uncaught error */
      if (typeof event.preventDefault === 'function')
        event.preventDefault();
      const message = { kind: 'worker_error',
                        message: event.message || 'the worker failed to start, which a Content-Security-Policy refusal also looks like' };
      if (event.filename)
        message.filename = event.filename;
      if (event.lineno)
        message.lineno = event.lineno;
      post(message);
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

  async function readPlan () {
    const text = await fetchText('/boot-plan.json');
    try {
      return JSON.parse(text);
    } catch (e) {
      const url = new URL('/boot-plan.json', location.href).href;
      throw new LoadError(url + ' is not JSON: ' + e.message, url, 200);
    }
  }

  async function start () {
    let plan;
    try {
      plan = await readPlan();
    } catch (e) {
      hostError('plan', e, 'the boot plan could not be read: ');
      return;
    }
    let source;
    try {
      source = plan.worker === 'osa' ? await osaSource(plan) : await builtinSource(plan);
    } catch (e) {
      hostError(e.stage || 'worker-source', e, e.prefix || 'the worker source could not be built: ');
      return;
    }
    try {
      startWorker(source, plan.worker !== 'osa' && plan.module === true);
    } catch (e) {
      hostError('worker-start', e, 'worker could not be constructed: ');
      return;
    }
    post({ kind: 'started', worker: plan.worker, module: plan.worker !== 'osa' && plan.module === true });
  }

  start();
})();
