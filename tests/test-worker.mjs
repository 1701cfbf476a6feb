// test-worker.mjs: the built-in worker (data/js/worker.js) against the contract, in Node's vm
// with a scripted Pyodide stand-in: step accounting and phase order, the lock merge, failure
// kinds, the protocol error and the egress guard's decisions. Real boots are in test-boot.c.
// Usage: node test-worker.mjs data/js/worker.js   (TAP output)
import fs from 'node:fs';
import vm from 'node:vm';
import assert from 'node:assert/strict';

const source = fs.readFileSync(process.argv[2], 'utf8');
const INDEX = 'https://cdn.jsdelivr.net/pyodide/v0.29.5/full/';
const STOCK = { info: { version: '0.29.5' }, packages: { numpy: { name: 'numpy' }, micropip: { name: 'micropip' } } };

function fakePyodide (world) {
  const dict = () => ({ set () {}, get () { return () => ({ toJs: () => [], destroy () {} }); }, destroy () {} });
  dict.destroy = () => {};
  return {
    version: '0.29.5',
    _module: { HEAP8: { length: 16777216 } },
    globals: { get: () => dict },
    async loadPackage (name, options) {
      world.loaded.push(name);
      assert.equal(options.checkIntegrity, true);
      if (world.wheels && name in world.wheels) {
        // As Pyodide does: fetch the wheel through the (guarded) global, then say only "Load failed".
        const response = await world.sandbox.fetch(world.wheels[name]);
        if (!response.ok)
          options.errorCallback('Failed to load ' + world.wheels[name] + ': Load failed');
      }
      if (world.failPackage === name)
        options.errorCallback('Failed to fetch');
    },
    pyimport (name) {
      if (name === 'micropip')
        return { install: { callKwargs: async (entry, kwargs) => world.installs.push([entry, kwargs]) }, destroy () {} };
      if (world.failImport === name)
        throw new Error("ModuleNotFoundError: No module named '" + name + "'");
      return { destroy () {} };
    },
    runPython () {},
    async runPythonAsync (code) {
      if (code.includes('raise'))
        throw new Error('RuntimeError: boom');
    },
  };
}

function makeWorker (config, options = {}) {
  const world = { posted: [], fetched: [], imported: [], loaded: [], installs: [], loadOptions: null, ...options };
  const sandbox = {
    URL, Request, Response, Promise, JSON, Error, TypeError, Object, Array, Reflect, performance,
    WebAssembly,
    location: { href: 'blob:https://nemar.org/0b1c' },
    navigator: {},
    postMessage: (m) => world.posted.push(m),
    addEventListener () {},
    XMLHttpRequest: function () {}, WebSocket: function () {}, EventSource: function () {},
    Worker: function () {}, SharedWorker: function () {},
    async fetch (request) {
      world.fetched.push(request);
      if (request.url === INDEX + 'pyodide-lock.json')
        return world.lockStatus ? new Response('no', { status: world.lockStatus }) : new Response(JSON.stringify(STOCK));
      if (world.status && request.url in world.status)
        return new Response('refused', { status: world.status[request.url], statusText: 'Refused' });
      if (world.unreachable && world.unreachable.includes(request.url))
        throw new TypeError('Load failed');
      return new Response('data');
    },
    importScripts (...urls) {
      world.imported.push(...urls);
      if (world.importFails)
        throw new Error('NetworkError: Load failed');
      sandbox.loadPyodide = async (loadOptions) => {
        world.loadOptions = loadOptions;
        if (world.pyodideBoot)
          await world.pyodideBoot(loadOptions);
        // As pyodide.js does: fetch its files through the global fetch; a failed one rejects.
        for (const url of world.runtimeFiles || []) {
          const response = await sandbox.fetch(url);
          if (!response.ok)
            throw new Error('WebAssembly.instantiateStreaming(): HTTP status code is not ok');
        }
        return fakePyodide(world);
      };
    },
  };
  sandbox.self = sandbox;
  vm.createContext(sandbox);
  vm.runInContext('(' + source + ')(' + JSON.stringify(config) + ');', sandbox);
  world.sandbox = sandbox;
  return world;
}

function baseConfig (extra = {}) {
  return { indexURL: INDEX, preload: [], allowInstall: [], indexUrls: [], fetchAllow: ['https://data.example.org/ok/'],
           importBeforeSeal: [], lockPackages: null, prelude: '', limits: {}, ...extra };
}

