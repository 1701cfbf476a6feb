// test-heap-probe.mjs: data/js/heap-probe.js, the prelude prepended to OSA's worker source, in
// Node's vm as an emulated classic worker: it must survive every way a script defines the
// global loadPyodide (the real pyodide.js 0.29.5 text included), never change what loadPyodide
// returns, and report every load its fetch/importScripts wrappers saw, merged with Resource
// Timing, so that memory-cache hits WebKit leaves out of Resource Timing are still reported.
// Usage: node test-heap-probe.mjs data/js/heap-probe.js [PYODIDE_DIR]   (TAP output)
// PYODIDE_DIR defaults to the one the console uses ($RC_PYODIDE_DIR, else the user cache).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import assert from 'node:assert/strict';

const probe = fs.readFileSync(process.argv[2], 'utf8');
const dist = (process.argv[3] || process.env.RC_PYODIDE_DIR ||
              path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'runtime-console', 'pyodide-0.29.5'))
  .replace(/\/?$/, '/');
const haveDist = fs.existsSync(dist + 'pyodide.asm.wasm');
const INDEX = 'https://cdn.jsdelivr.net/pyodide/v0.29.5/full/';
const HEAP = 16777216;

// An emulated classic worker: importScripts runs scripts from `scripts` (URL → text) in the
// same global, as a worker does; fetch answers from `files` (URL → body) or 404.
function makeWorker ({ scripts = {}, files = {}, withProbe = true, timing = [], refuse = {} } = {}) {
  const world = { posted: [], fetched: [], imported: [], listeners: {} };
  const sandbox = {
    URL, Request, Response, Headers, TextDecoder, TextEncoder, setTimeout, clearTimeout, crypto: globalThis.crypto,
    console: { log () {}, info () {}, debug () {}, warn () {}, error () {} }, /* pyodide's own chatter */
    location: new URL('blob:https://nemar.org/0b1c'),
    navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15' },
    performance: { now: () => performance.now(), getEntriesByType: (type) => (type === 'resource' ? timing : []) },
    postMessage: (m) => world.posted.push(m),
    addEventListener: (type, listener) => (world.listeners[type] = world.listeners[type] || []).push(listener),
    async fetch (input) {
      const url = typeof input === 'object' && typeof input.url === 'string' ? input.url : String(input);
      world.fetched.push(url);
      if (url in refuse)
        return new Response('refused', { status: refuse[url], statusText: 'Service Unavailable' });
      if (!(url in files))
        return new Response('not found', { status: 404 });
      const type = url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
      const response = new Response(files[url], { headers: { 'Content-Type': type } });
      // Give the vm realm its own buffers, as a worker's fetch would.
      const outer = response.arrayBuffer.bind(response);
      response.arrayBuffer = async () => {
        const bytes = new Uint8Array(await outer());
        const inner = vm.runInContext('(n) => new Uint8Array(n)', sandbox)(bytes.length);
        inner.set(bytes);
        return inner.buffer;
      };
      return response;
    },
    importScripts (...urls) {
      for (const url of urls) {
        world.imported.push(url);
        if (!(url in scripts))
          throw new Error('NetworkError: ' + url);
        vm.runInContext(scripts[url], sandbox, { filename: url });
      }
    },
  };
  vm.createContext(sandbox);
  // `self` is the global itself and an instance of WorkerGlobalScope, as pyodide.js checks.
  vm.runInContext('globalThis.self = globalThis; class WorkerGlobalScope {}; globalThis.WorkerGlobalScope = WorkerGlobalScope;' +
                  'Object.setPrototypeOf(globalThis, WorkerGlobalScope.prototype);', sandbox);
  if (withProbe)
    vm.runInContext(probe, sandbox, { filename: 'heap-probe.js' });
  world.sandbox = sandbox;
  world.run = (code) => vm.runInContext(code, sandbox);
  return world;
}

// Objects from the vm realm have other prototypes: compare their JSON.
const plain = (value) => JSON.parse(JSON.stringify(value));

