/* The plain side of bench-measure-overhead: what a reader's page does, minus measuring. It reads
 * the same boot plan the console's host page reads, builds a blob worker from worker.js and
 * relays its one answer (to WebKit's handler, or POSTed to /result). No step messages, no
 * policy, no violation listener. */
(async () => {
  'use strict';
  /* WebKit's view has the bench handler; Chromium and Firefox, started plainly, post the
     answer to the plain server instead */
  const post = (m) => window.webkit && window.webkit.messageHandlers
    ? window.webkit.messageHandlers.bench.postMessage(JSON.stringify(m))
    : fetch('/result', { method: 'POST', body: JSON.stringify(m) });
  try {
    const plan = await (await fetch('/boot-plan.json', { cache: 'no-store' })).json();
    const text = await (await fetch('/worker.js', { cache: 'no-store' })).text();
    const rt = plan.runtime;
    const overlay = {};
    if (plan.lock)
      for (const [key, entry] of Object.entries(plan.lock.packages))
        overlay[key] = Object.assign({}, entry, { file_name: new URL(entry.file_name, plan.lock.baseUrl).href });
    const indexURL = location.origin + '/pyodide/';
    const prelude = typeof rt.prelude === 'string' ? rt.prelude : '';
    /* --plain-worker builtin (profiling): the console's own instrumented worker.js over this
       plain server, so the bench can tell the worker's instrumentation from the transport's cost */
    const builtin = plan.bench_worker === 'builtin';
    const config = builtin
      ? { indexURL, preload: rt.preload || [], allowInstall: [], indexUrls: [], fetchAllow: rt.fetch_allow || [],
          importBeforeSeal: rt.import_before_seal || [], lockPackages: overlay, prelude, limits: rt.limits || {} }
      : { indexURL, overlay, preload: rt.preload || [], importBeforeSeal: rt.import_before_seal || [], prelude };
    const url = URL.createObjectURL(new Blob(['(' + text + ')(' + JSON.stringify(config) + ');'],
                                             { type: 'text/javascript' }));
    const worker = new Worker(url);
    URL.revokeObjectURL(url);
    const steps = {};
    /* The reader's figure, as the console takes it: from this page's navigation start to the
       worker's ready, moved onto the page's clock by the two time origins */
    const pageClock = (t, origin) => typeof t === 'number' && typeof origin === 'number'
      ? { nav_ms: origin - performance.timeOrigin + t, worker_start_ms: origin - performance.timeOrigin, worker_ms: t }
      : { nav_ms: performance.now() };
    worker.onmessage = (e) => {
      const m = e.data;
      if (!builtin)
        return post(m.type === 'ready' ? Object.assign(m, pageClock(m.t, m.origin)) : m);
      if (m.type === 'progress')
        steps[m.phase] = m.rc.t;
      else if (m.type === 'ready')
        post(Object.assign({ type: 'ready', runtime_ms: steps.runtime_loaded - steps.loading_runtime },
                           pageClock(m.rc.t, m.rc.origin)));
      else if (m.type === 'error')
        post(m);
    };
    if (builtin)
      worker.postMessage({ type: 'boot' }); /* the contract's worker waits to be told */
    worker.onerror = (e) => post({ type: 'error', message: e.message });
  } catch (e) {
    post({ type: 'error', message: String(e) });
  }
})();
