// test-host.mjs: the host page's script (data/js/host.js) in Node's vm with a small DOM stub: it
// says host_alive before anything else, and every failure of its own (the boot plan, the worker
// source, OSA's bundle, the heap probe, the Worker constructor) is a host_error naming its stage,
// URL and HTTP status instead of leaving the engine's deadline to fire. Real boots: test-boot.c.
// Usage: node test-host.mjs data/js/host.js   (TAP output)
import fs from 'node:fs';
import vm from 'node:vm';
import assert from 'node:assert/strict';

const source = fs.readFileSync(process.argv[2], 'utf8');
const ORIGIN = 'https://console.invalid';
const PLAN = { worker: 'builtin', runtime: { pyodide_version: '0.29.5', preload: [] }, lock: null };

// files: path → body (string) or HTTP status (number); a missing path is 404.
// handler false: serve's page in a reader's own browser (no console to post to).
// hint: the page's #hint element ({hidden}); timeScale shortens the page's timers (0.001: 10 s in 10 ms).
function makePage ({ files = {}, bundleLoads = true, bundleDefines = true, workerThrows = null, handler = true,
                     search = '', hint = null, timeScale = 1 } = {}) {
  const page = { posted: [], fetched: [], bodies: {}, timers: [], windowListeners: {}, workers: [] };
  const head = {
    appendChild (script) {
      page.script = script;
      setTimeout(() => {
        if (!bundleLoads)
          return script.onerror(new Event('error'));
        if (bundleDefines)
          sandbox.window.OSARuntime = { buildWorkerSource: () => 'osa worker' };
        script.onload();
      }, 0);
    },
  };
  const sandbox = {
    URL: class extends URL {
      static createObjectURL () { return 'blob:' + ORIGIN + '/1'; }
      static revokeObjectURL () {}
    },
    Blob: class { constructor (parts) { this.text = parts.join(''); } },
    Error, TypeError, JSON, Object, Array, Promise,
    performance: { now: () => performance.now(), timeOrigin: 1764633600000.5, getEntriesByName: () => [] },
    setTimeout: (fn, ms) => setTimeout(fn, ms * timeScale),
    clearTimeout: (id) => clearTimeout(id),
    URLSearchParams,
    location: { href: ORIGIN + '/' + search, origin: ORIGIN, search },
    document: {
      getElementById: (id) => (id === 'hint' ? hint : null),
      addEventListener () {},
      createElement: () => ({}),
      head,
    },
    async fetch (path, init) {
      page.fetched.push(path);
      if (init && init.body)
        page.bodies[path] = JSON.parse(init.body);
      const body = files[path];
      if (body === undefined)
        return new Response('not found', { status: 404 });
      if (typeof body === 'number')
        return new Response('refused', { status: body });
      return new Response(body);
    },
    Worker: class {
      constructor (url) {
        if (workerThrows)
          throw new Error(workerThrows);
        this.url = url;
        this.sent = [];
        page.workers.push(this);
      }

      postMessage (m) { this.sent.push(m); }
    },
  };
  sandbox.window = {
    webkit: handler ? { messageHandlers: { rc: { postMessage: (text) => page.posted.push(JSON.parse(text)) } } } : undefined,
    addEventListener: (type, fn) => (page.windowListeners[type] = page.windowListeners[type] || []).push(fn),
  };
  page.window = sandbox.window;
  vm.createContext(sandbox);
  vm.runInContext(source, sandbox, { filename: 'host.js' });
  return page;
}