async function boot (world) {
  world.sandbox.onmessage({ data: { type: 'boot' } });
  for (let i = 0; i < 200; i++) {
    const last = world.posted[world.posted.length - 1];
    if (last && (last.type === 'ready' || last.type === 'error'))
      return last;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('the worker neither became ready nor failed');
}

// Objects from the vm realm have other prototypes: compare their JSON.
const plain = (value) => JSON.parse(JSON.stringify(value));

const sequence = (world) => world.posted.filter((m) => m.type === 'progress')
  .map((m) => [m.phase, m.package || m.module || '', m.step + '/' + m.steps].join(' ').replace('  ', ' '));

async function denied (world, url, reason) {
  await assert.rejects(world.sandbox.fetch(url), (e) => e.name === 'EgressDenied' && e.reason === reason &&
    e.message.startsWith('Blocked by the runtime egress policy (' + reason + '): '));
}

const tests = {
  async 'steps and phases for preload, allow_install, import_before_seal and a prelude' () {
    const w = makeWorker(baseConfig({ preload: ['numpy', 'pandas'], allowInstall: ['https://w.example/x-1-py3-none-any.whl'],
                                      indexUrls: ['https://pypi.example/simple/'], importBeforeSeal: ['numpy.linalg'], prelude: 'x = 1' }));
    const last = await boot(w);
    assert.equal(last.type, 'ready');
    assert.equal(last.version, '0.29.5');
    assert.deepEqual(sequence(w), ['loading_runtime 1/7', 'runtime_loaded 1/7', 'loading_package numpy 2/7',
      'loading_package pandas 3/7', 'loading_package micropip 4/7', 'installing https://w.example/x-1-py3-none-any.whl 5/7',
      'importing numpy.linalg 6/7', 'prelude 7/7']);
    assert.deepEqual(plain(w.installs), [['https://w.example/x-1-py3-none-any.whl', { deps: false, index_urls: ['https://pypi.example/simple/'] }]]);
    for (const m of w.posted)
      assert.ok(!('index' in m) && !('total' in m) && typeof m.rc === 'object');
    assert.deepEqual(w.imported, [INDEX + 'pyodide.js']);
    assert.equal(w.fetched.length, 0, 'without an overlay Pyodide reads its own lock');
  },
  async 'index_urls are passed only when there are some' () {
    const w = makeWorker(baseConfig({ allowInstall: ['a'] }));
    await boot(w);
    assert.deepEqual(plain(w.installs), [['a', { deps: false }]]);
  },
  async 'the overlay is merged into the stock lock and given as lockFileContents' () {
    const wheel = 'https://widget.osc.earth/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl';
    const w = makeWorker(baseConfig({ lockPackages: { 'demo-helpers': { name: 'demo-helpers', file_name: wheel } } }));
    assert.equal((await boot(w)).type, 'ready');
    assert.equal(w.fetched[0].url, INDEX + 'pyodide-lock.json');
    assert.equal(w.fetched[0].credentials, 'omit');
    assert.equal(w.fetched[0].redirect, 'error');
    assert.equal(w.loadOptions.packageBaseUrl, INDEX);
    assert.equal(w.loadOptions.indexURL, INDEX);
    assert.ok(!('lockFileURL' in w.loadOptions));
    assert.deepEqual(Object.keys(w.loadOptions.lockFileContents.packages).sort(), ['demo-helpers', 'micropip', 'numpy']);
    assert.equal(w.loadOptions.lockFileContents.packages['demo-helpers'].file_name, wheel);
  },
  async 'an overlay may only add: replacing a stock entry is a lock error' () {
    const w = makeWorker(baseConfig({ lockPackages: { numpy: { name: 'numpy', file_name: 'https://x.example/numpy-9-py3-none-any.whl' } } }));
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['lock', "the community's lock entry numpy would replace the Pyodide distribution's own"]);
  },
  async 'an unreadable stock lock is a lock error' () {
    const w = makeWorker(baseConfig({ lockPackages: { a: { file_name: 'https://x.example/a-1-py3-none-any.whl' } } }), { lockStatus: 404 });
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['lock', "the Pyodide distribution's lock could not be read: HTTP 404 for " + INDEX + 'pyodide-lock.json']);
    assert.deepEqual(plain(last.rc.failed_loads), [{ url: INDEX + 'pyodide-lock.json', status: 404, error: 'HTTP 404', step: 1,
                                                     phase: 'loading_runtime', package: null }]);
  },
  async 'an invalid configuration is a config error' () {
    const w = makeWorker(baseConfig({ fetchAllow: { production: [] } }));
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['config', 'the runtime was built with an invalid configuration: config.fetchAllow is not a list of strings']);
  },
  async 'a package that does not load is a runtime error' () {
    const w = makeWorker(baseConfig({ preload: ['zarr'] }), { failPackage: 'zarr' });
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['runtime', 'package zarr did not load: Failed to fetch']);
  },
  async 'import_before_seal and prelude failures have their own kinds' () {
    const w = makeWorker(baseConfig({ preload: ['scipy'], importBeforeSeal: ['scipy.io'] }), { failImport: 'scipy.io' });
    const last = await boot(w);
    assert.equal(last.kind, 'import_before_seal');
    assert.ok(last.message.startsWith("the community's import_before_seal module scipy.io did not import: ModuleNotFoundError"));
    const p = makeWorker(baseConfig({ prelude: 'raise RuntimeError("boom")' }));
    const failed = await boot(p);
    assert.deepEqual([failed.kind, failed.message], ['prelude', "the community's prelude failed: RuntimeError: boom"]);
  },
  async 'unknown messages and executions before the boot' () {
    const w = makeWorker(baseConfig());
    w.sandbox.onmessage({ data: { type: 'cancel' } });
    const error = plain(w.posted[0]);
    assert.deepEqual(plain(error.rc.failed_loads), []);
    delete error.rc;
    assert.deepEqual(error, { type: 'error', kind: 'protocol', message: 'unexpected message: cancel' });
    w.sandbox.onmessage({ data: { type: 'execute', call_id: 'c1', code: '1' } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const result = w.posted[1];
    assert.deepEqual([result.type, result.call_id, result.status, result.stderr], ['result', 'c1', 'error', '[runtime] the runtime is not booted']);
  },
  async 'a wheel the server refuses (503): the error names the URL and the status, with rc.failed_loads' () {
    const wheel = 'https://widget.osc.earth/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl';
    const w = makeWorker(baseConfig({ preload: ['demo-helpers'], lockPackages: { 'demo-helpers': { name: 'demo-helpers', file_name: wheel } } }),
                         { wheels: { 'demo-helpers': wheel }, status: { [wheel]: 503 } });
    const last = await boot(w);
    assert.equal(last.type, 'error');
    assert.equal(last.kind, 'runtime');
    assert.equal(last.message, 'package demo-helpers did not load: ' + wheel + ' answered HTTP 503 (Pyodide said: Failed to load ' +
                 wheel + ': Load failed)');
    assert.deepEqual(plain(last.rc.failed_loads), [{ url: wheel, status: 503, error: 'HTTP 503 Refused', step: 2,
                                                     phase: 'loading_package', package: 'demo-helpers' }]);
    for (const m of w.posted.filter((m) => m.type === 'progress'))
      assert.ok(!('failed_loads' in m.rc), 'only errors carry failed_loads');
  },
  async 'a wheel with no response at all: named with the browser\'s reason' () {
    const wheel = 'https://widget.osc.earth/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl';
    const w = makeWorker(baseConfig({ preload: ['numpy', 'demo-helpers'], lockPackages: { 'demo-helpers': { name: 'demo-helpers', file_name: wheel } } }),
                         { wheels: { 'demo-helpers': wheel }, unreachable: [wheel] });
    const last = await boot(w);
    assert.ok(last.message.startsWith('package demo-helpers did not load: ' + wheel + ' failed: Load failed (Pyodide said: '), last.message);
    assert.deepEqual(plain(last.rc.failed_loads.map((l) => [l.status, l.step, l.package])), [[0, 3, 'demo-helpers']]);
  },
  async 'a wheel URL outside the boot allowlist: the guard\'s refusal is a failed load, and a rejecting loadPackage is caught' () {
    const wheel = 'https://elsewhere.example/demo_helpers-0.1.1-py3-none-any.whl';
    const w = makeWorker(baseConfig({ preload: ['demo-helpers'] }), { wheels: { 'demo-helpers': wheel } });
    const last = await boot(w);
    assert.equal(last.kind, 'runtime');
    assert.ok(last.message.startsWith('package demo-helpers did not load: ' + wheel + ' failed: Blocked by the runtime egress policy (not_in_fetch_allow): '),
              last.message);
    assert.deepEqual(plain(last.rc.failed_loads.map((l) => [l.url, l.status, l.package])), [[wheel, 0, 'demo-helpers']]);
  },
  async 'pyodide.js that cannot be imported is a runtime error naming its URL' () {
    const w = makeWorker(baseConfig(), { importFails: true });
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['runtime', 'loading_runtime: pyodide.js could not be loaded from ' + INDEX +
                     'pyodide.js: NetworkError: Load failed']);
    assert.deepEqual(plain(last.rc.failed_loads), [{ url: INDEX + 'pyodide.js', status: 0, error: 'NetworkError: Load failed',
                                                     step: 1, phase: 'loading_runtime', package: null }]);
  },
  async 'loadPyodide rejecting names the last failed load' () {
    const w = makeWorker(baseConfig(), { runtimeFiles: [INDEX + 'pyodide.asm.wasm'], status: { [INDEX + 'pyodide.asm.wasm']: 404 } });
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['runtime', 'loading_runtime: loadPyodide failed: WebAssembly.instantiateStreaming(): ' +
                     'HTTP status code is not ok (last failed load: ' + INDEX + 'pyodide.asm.wasm, HTTP 404)']);
    assert.deepEqual(plain(last.rc.failed_loads.map((l) => [l.url, l.status, l.phase])), [[INDEX + 'pyodide.asm.wasm', 404, 'loading_runtime']]);
  },
  async 'a failed WebAssembly compile is posted at once as rc_wasm_failed, before the error' () {
    const w = makeWorker(baseConfig(), {
      pyodideBoot: async () => { await w.sandbox.WebAssembly.compile(new Uint8Array([1, 2, 3])); },
    });
    const last = await boot(w);
    assert.equal(last.type, 'error');
    const failed = plain(w.posted.filter((m) => m.type === 'rc_wasm_failed'));
    assert.equal(failed.length, 1, 'the outer call only, once');
    assert.equal(failed[0].via, 'compile');
    assert.ok(failed[0].error.startsWith('CompileError: '), failed[0].error);
    assert.equal(typeof failed[0].t, 'number');
    const types = w.posted.map((m) => m.type);
    assert.ok(types.indexOf('rc_wasm_failed') < types.indexOf('error'));
  },
  async 'a snapshot run passes the fetched snapshot to loadPyodide as _loadSnapshot' () {
    const snapshot = INDEX + 'rc-snapshot-0123456789ab.bin';
    const w = makeWorker(baseConfig({ rc: { snapshot } }), {
      pyodideBoot: async (options) => { w.snapshotBytes = new Uint8Array(await options._loadSnapshot); },
    });
    const last = await boot(w);
    assert.equal(last.type, 'ready');
    assert.ok(w.fetched.some((r) => r.url === snapshot), 'the snapshot was fetched through the guard');
    assert.equal(new TextDecoder().decode(w.snapshotBytes), 'data');
    const plainBoot = makeWorker(baseConfig());
    await boot(plainBoot);
    assert.equal(plainBoot.loadOptions._loadSnapshot, undefined);
  },
  async 'a snapshot that cannot be fetched fails the boot as kind snapshot, naming its URL' () {
    const snapshot = INDEX + 'rc-snapshot-0123456789ab.bin';
    const w = makeWorker(baseConfig({ rc: { snapshot } }), {
      status: { [snapshot]: 404 },
      pyodideBoot: async (options) => { await options._loadSnapshot; },
    });
    const last = await boot(w);
    assert.deepEqual([last.kind, last.message], ['snapshot', 'loading_runtime: loadPyodide failed booting from the memory snapshot ' +
                     snapshot + ': HTTP 404 for ' + snapshot + ' (last failed load: ' + snapshot + ', HTTP 404)']);
  },
  async 'the egress guard: boot allowlist, URL decisions, transports, then the seal' () {
    const wheel = 'https://widget.osc.earth/demo/runtime/demo_helpers-0.1.1-py3-none-any.whl';
    const w = makeWorker(baseConfig({ indexUrls: ['https://pypi.example/simple/'], fetchAllow: ['https://data.example.org/ok', 'https://data.example.org/a/../b/'],
                                      lockPackages: { 'demo-helpers': { file_name: wheel } } }));
    const s = w.sandbox;
    await s.fetch(INDEX + 'pyodide.asm.wasm');
    await s.fetch(wheel);
    await s.fetch('https://pypi.example/simple/numpy/');
    await denied(w, 'https://widget.osc.earth/demo/runtime/other-1-py3-none-any.whl', 'not_in_fetch_allow');
    await denied(w, 'https://data.example.org/ok/x', 'not_in_fetch_allow'); // fetch_allow is not in the boot list
    // new Request() itself refuses credentials (Fetch spec), so fetch reports unparseable;
    // importScripts has no Request and meets the URL check's own rule.
    await denied(w, 'https://user:pw@cdn.jsdelivr.net/pyodide/v0.29.5/full/x', 'unparseable');
    assert.throws(() => s.importScripts('https://user:pw@cdn.jsdelivr.net/pyodide/v0.29.5/full/x.js'),
                  (e) => e.reason === 'credentials_in_url');
    await denied(w, 'ftp://cdn.jsdelivr.net/x', 'scheme_not_allowed');
    await denied(w, 'http://[bad', 'unparseable');
    assert.throws(() => new s.XMLHttpRequest(), (e) => e.reason === 'transport_not_allowed');
    for (const name of ['WebSocket', 'EventSource', 'Worker', 'SharedWorker'])
      assert.throws(() => new s[name]('https://x.example/'), (e) => e.reason === 'transport_not_allowed');
    assert.throws(() => { s.fetch = () => 'mine'; }, TypeError, 'fetch is locked');
    assert.throws(() => s.importScripts('https://evil.example/x.js'), (e) => e.reason === 'not_in_fetch_allow');
    await boot(w);
    await denied(w, INDEX + 'pyodide.js', 'not_in_fetch_allow'); // the CDN is gone after the seal
    await s.fetch('https://data.example.org/ok/x.bin');
    await s.fetch('https://data.example.org/ok');
    await denied(w, 'https://data.example.org/oknot', 'not_in_fetch_allow'); // segment boundary
    await denied(w, 'https://data.example.org/b/x', 'not_in_fetch_allow'); // dot-segment prefix skipped
    await s.fetch('https://data.example.org/ok/q?range=1');
  },
  async 'importtime: -X importtime in args, its stderr lines with their clock, Pyodide\'s captured stderr tee\'d' () {
    const line = 'import time:        10 |        900 | _pyodide_core\n';
    const captured = [];
    const w = makeWorker(baseConfig({ rc: { importtime: true } }), {
      async pyodideBoot (o) {
        assert.deepEqual(plain(o.args), ['-X', 'importtime']);
        const devices = {};
        const FS = { createDevice (parent, name, input, output) { devices[name] = output; return name; } };
        await o.fsInit(FS, { sitePackages: '/lib/python3.13/site-packages' });
        o.stderr('import time: self [us] | cumulative | imported package');
        o.stderr('import time:       269 |        269 |   marshal');
        o.stderr('a stderr line that is not importtime');
        // As Pyodide's rawRun does for `import _pyodide_core`: fd 2 on a capture device.
        FS.createDevice('/dev', 'capture_stderr', null, (c) => captured.push(c));
        for (const c of line)
          devices.capture_stderr(c.charCodeAt(0));
      },
    });
    const ready = await boot(w);
    assert.equal(ready.type, 'ready');
    // the capture still captures
    assert.equal(String.fromCharCode(...captured), line);
    const lines = plain(ready.rc.importtime.lines);
    assert.deepEqual(lines.map((l) => l.text), ['import time: self [us] | cumulative | imported package',
      'import time:       269 |        269 |   marshal', line.trimEnd()]);
    for (let i = 1; i < lines.length; i++)
      assert.ok(lines[i].t >= lines[i - 1].t);
    assert.equal(ready.rc.importtime.dropped, false);
  },
  async 'importtime off: no args, no fsInit, no importtime in ready' () {
    const w = makeWorker(baseConfig());
    const ready = await boot(w);
    assert.equal(ready.type, 'ready');
    assert.equal(w.loadOptions.args, undefined);
    assert.equal(w.loadOptions.fsInit, undefined);
    assert.equal(ready.rc.importtime, undefined);
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