// A scripted interpreter: loadPyodide returns `world.returned`, a promise of a fake instance.
function scriptedLoader (world) {
  world.calls = [];
  world.sandbox.__makeLoader = () => function loadPyodide (options) {
    world.calls.push({ options, self: this });
    world.returned = Promise.resolve({ version: '0.29.5', _module: { HEAP8: { length: HEAP } } });
    return world.returned;
  };
}

// Calls the global the way OSA's env.load does, a bare identifier after importScripts.
async function callAsOsa (world) {
  const options = { indexURL: INDEX };
  const got = world.run('loadPyodide')(options);
  assert.equal(got, world.returned, 'the very promise the original returned');
  assert.equal(world.calls.length, 1);
  assert.equal(world.calls[0].options, options);
  const pyodide = await got;
  world.run("postMessage({ type: 'ready', version: '0.29.5' })");
  const ready = world.posted[world.posted.length - 1];
  assert.equal(ready.rc.heap, HEAP, 'the probe captured the instance');
  assert.equal(ready.version, '0.29.5');
  return pyodide;
}

const definitions = {
  'var loadPyodide = f': 'var loadPyodide = __makeLoader();',
  'globalThis.loadPyodide = f': 'globalThis.loadPyodide = __makeLoader();',
  'self.loadPyodide = f': 'self.loadPyodide = __makeLoader();',
  'pyodide.js 0.29.5 pattern: inner globalThis, var module object, read-back':
    '"use strict"; var loadPyodide = (() => { const B = __makeLoader(); globalThis.loadPyodide = B;' +
    ' return { loadPyodide: B, version: "0.29.5" }; })();\nglobalThis.loadPyodide = loadPyodide.loadPyodide;',
  'its own wrapper read back, many times': 'self.loadPyodide = __makeLoader();' +
    ' for (let i = 0; i < 5; i++) globalThis.loadPyodide = self.loadPyodide; var loadPyodide = loadPyodide;',
  'a function declaration': 'var __f = __makeLoader(); function loadPyodide (o) { return __f.call(this, o); }',
  'Object.defineProperty with a data property':
    'Object.defineProperty(globalThis, "loadPyodide", { value: __makeLoader(), writable: true, configurable: true });',
  'assigned twice, different functions: the last one wins':
    'globalThis.loadPyodide = () => { throw new Error("the first definition was called"); };' +
    ' globalThis.loadPyodide = __makeLoader();',
};

const tests = {};
for (const [name, script] of Object.entries(definitions)) {
  tests['the global survives: ' + name] = async () => {
    const world = makeWorker({ scripts: { [INDEX + 'pyodide.js']: script } });
    scriptedLoader(world);
    world.run(`importScripts('${INDEX}pyodide.js')`);
    if (name === 'a function declaration') {
      // The declared function forwards to the scripted one; identity is that function's.
      const options = { indexURL: INDEX };
      const got = world.run('loadPyodide')(options);
      assert.equal(got, world.returned);
      await got;
      world.run("postMessage({ type: 'progress', step: 1, steps: 1, phase: 'runtime_loaded' })");
      assert.equal(world.posted[0].rc.heap, HEAP);
      return;
    }
    await callAsOsa(world);
  };
}