async function settle (page, kind) {
  for (let i = 0; i < 300; i++) {
    if (page.posted.some((m) => m.kind === kind))
      return page.posted;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('no ' + kind + ' message; posted: ' + JSON.stringify(page.posted));
}

const without = (message, ...keys) => Object.fromEntries(Object.entries(message).filter(([k]) => !keys.includes(k)));

const tests = {
  async 'host_alive comes first, before the boot plan is fetched' () {
    const page = makePage();
    assert.deepEqual(page.posted.map((m) => m.kind), ['host_alive']);
    assert.equal(typeof page.posted[0].t, 'number');
    assert.deepEqual(Object.keys(page.posted[0]).sort(), ['kind', 't', 'time_origin']);
    /* the page's time origin: the console times the boot from it (rc-boot-clock.h) */
    assert.equal(page.posted[0].time_origin, 1764633600000.5);
    assert.deepEqual(page.fetched, ['/boot-plan.json']);
    await settle(page, 'host_error');
  },
  async 'a boot plan answered with 503 is a host_error at stage plan, with its URL and status' () {
    const page = makePage({ files: { '/boot-plan.json': 503 } });
    const posted = await settle(page, 'host_error');
    assert.deepEqual(posted.map((m) => m.kind), ['host_alive', 'host_error']);
    assert.deepEqual(without(posted[1], 't'), { kind: 'host_error', stage: 'plan', url: ORIGIN + '/boot-plan.json', status: 503,
                                                message: 'the boot plan could not be read: HTTP 503 for ' + ORIGIN + '/boot-plan.json' });
  },
  async 'a boot plan that is not JSON names the URL' () {
    const posted = await settle(makePage({ files: { '/boot-plan.json': '{nope' } }), 'host_error');
    assert.equal(posted[1].stage, 'plan');
    assert.equal(posted[1].url, ORIGIN + '/boot-plan.json');
    assert.match(posted[1].message, /^the boot plan could not be read: https:\/\/console\.invalid\/boot-plan\.json is not JSON: /);
  },
  async 'a missing worker.js is a host_error at stage worker-source' () {
    const posted = await settle(makePage({ files: { '/boot-plan.json': JSON.stringify(PLAN) } }), 'host_error');
    assert.deepEqual(without(posted[1], 't', 'message'), { kind: 'host_error', stage: 'worker-source', url: ORIGIN + '/worker.js', status: 404 });
  },
  async 'OSA\'s bundle that does not load, or defines nothing, is stage bundle; a missing probe is stage probe' () {
    const plan = JSON.stringify({ ...PLAN, worker: 'osa', bundle: '/osa-runtime.bundle.js' });
    let posted = await settle(makePage({ files: { '/boot-plan.json': plan }, bundleLoads: false }), 'host_error');
    assert.deepEqual(without(posted[1], 't'), { kind: 'host_error', stage: 'bundle', url: ORIGIN + '/osa-runtime.bundle.js', status: 0,
                                                message: "OSA's bundle could not build the worker: could not load " + ORIGIN + '/osa-runtime.bundle.js' });
    posted = await settle(makePage({ files: { '/boot-plan.json': plan }, bundleDefines: false }), 'host_error');
    assert.equal(posted[1].stage, 'bundle');
    assert.match(posted[1].message, /does not define OSARuntime\.buildWorkerSource/);
    posted = await settle(makePage({ files: { '/boot-plan.json': plan, '/heap-probe.js': 500 } }), 'host_error');
    assert.deepEqual(without(posted[1], 't', 'message'), { kind: 'host_error', stage: 'probe', url: ORIGIN + '/heap-probe.js', status: 500 });
  },
  async 'a Worker the policy refuses is stage worker-start, still "worker could not be constructed"' () {
    const page = makePage({ files: { '/boot-plan.json': JSON.stringify(PLAN), '/worker.js': 'function () {}' },
                            workerThrows: 'The operation is insecure.' });
    const started = Date.now();
    const posted = await settle(page, 'host_error');
    assert.ok(Date.now() - started >= 90, 'a violation event gets its 100 ms to arrive first');
    assert.deepEqual(without(posted[1], 't'), { kind: 'host_error', stage: 'worker-start', url: null, status: 0,
                                                message: 'worker could not be constructed: The operation is insecure.' });
  },
  async 'a booting worker: started; its error event is worker_error with filename and line' () {
    const page = makePage({ files: { '/boot-plan.json': JSON.stringify(PLAN), '/worker.js': 'function () {}' } });
    await settle(page, 'started');
    const [worker] = page.workers;
    assert.deepEqual(JSON.parse(JSON.stringify(worker.sent)), [{ type: 'boot' }]);
    let prevented = false;
    worker.onerror({ message: 'SyntaxError: Unexpected token', filename: 'blob:x', lineno: 3, preventDefault: () => { prevented = true; } });
    const error = page.posted[page.posted.length - 1];
    assert.deepEqual(without(error, 't'), { kind: 'worker_error', message: 'SyntaxError: Unexpected token', filename: 'blob:x', lineno: 3 });
    assert.ok(prevented, 'not reported again as the page\'s own error');
  },
  async 'an uncaught error in a page script is host_error page-script with file and line' () {
    const page = makePage();
    const [listener] = page.windowListeners.error;
    listener({ message: 'ReferenceError: x is not defined', filename: ORIGIN + '/osa-runtime.bundle.js', lineno: 12, colno: 5 });
    const error = page.posted.find((m) => m.stage === 'page-script');
    assert.deepEqual(without(error, 't'), { kind: 'host_error', stage: 'page-script', url: ORIGIN + '/osa-runtime.bundle.js', status: 0,
                                            message: 'uncaught error in ' + ORIGIN + '/osa-runtime.bundle.js:12: ReferenceError: x is not defined',
                                            filename: ORIGIN + '/osa-runtime.bundle.js', lineno: 12, colno: 5 });
    await settle(page, 'host_error');
  },
  async 'serve\'s page without a console asks serve for the diagnosis of a failed boot and shows it in rcMessages' () {
    const answer = { kind: 'diagnosis', ready: false, outcome: { kind: 'page', message: 'x' }, party: 'engine',
                     party_sentence: 'Whose failure: the engine (WebKit or the host page), not the community or the policy.',
                     text: 'Whose failure: the engine …' };
    const page = makePage({ handler: false, files: { '/boot-plan.json': 503, '/rc-diagnosis': JSON.stringify(answer) } });
    for (let i = 0; i < 300 && !page.window.rcMessages.some((m) => m.kind === 'diagnosis'); i++)
      await new Promise((resolve) => setTimeout(resolve, 2));
    const messages = JSON.parse(JSON.stringify(page.window.rcMessages)); /* out of the vm's realm */
    assert.deepEqual(messages.map((m) => m.kind), ['host_alive', 'host_error', 'diagnosis']);
    /* the report holds the messages so far, and no outcome of its own: the host_error ended the boot */
    const report = page.bodies['/rc-diagnosis'];
    assert.equal(report.kind, 'page_report');
    assert.deepEqual(report.messages.map((m) => m.kind), ['host_alive', 'host_error']);
    assert.equal(report.outcome, null);
    assert.deepEqual(without(messages[2], 't'), answer);
    assert.deepEqual(page.posted, []);
  },
  async 'with a console attached the page asks for no diagnosis, unless ?diagnose=1' () {
    let page = makePage({ files: { '/boot-plan.json': 503 } });
    await settle(page, 'host_error');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(!page.fetched.includes('/rc-diagnosis'));
    page = makePage({ search: '?diagnose=1', files: { '/boot-plan.json': 503, '/rc-diagnosis': 500 } });
    const posted = await settle(page, 'diagnosis');
    assert.ok(page.fetched.includes('/rc-diagnosis'));
    /* serve's error answer is no JSON here: the page says it got no diagnosis */
    assert.match(posted[posted.length - 1].error, /^serve did not answer: /);
  },
  async 'serve\'s page asks for the diagnosis a second after a compile the policy refused, not after other compile failures' () {
    const plan = JSON.stringify(PLAN);
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const start = async () => {
      const page = makePage({ handler: false, timeScale: 0.01, search: '?deadline=100000',
                              files: { '/boot-plan.json': plan, '/worker.js': 'function w () {}',
                                       '/rc-diagnosis': JSON.stringify({ kind: 'diagnosis', party: 'policy' }) } });
      for (let i = 0; i < 200 && page.workers.length === 0; i++)
        await wait(2);
      assert.equal(page.workers.length, 1);
      return page;
    };
    const asked = (page) => page.window.rcMessages.some((m) => m.kind === 'diagnosis');
    /* bad bytes, not a policy: the page keeps waiting (its deadline is far away) */
    const other = await start();
    other.workers[0].onmessage({ data: { type: 'rc_wasm_failed', via: 'compile', error: 'CompileError: expected magic word', t: 5 } });
    await wait(40); /* 4 s of the page's time */
    assert.ok(!asked(other));
    /* Firefox's words, then its violation events: the stall watch (10 s) does not hold it up */
    const page = await start();
    const worker = page.workers[0];
    worker.onmessage({ data: { type: 'rc_wasm_failed', via: 'compile', error: 'CompileError: call to WebAssembly.compile() blocked by CSP', t: 5 } });
    worker.onmessage({ data: { type: 'rc_violation', where: 'worker', directive: 'script-src', blockedURI: 'wasm-eval', t: 6 } });
    for (let i = 0; i < 25 && !asked(page); i++) /* well within the 10 s (100 ms) of the stall watch */
      await wait(2);
    assert.ok(asked(page));
    const report = page.bodies['/rc-diagnosis'];
    assert.equal(report.deadline_s, 100000);
    assert.equal(report.outcome, null, 'the console decides from the replayed rc_wasm_failed');
    assert.deepEqual(report.messages.filter((m) => m.kind === 'worker').map((m) => m.data.type), ['rc_wasm_failed', 'rc_violation']);
  },
  async 'serve\'s page shows its hint only while a step is overdue, never after ready' () {
    const plan = JSON.stringify(PLAN);
    const hint = { hidden: true };
    /* the page's own deadline far away: only the hint's timer matters here */
    const page = makePage({ handler: false, hint, timeScale: 0.001, search: '?deadline=100000',
                            files: { '/boot-plan.json': plan, '/worker.js': 'function w () {}' } });
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    assert.equal(hint.hidden, true);
    for (let i = 0; i < 200 && page.workers.length === 0; i++)
      await wait(2);
    assert.equal(page.workers.length, 1);
    await wait(30); /* 10 s of the page's time without a step */
    assert.equal(hint.hidden, false);
    const worker = page.workers[0];
    worker.onmessage({ data: { type: 'progress', step: 1, steps: 2, phase: 'loading_runtime' } });
    assert.equal(hint.hidden, true); /* a step came: not overdue */
    await wait(30);
    assert.equal(hint.hidden, false);
    worker.onmessage({ data: { type: 'ready', version: '0.29.5' } });
    assert.equal(hint.hidden, true);
    await wait(40);
    assert.equal(hint.hidden, true); /* ready for good */
  },
};

let n = 0;
let failed = 0;
for (const [name, test] of Object.entries(tests)) {
  n++;
  try {
    await test();
    console.log(`ok ${n} - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok ${n} - ${name}`);
    console.log('# ' + String(e && e.stack ? e.stack : e).split('\n').join('\n# '));
  }
}
console.log(`1..${n}`);
process.exit(failed === 0 ? 0 : 1);