Object.assign(tests, {
  async 'a non-function value reads back unchanged, a wrapper is stable' () {
    const world = makeWorker();
    world.run('var loadPyodide = { loadPyodide: 1 };');
    assert.deepEqual(JSON.parse(JSON.stringify(world.run('loadPyodide'))), { loadPyodide: 1 });
    assert.equal(world.run('loadPyodide'), world.run('globalThis.loadPyodide'));
    world.run('globalThis.loadPyodide = function f () { return 7; };');
    assert.equal(world.run('loadPyodide === self.loadPyodide'), true);
    assert.equal(world.run('loadPyodide()'), 7, 'a non-promise result passes through');
    assert.equal(world.run('loadPyodide.name'), 'f');
    world.run('globalThis.loadPyodide = undefined;');
    assert.equal(world.run('typeof loadPyodide'), 'undefined');
  },
  async 'a rejection reaches the caller unchanged and leaves the heap unknown' () {
    const world = makeWorker();
    const error = new Error('no WebAssembly.instantiate');
    world.sandbox.__error = error;
    world.run('self.loadPyodide = () => Promise.reject(__error);');
    await assert.rejects(world.run('loadPyodide')({}), (e) => e === error);
    world.run("postMessage({ type: 'error', kind: 'runtime', message: 'x' })");
    assert.equal(world.posted[0].rc.heap, null);
  },
  async 'the real pyodide.js 0.29.5 through importScripts: Python boots, unchanged by the probe' () {
    // A failure, not a skip: the README's test command sets the distribution up first.
    assert.ok(haveDist, 'no Pyodide distribution at ' + dist + ' (run tools/setup.sh)');
    const text = fs.readFileSync(dist + 'pyodide.js', 'utf8');
    const files = {};
    for (const name of ['pyodide-lock.json', 'pyodide.asm.wasm', 'python_stdlib.zip'])
      files[INDEX + name] = fs.readFileSync(dist + name);
    const scripts = { [INDEX + 'pyodide.js']: text, [INDEX + 'pyodide.asm.js']: fs.readFileSync(dist + 'pyodide.asm.js', 'utf8') };
    // The same load with and without the probe: the probe must change nothing it returns.
    const outcomes = [];
    for (const withProbe of [false, true]) {
      const world = makeWorker({ scripts, files, withProbe });
      world.run(`importScripts('${INDEX}pyodide.js')`);
      assert.equal(world.run('typeof loadPyodide'), 'function');
      assert.equal(world.run('loadPyodide.name'), 'loadPyodide');
      assert.equal(world.run('loadPyodide === globalThis.loadPyodide && loadPyodide === self.loadPyodide'), true);
      const returned = world.run(`loadPyodide({ indexURL: '${INDEX}', stdout: () => {}, stderr: () => {} })`);
      assert.equal(world.run('(p) => p instanceof Promise')(returned), true, 'an async function\'s own promise');
      // Bounded, so a hang is a failure rather than a silent exit of the event loop.
      const settled = await Promise.race([
        returned.then((v) => ['resolved', v.version, v.runPython('6 * 7')], (e) => ['rejected', String(e && e.message)]),
        new Promise((resolve) => setTimeout(() => resolve(['pending after 60 s']), 60000)),
      ]);
      // pyodide's own code ran: it imported its wasm glue and fetched its files.
      assert.deepEqual(world.imported, [INDEX + 'pyodide.js', INDEX + 'pyodide.asm.js']);
      assert.ok(world.fetched.includes(INDEX + 'pyodide.asm.wasm') && world.fetched.includes(INDEX + 'python_stdlib.zip'));
      outcomes.push({ settled, fetched: world.fetched.slice().sort(), world });
    }
    assert.deepEqual(outcomes[1].settled, outcomes[0].settled);
    assert.deepEqual(outcomes[1].fetched, outcomes[0].fetched);
    assert.deepEqual(outcomes[1].settled, ['resolved', '0.29.5', 42], 'Python booted under the probe');
    // The probe captured the instance (its wasm heap) and saw each of those loads.
    const world = outcomes[1].world;
    world.run("postMessage({ type: 'ready', version: '0.29.5' })");
    assert.ok(world.posted[world.posted.length - 1].rc.heap > (1 << 20));
    const seen = world.posted[world.posted.length - 1].rc.resources.map((e) => e.name + ' ' + e.seenBy.join('+'));
    for (const file of ['pyodide.js importScripts', 'pyodide.asm.js importScripts', 'pyodide.asm.wasm fetch', 'python_stdlib.zip fetch'])
      assert.ok(seen.includes(INDEX + file), file + ' in ' + seen.join(', '));
  },
  async 'loads: each one reported once, merged with Resource Timing, with who saw it' () {
    const wasm = INDEX + 'pyodide.asm.wasm';
    const wheel = 'https://api.example.org/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl';
    // Resource Timing has the wasm (a network load) but not the wheel or the scripts, as WebKit
    // leaves memory-cache hits out.
    const timing = [{ name: wasm, initiatorType: 'fetch', startTime: 10, responseStart: 20, responseEnd: 30, duration: 20,
                      transferSize: 5000, encodedBodySize: 4700, decodedBodySize: 9000 }];
    const world = makeWorker({ scripts: { [INDEX + 'pyodide.js']: 'var loadPyodide = 1;' },
                               files: { [wasm]: 'wasm', [wheel]: 'zip' }, timing });
    world.run(`importScripts('${INDEX}pyodide.js')`);
    const request = new Request(wheel, { method: 'GET' });
    await world.run('fetch')(wasm);
    await world.run('fetch')(request);
    assert.equal(request.bodyUsed, false, 'the wrapper never consumes the caller\'s request');
    await world.run('fetch')('https://api.example.org/missing.whl');
    assert.throws(() => world.run(`importScripts('${INDEX}nope.js')`), /NetworkError/);
    await new Promise((resolve) => setTimeout(resolve, 1));
    world.run("postMessage({ type: 'ready', version: '0.29.5' })");
    const byName = Object.fromEntries(world.posted[0].rc.resources.map((e) => [e.name, e]));
    assert.deepEqual(plain(byName[wasm].seenBy), ['resource-timing', 'fetch']);
    assert.equal(byName[wasm].transferSize, 5000);
    assert.equal(byName[wasm].status, 200);
    const hit = byName[wheel];
    assert.equal(hit.initiatorType, 'fetch-observed');
    assert.deepEqual(plain(hit.seenBy), ['fetch']);
    assert.equal(hit.status, 200);
    assert.ok(hit.responseEnd >= hit.startTime && hit.startTime > 0);
    assert.ok(!('transferSize' in hit), 'no sizes the wrapper cannot know');
    assert.match(hit.reason, /no Resource Timing entry/);
    assert.equal(byName['https://api.example.org/missing.whl'].status, 404);
    const script = byName[INDEX + 'pyodide.js'];
    assert.deepEqual([script.initiatorType, script.status], ['script-observed', 'ok']);
    const failed = byName[INDEX + 'nope.js'];
    assert.deepEqual([failed.responseEnd, failed.status], [-1, null]);
    assert.match(failed.error, /NetworkError/);
    assert.equal(world.posted[0].rc.resources.length, 5);
  },
  async 'a guard installed after the probe (as OSA\'s) still goes through the wrappers' () {
    const world = makeWorker({ files: { [INDEX + 'pyodide.asm.wasm']: 'wasm' } });
    // Like OSA's egress guard: capture self.fetch, then lock a replacement that calls it.
    world.run('const __native = self.fetch.bind(self); Object.defineProperty(self, "fetch", { value: (u) => __native(u),' +
              ' writable: false, configurable: false });');
    await world.run('fetch')(INDEX + 'pyodide.asm.wasm');
    world.run("postMessage({ type: 'ready', version: '0.29.5' })");
    assert.deepEqual(plain(world.posted[0].rc.resources.map((e) => [e.name, e.initiatorType])),
                     [[INDEX + 'pyodide.asm.wasm', 'fetch-observed']]);
  },
  async 'failed loads: each with its status and the step OSA\'s progress named, on error messages only' () {
    const wheel = 'https://api.example.org/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl';
    const world = makeWorker({ refuse: { [wheel]: 503 } });
    world.run(`postMessage({ type: 'progress', step: 1, steps: 2, phase: 'loading_runtime' })`);
    assert.throws(() => world.run(`importScripts('${INDEX}pyodide.js')`), /NetworkError/);
    world.run(`postMessage({ type: 'progress', step: 2, steps: 2, phase: 'loading_package', package: 'demo-helpers' })`);
    const response = await world.run('fetch')(wheel);
    assert.equal(response.status, 503, 'the caller gets the response unchanged');
    await world.run('fetch')(INDEX + 'pyodide.asm.wasm'); // 404 from this emulated server
    await new Promise((resolve) => setTimeout(resolve, 1));
    world.run("postMessage({ type: 'error', kind: 'runtime', message: 'package demo-helpers did not load: Load failed' })");
    const error = world.posted[world.posted.length - 1];
    assert.equal(error.message, 'package demo-helpers did not load: Load failed', 'the message is OSA\'s own');
    assert.deepEqual(plain(error.rc.failed_loads), [
      { url: INDEX + 'pyodide.js', status: 0, error: 'NetworkError: ' + INDEX + 'pyodide.js', step: 1, phase: 'loading_runtime', package: null },
      { url: wheel, status: 503, error: 'HTTP 503 Service Unavailable', step: 2, phase: 'loading_package', package: 'demo-helpers' },
      { url: INDEX + 'pyodide.asm.wasm', status: 404, error: 'HTTP 404', step: 2, phase: 'loading_package', package: 'demo-helpers' },
    ]);
    for (const m of world.posted.slice(0, -1))
      assert.ok(!('failed_loads' in m.rc), 'progress carries no failed_loads');
  },
  async 'the worker\'s own policy violations are posted as rc_violation' () {
    const world = makeWorker();
    const listeners = world.listeners.securitypolicyviolation || [];
    assert.equal(listeners.length, 1, 'one securitypolicyviolation listener on the worker global');
    listeners[0]({ effectiveDirective: 'connect-src', violatedDirective: 'connect-src https://cdn.jsdelivr.net',
                   blockedURI: 'https://api.example.org/demo/runtime/x.whl' });
    listeners[0]({ violatedDirective: 'worker-src', blockedURI: 'blob' });
    const [first, second] = plain(world.posted);
    assert.ok(typeof first.t === 'number');
    delete first.t;
    delete second.t;
    assert.deepEqual(first, { type: 'rc_violation', where: 'worker', directive: 'connect-src', blockedURI: 'https://api.example.org/demo/runtime/x.whl' });
    assert.deepEqual(second, { type: 'rc_violation', where: 'worker', directive: 'worker-src', blockedURI: 'blob' });
  },
  async 'a failed WebAssembly compile is posted at once as rc_wasm_failed, with the engine\'s words' () {
    const world = makeWorker();
    await assert.rejects(world.run('WebAssembly.compile(new Uint8Array([1, 2, 3]))'), (e) => e.name === 'CompileError');
    await assert.rejects(world.run('WebAssembly.instantiate()'));
    const failed = plain(world.posted.filter((m) => m.type === 'rc_wasm_failed'));
    assert.deepEqual(failed.map((m) => m.via), ['compile', 'instantiate']);
    assert.ok(failed[0].error.startsWith('CompileError: '), failed[0].error);
    assert.ok(failed.every((m) => typeof m.t === 'number'));
  },
  async 'messages keep their fields and gain rc; other messages pass untouched' () {
    const world = makeWorker();
    world.run("postMessage({ type: 'progress', step: 1, steps: 2, phase: 'loading_runtime' }); postMessage('x');");
    const [progress, other] = world.posted;
    assert.deepEqual([progress.type, progress.step, progress.steps, progress.phase, progress.rc.probe],
                     ['progress', 1, 2, 'loading_runtime', 'heap-probe']);
    assert.ok(!('resources' in progress.rc));
    assert.equal(other, 'x');
  },
});

let n = 0;
let failed = 0;
for (const [name, test] of Object.entries(tests)) {
  n++;
  try {
    const skipped = await test();
    console.log(`ok ${n} - ${name}` + (typeof skipped === 'string' ? ' # ' + skipped : ''));
  } catch (e) {
    failed++;
    console.log(`not ok ${n} - ${name}`);
    console.log('# ' + String(e && e.stack ? e.stack : e).split('\n').join('\n# '));
  }
}
console.log(`1..${n}`);
process.exit(failed === 0 ? 0 : 1);
