/* worker.js: Runtime Console's own implementation of the community runtime worker contract
 * (runtime-worker.md §1–§3). Written for this project; it follows the contract, not OSA's code.
 *
 * The host page loads this file as text and builds the blob worker source as
 *   "(" + text + ")(" + JSON.stringify(config) + ");"
 * so the whole worker is one function call and nothing leaks into the global scope.
 * Extras that are not part of the protocol travel in an `rc` sub-object (timestamps, heap,
 * Resource Timing) or in messages whose type starts with "rc_". Every error message has
 * rc.failed_loads: [{url, status (HTTP, 0 for none), error, step, phase, package|null}], each
 * boot-time load that failed (a refused or rejected fetch, a non-OK response, a failed
 * importScripts), oldest first; the newest 50 are kept.
 */
function rcWorker (CONFIG) {
  'use strict';

  /* ---- 1. Egress guard: the first code that runs ------------------------------------------ */

  const DENY_REASON = {
    UNPARSEABLE: 'unparseable',
    SCHEME: 'scheme_not_allowed',
    CREDENTIALS_IN_URL: 'credentials_in_url',
    NOT_ALLOWED: 'not_in_fetch_allow',
    TRANSPORT: 'transport_not_allowed',
  };

  function withSlash (path) {
    return path.endsWith('/') ? path : path + '/';
  }

  /* Returns null when allowed, else the DENY_REASON value. */
  function isUrlAllowed (rawUrl, prefixes, base) {
    let url;
    try {
      url = base === undefined ? new URL(rawUrl) : new URL(rawUrl, base);
    } catch (e) {
      return DENY_REASON.UNPARSEABLE;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return DENY_REASON.SCHEME;
    if (url.username !== '' || url.password !== '')
      return DENY_REASON.CREDENTIALS_IN_URL;
    const target = withSlash(url.pathname);
    for (const prefix of prefixes) {
      if (typeof prefix !== 'string' || /(^|\/)\.\.?(\/|$)/.test(prefix))
        continue;
      let allowed;
      try {
        allowed = new URL(prefix);
      } catch (e) {
        continue;
      }
      if (allowed.origin !== url.origin)
        continue;
      if (target.startsWith(withSlash(allowed.pathname)))
        return null;
    }
    return DENY_REASON.NOT_ALLOWED;
  }

  function egressDenied (reason, url) {
    const error = new Error('Blocked by the runtime egress policy (' + reason + '): ' +
                            String(url).slice(0, 200) +
                            ". Only origins in this community's fetch_allow are reachable from executed code.");
    error.name = 'EgressDenied';
    error.reason = reason;
    return error;
  }

  const egress = { allow: bootAllowList(CONFIG), sealed: false };

  function bootAllowList (config) {
    const allow = [config.indexURL].concat(Array.isArray(config.indexUrls) ? config.indexUrls : []);
    const lock = config.lockPackages;
    if (lock && typeof lock === 'object')
      for (const key of Object.keys(lock))
        if (lock[key] && typeof lock[key].file_name === 'string')
          allow.push(lock[key].file_name);
    return allow;
  }

  /* Removes `name` from self and every prototype, then defines it locked on self.
   * Fails closed: any step that does not hold throws at the worker's top level. */
  function lockGlobal (name, descriptor) {
    for (let object = self; object !== null; object = Object.getPrototypeOf(object)) {
      if (Object.prototype.hasOwnProperty.call(object, name) && !Reflect.deleteProperty(object, name))
        throw new Error('egress guard: cannot remove ' + name);
    }
    const locked = Object.assign({ configurable: false, enumerable: true }, descriptor);
    if (!('get' in locked))
      locked.writable = false;
    Object.defineProperty(self, name, locked);
    const check = Object.getOwnPropertyDescriptor(self, name);
    if (!check || check.configurable || ('writable' in check && check.writable))
      throw new Error('egress guard: ' + name + ' is not locked');
  }

  function refusedTransport (label) {
    return function () {
      throw egressDenied(DENY_REASON.TRANSPORT, label);
    };
  }

  /* Pyodide 314 and later boot only in a module worker (the host made this one a module). */
  const moduleWorker = !!(CONFIG && CONFIG.rc && CONFIG.rc.module === true);
  const nativeFetch = self.fetch.bind(self);
  const NativeRequest = self.Request;
  const nativeImportScripts = self.importScripts.bind(self);
  /* Boot-time loads as the worker saw them. WebKit leaves some cache hits out of Resource
     Timing (a warm run's wheel, importScripts from the memory cache), and a warm run must
     still show what it loaded; resourceEntries() adds these, marked, without sizes. */
  const bootLoads = [];
  let bootLoading = true;

  function noteLoad (url, initiatorType, startTime) {
    if (bootLoading)
      bootLoads.push({ name: url, initiatorType, startTime, responseEnd: performance.now() });
  }

  /* Every boot-time load that failed, with the step that made it, so an error can name the URL
     and its status instead of Pyodide's bare "Load failed". The boot's progress() keeps
     `loadStep` current; the newest MAX_FAILED are kept, since the last one is the telling one. */
  const failedLoads = [];
  const MAX_FAILED = 50;
  const loadStep = { step: 0, phase: null, package: null };
  const messageOf = (e) => String(e && e.message ? e.message : e);

  function noteFailedLoad (url, status, error) {
    if (!bootLoading)
      return;
    if (failedLoads.length >= MAX_FAILED)
      failedLoads.shift();
    failedLoads.push({ url: String(url), status, error, step: loadStep.step, phase: loadStep.phase,
                       package: loadStep.package });
  }

  /* "URL answered HTTP 503" or "URL failed: <why>" */
  function describeLoad (load) {
    return load.url + (load.status > 0 ? ' answered HTTP ' + load.status : ' failed: ' + load.error);
  }

  async function guardedFetch (input, init) {
    let request;
    try {
      request = new NativeRequest(input, init);
    } catch (e) {
      throw egressDenied(DENY_REASON.UNPARSEABLE, input);
    }
    const reason = isUrlAllowed(request.url, egress.allow);
    if (reason !== null) {
      const denied = egressDenied(reason, request.url);
      noteFailedLoad(request.url, 0, denied.message);
      throw denied;
    }
    const started = performance.now();
    const response = nativeFetch(new NativeRequest(request, { credentials: 'omit', redirect: 'error' }));
    response.then((r) => {
      noteLoad(request.url, 'fetch-observed', started);
      if (r && !r.ok && r.type !== 'opaque')
        noteFailedLoad(request.url, r.status, 'HTTP ' + r.status + (r.statusText ? ' ' + r.statusText : ''));
    }, (e) => noteFailedLoad(request.url, 0, messageOf(e)));
    return response;
  }

  function guardedImportScripts (...urls) {
    /* A module worker has no importScripts; Pyodide 314 probes for it to refuse classic workers,
       so this throws as the engine's own does, and is no failed load. */
    if (moduleWorker)
      throw new TypeError('importScripts() is not available in a module worker');
    for (const url of urls) {
      const reason = isUrlAllowed(url, egress.allow, self.location.href);
      if (reason !== null) {
        const denied = egressDenied(reason, url);
        noteFailedLoad(url, 0, denied.message);
        throw denied;
      }
    }
    const started = performance.now();
    let result;
    try {
      result = nativeImportScripts(...urls);
    } catch (e) {
      /* importScripts gives no status; the proxy's log has it */
      for (const url of urls)
        noteFailedLoad(new URL(url, self.location.href).href, 0, messageOf(e));
      throw e;
    }
    for (const url of urls)
      noteLoad(new URL(url, self.location.href).href, 'script-observed', started);
    return result;
  }

  lockGlobal('fetch', { value: guardedFetch });
  lockGlobal('importScripts', { value: guardedImportScripts });
  for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'Worker', 'SharedWorker'])
    lockGlobal(name, { value: refusedTransport(name) });
  if ('caches' in self)
    lockGlobal('caches', { get: refusedTransport('caches') });
  if (self.navigator && typeof self.navigator.sendBeacon === 'function') {
    const nav = self.navigator;
    for (let object = nav; object !== null; object = Object.getPrototypeOf(object))
      if (Object.prototype.hasOwnProperty.call(object, 'sendBeacon'))
        Reflect.deleteProperty(object, 'sendBeacon');
    Object.defineProperty(nav, 'sendBeacon', { value: refusedTransport('sendBeacon'),
                                               configurable: false, writable: false });
  }

  /* One shot: the boot allowlist (CDN, index URLs, wheels) is replaced by fetch_allow. */
  function seal (fetchAllow) {
    if (egress.sealed)
      throw new Error('egress allowlist is already sealed and cannot be changed');
    egress.allow = fetchAllow.slice();
    egress.sealed = true;
  }

  self.addEventListener('securitypolicyviolation', (event) => {
    self.postMessage({ type: 'rc_violation', where: 'worker',
                       directive: event.effectiveDirective || event.violatedDirective,
                       blockedURI: event.blockedURI, t: performance.now() });
  });

  /* Instrumentation, not part of the contract: when WebAssembly compiles, so the record can
   * split the interpreter step into download, compile and Python start-up. Each call says what
   * it compiled: Pyodide 0.29.5 first instantiates a tiny pre-compiled "sentinel" module (no
   * compilation at all), then pyodide.asm.wasm with instantiateStreaming; the record keeps the
   * call whose `url` is the interpreter's as "wasm-compile". */
  const hooks = [];
  let wasmDepth = 0; /* one engine entry point may call the other: time the outer call only */
  const wasmSource = (arg) => {
    if (arg instanceof WebAssembly.Module)
      return Promise.resolve({ module: true });
    if (arg && typeof arg.byteLength === 'number')
      return Promise.resolve({ bytes: arg.byteLength });
    return Promise.resolve(arg).then((r) => ({ url: r && typeof r.url === 'string' ? r.url : null }),
                                     () => ({ url: null }));
  };
  for (const name of ['instantiateStreaming', 'instantiate', 'compileStreaming', 'compile']) {
    const original = WebAssembly[name];
    if (typeof original !== 'function')
      continue;
    WebAssembly[name] = async function (...args) {
      const start = performance.now();
      const source = wasmSource(args[0]);
      let ok = false;
      wasmDepth++;
      try {
        const instance = await original.apply(WebAssembly, args);
        ok = true;
        return instance;
      } catch (e) {
        /* A policy's refusal leaves Pyodide hanging with no error of its own: say it now, so
         * the console need not wait out its deadline to name it. */
        if (wasmDepth === 1)
          self.postMessage({ type: 'rc_wasm_failed', via: name, error: String(e), t: performance.now() });
        throw e;
      } finally {
        wasmDepth--;
        if (wasmDepth === 0) {
          const hook = { name: ok ? 'wasm-compile' : 'wasm-compile-failed', via: name, start,
                         end: performance.now() };
          hooks.push(hook);
          source.then((what) => {
            Object.assign(hook, what);
            /* Chromium's trace of the compile can end here, long before runtime_loaded */
            if (ok && typeof what.url === 'string' && what.url.endsWith('/pyodide.asm.wasm'))
              self.postMessage({ type: 'rc_wasm_compiled', t: performance.now() });
          });
        }
      }
    };
  }

  /* Python's -X importtime, when the boot plan asks for it (it costs a little: opt-in). Its
   * lines go to stderr as each import ends; the clock of each line is taken here, so the
   * record can tell when Python's first import ran and which imports were slowest. Other
   * stderr lines keep their normal handling (dropped, as without it). */
  const importTime = CONFIG.rc && CONFIG.rc.importtime === true;
  const importLines = [];
  const MAX_IMPORT_LINES = 2000;
  function onStderr (line) {
    if (importTime && bootLoading && importLines.length < MAX_IMPORT_LINES &&
        String(line).startsWith('import time:'))
      importLines.push({ t: performance.now(), text: String(line) });
  }

  /* Pyodide runs its biggest import, `import _pyodide_core` (which pulls in _pyodide, ast,
   * asyncio, re, … : most of python-init), with fd 2 swapped for a capture device and drops
   * what it captured when the import succeeds. fsInit (Pyodide's hook before main()) gets the
   * file system: its capture device is tee'd here, byte for byte, to onStderr, and still
   * captures as before. */
  function teeCapturedStderr (FS) {
    const createDevice = FS.createDevice;
    FS.createDevice = function (parent, name, input, output) {
      if (name !== 'capture_stderr' || typeof output !== 'function')
        return createDevice.apply(this, arguments);
      let bytes = [];
      return createDevice.call(this, parent, name, input, (c) => {
        output(c);
        if (c === 10) {
          onStderr(String.fromCharCode.apply(null, bytes));
          bytes = [];
        } else if (bytes.length < 4096) {
          bytes.push(c);
        }
      });
    };
  }

  /* ---- 2. Python sources ---------------------------------------------------------------- */

  /* Import gate: which top-level roots of `code` cannot be imported right now. */
  const PY_HELPERS = String.raw`
import importlib.util as _importlib_util
from _pyodide._base import find_imports as _find_imports

def _unavailable_imports(code):
    roots = sorted({name.partition(".")[0] for name in _find_imports(code)})
    missing = []
    for root in roots:
        try:
            if _importlib_util.find_spec(root) is None:
                missing.append(root)
        except ImportError:
            missing.append(root)
        except ValueError:
            pass
    return missing
`;

  /* Execution harness: runs one cell, captures output, builds the summary. */
  const PY_OUTPUT = String.raw`
import base64 as _base64
import io as _io
import json as _json
import os as _os
import re as _re
import sys as _sys
import traceback as _traceback
import types as _types
from _pyodide._base import eval_code_async as _eval_code_async

_os.environ.setdefault("MPLBACKEND", "Agg")
_LIMITS = __LIMITS_JSON__
_FULL_CHARS = 262144
_ADDRESS = _re.compile(r" at 0x[0-9A-Fa-f]+")
_run_images = []

def _clip(text, limit):
    if len(text) <= limit:
        return text
    head = limit // 2
    tail = limit - head
    return text[:head] + f"\n... {len(text) - limit} characters omitted ...\n" + text[-tail:]

def _png_size(data):
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return 0, 0

def display(obj):
    data = None
    if isinstance(obj, (bytes, bytearray, memoryview)):
        data = bytes(obj)
    elif hasattr(obj, "_repr_png_"):
        data = obj._repr_png_()
    if data is not None and data[:8] == b"\x89PNG\r\n\x1a\n":
        if len(_run_images) >= _LIMITS["images"]:
            print(f"[runtime] image not returned: this runtime returns at most {_LIMITS['images']} images per run", file=_sys.stderr)
            return
        width, height = _png_size(data)
        _run_images.append({"mime": "image/png", "data_base64": _base64.b64encode(data).decode("ascii"),
                            "width": width, "height": height})
        return
    print(_ADDRESS.sub("", repr(obj)))

def _describe(value):
    kind = type(value).__name__
    if isinstance(value, (int, float, complex, bool, str, bytes)) or value is None:
        text = repr(value)
        if len(text) > 80:
            text = text[:77] + "..."
        return f"{kind} = {text}"
    shape = getattr(value, "shape", None)
    if shape is not None and hasattr(value, "dtype"):
        return f"{kind} {value.dtype} shape={tuple(shape)}"
    try:
        return f"{kind} len={len(value)}"
    except Exception:
        return kind

def _summary(ns, before, error_line):
    lines = []
    changed = []
    for name, value in ns.items():
        if name.startswith("_") or name in ("osa", "display") or isinstance(value, _types.ModuleType):
            continue
        if name not in before or before[name] is not value:
            changed.append(name)
    if changed:
        lines.append("variables:")
        for name in sorted(changed):
            lines.append(f"  {name}: {_ADDRESS.sub('', _describe(ns[name]))}")
    if _run_images:
        lines.append(f"figures: {len(_run_images)}")
    if error_line:
        lines.append(error_line)
    return "\n".join(lines)[:8192]

def _error_text(exc, code):
    text = f"{type(exc).__name__}: {exc}"
    line = None
    if isinstance(exc, SyntaxError) and exc.filename == "<cell>":
        line = exc.lineno
    else:
        for frame in _traceback.extract_tb(exc.__traceback__):
            if frame.filename == "<cell>":
                line = frame.lineno
    if line:
        source = code.splitlines()[line - 1].strip() if 0 < line <= len(code.splitlines()) else ""
        text += f"\n  line {line}: {source}"
    return _ADDRESS.sub("", text), line

async def _execute(call_id, code, ns):
    out, err = _io.StringIO(), _io.StringIO()
    before = dict(ns)
    _run_images.clear()
    status, error_line, tb = "ok", "", ""
    saved = _sys.stdout, _sys.stderr
    _sys.stdout, _sys.stderr = out, err
    try:
        value = await _eval_code_async(code, ns, filename="<cell>", return_mode="last_expr",
                                       quiet_trailing_semicolon=True)
        if value is not None:
            display(value)
    except MemoryError as exc:
        status = "oom"
        tb = "".join(_traceback.format_exception(exc))
        print(f"MemoryError: {exc}", file=err)
    except BaseException as exc:
        status = "error"
        tb = "".join(_traceback.format_exception(exc))
        text, line = _error_text(exc, code)
        print(text, file=err)
        error_line = f"error: {type(exc).__name__}" + (f" at line {line}" if line else "") + " (stderr has the message)"
    finally:
        _sys.stdout, _sys.stderr = saved
    stdout, stderr = _ADDRESS.sub("", out.getvalue()), _ADDRESS.sub("", err.getvalue())
    summary = _summary(ns, before, error_line)
    result = {
        "status": status,
        "stdout": _clip(stdout, _LIMITS["stdout_chars"]),
        "stderr": _clip(stderr, _LIMITS["stderr_chars"]),
        "summary": summary,
        "images": list(_run_images),
        "artifacts": [],
        "files": [],
        "full": {"stdout": stdout[:_FULL_CHARS], "stderr": stderr[:_FULL_CHARS],
                 "traceback": tb[:_FULL_CHARS], "summary": summary},
    }
    _run_images.clear()
    return _json.dumps(result, sort_keys=True)
`;

  /* Rejection guard plus the osa module; runs in the user namespace before the seal. */
  const PY_DATA_CLIENT = String.raw`
def _install_rejection_guard():
    # WebKit rejects a failed fetch with a TypeError that has no stack. Pyodide 0.29.5 only
    # converts values with name, message and stack into exceptions, so the awaiting future
    # would never finish. Turn any non-exception rejection into a JsException.
    import _pyodide._future_helper as helper
    from pyodide.ffi import JsException
    if getattr(helper.set_exception, "_rc_guarded", False):
        return
    original = helper.set_exception

    def set_exception(fut, val):
        if not isinstance(val, BaseException):
            name = str(getattr(val, "name", None) or "Error")
            message = str(getattr(val, "message", None) or val)
            try:
                val = JsException(name, message)
            except Exception:
                val = OSError(f"{name}: {message}")
        original(fut, val)

    set_exception._rc_guarded = True
    helper.set_exception = set_exception

def _build_osa_module():
    import collections, importlib.machinery, sys, types
    from js import fetch as js_fetch, Object
    from pyodide.ffi import JsException, to_js

    module = types.ModuleType("osa")
    module.__spec__ = importlib.machinery.ModuleSpec("osa", None)
    module.__doc__ = "Network access for executed code, limited to this community's fetch_allow."
    Response = collections.namedtuple("Response", ["status", "body"])

    async def fetch(url, headers=None):
        """GET url and return Response(status, body) whatever the status."""
        send = {}
        for name, value in (headers or {}).items():
            if not isinstance(name, str) or name.lower() != "range":
                raise ValueError(f"osa.fetch sends a Range header and no other, not {name!r}")
            if not isinstance(value, str):
                raise TypeError(f"the Range header must be a str, not {type(value).__name__}")
            send["Range"] = value
        init = to_js({"method": "GET", "headers": send}, dict_converter=Object.fromEntries)
        try:
            response = await js_fetch(url, init)
            body = await response.arrayBuffer()
        except JsException as exc:
            raise OSError(f"no response from {url}: a network failure, a redirect (refused, since the runtime does not follow them), a host that does not allow CORS, or a URL outside fetch_allow. The browser said: {exc}") from None
        return Response(int(response.status), body.to_bytes())

    async def fetch_bytes(url):
        """GET url and return the body; a non-2xx status raises OSError."""
        response = await fetch(url)
        if not 200 <= response.status < 300:
            raise OSError(f"HTTP {response.status} for {url}")
        return response.body

    async def fetch_text(url, encoding="utf-8"):
        """GET url and return the body decoded as text."""
        return (await fetch_bytes(url)).decode(encoding)

    module.Response = Response
    module.fetch = fetch
    module.fetch_bytes = fetch_bytes
    module.fetch_text = fetch_text
    sys.modules["osa"] = module
    return module

_install_rejection_guard()
osa = _build_osa_module()
del _install_rejection_guard, _build_osa_module
`;

  /* The namespace seal: finder, eviction, __import__ wrap. Runs in a scratch namespace. */
  const PY_SEAL = String.raw`
import builtins, sys

def _seal():
    blocked = frozenset({"micropip", "js", "pyodide", "pyodide_js", "pyodide_http", "ctypes"})
    data = ("Read data with osa.fetch_bytes(url) or osa.fetch_text(url), and a byte range with "
            "osa.fetch(url, headers={'Range': ...}); all three enforce this community's fetch_allow.")
    reasons = {
        "micropip": "Packages are installed when the runtime starts, from this community's allow_install list, and nothing is installed on demand.",
        "js": data, "pyodide": data, "pyodide_js": data, "pyodide_http": data,
        "ctypes": "Foreign function calls are not available in this runtime.",
    }

    class _ImportBlocker:
        def find_spec(self, fullname, path=None, target=None):
            root = fullname.partition(".")[0]
            if root in blocked:
                raise ImportError(f"'{fullname}' is not available to executed code. {reasons[root]}",
                                  name=fullname)
            return None

        def invalidate_caches(self):
            pass

    sys.meta_path.insert(0, _ImportBlocker())
    for key in list(sys.modules):
        if key.partition(".")[0] in blocked:
            sys.modules.pop(key, None)

    def make_import(original):
        def __import__(name, globals=None, locals=None, fromlist=(), level=0):
            if level == 0 and name.partition(".")[0] in blocked:
                raise ImportError(f"'{name}' is not available to executed code.", name=name)
            return original(name, globals, locals, fromlist, level)
        return __import__

    builtins.__import__ = make_import(builtins.__import__)

_seal()
del _seal
`;

  /* The prelude compile oracle: compile() with top-level await, as OSA's server does. */
  const PY_COMPILE = String.raw`
import ast, json

def _compile_all(items_json):
    results = []
    for item in json.loads(items_json):
        entry = {"key": item["key"], "ok": True}
        try:
            compile(item["source"], "<prelude>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        except SyntaxError as exc:
            entry.update(ok=False, type=type(exc).__name__, message=str(exc), msg=exc.msg,
                         lineno=exc.lineno, offset=exc.offset)
        except ValueError as exc:
            entry.update(ok=False, type=type(exc).__name__, message=str(exc), msg=str(exc),
                         lineno=None, offset=None)
        results.append(entry)
    return json.dumps(results)
`;

  /* ---- 3. The runtime ------------------------------------------------------------------- */

  const LIMIT_RULES = {
    stdout_chars: [16384, 256, 16384],
    stderr_chars: [8192, 256, 8192],
    images: [3, 0, 3],
    image_px: [1024, 16, 8192],
    exec_seconds: [120, 1, Infinity],
    memory_mb: [1536, 64, Infinity],
  };

  function resolveLimits (raw) {
    const limits = { image_bytes: 2000000, summary_chars: 8192 };
    for (const [key, [fallback, min, max]] of Object.entries(LIMIT_RULES)) {
      const value = raw && typeof raw[key] === 'number' && Number.isFinite(raw[key]) ? raw[key] : fallback;
      limits[key] = value < min ? fallback : Math.min(value, max);
    }
    return limits;
  }

  const isStringList = (v) => Array.isArray(v) && v.every((x) => typeof x === 'string');

  function configProblem (c) {
    if (!c || typeof c !== 'object')
      return 'config is not an object';
    if (typeof c.indexURL !== 'string' || !c.indexURL.endsWith('/'))
      return 'config.indexURL is not a URL ending in "/"';
    for (const key of ['preload', 'allowInstall', 'indexUrls', 'fetchAllow', 'importBeforeSeal'])
      if (!isStringList(c[key]))
        return 'config.' + key + ' is not a list of strings';
    if (c.lockPackages !== null && (typeof c.lockPackages !== 'object' || Array.isArray(c.lockPackages)))
      return 'config.lockPackages is not an object or null';
    if (typeof c.prelude !== 'string')
      return 'config.prelude is not a string';
    return null;
  }

  let pyodide = null;
  let userNamespace = null;
  let gate = null;
  let execute = null;
  let booted = false;
  let busy = false;

  function heap () {
    try {
      return pyodide ? pyodide._module.HEAP8.length : null;
    } catch (e) {
      return null;
    }
  }

  function send (message) {
    self.postMessage(message);
  }

  function stamp (message) {
    message.rc = { t: performance.now(), heap: heap(), origin: performance.timeOrigin };
    if (message.type === 'error')
      message.rc.failed_loads = failedLoads.slice();
    return message;
  }

  /* " (last failed load: URL, HTTP 404)", or "" when no load failed */
  function lastFailedLoad () {
    if (failedLoads.length === 0)
      return '';
    const load = failedLoads[failedLoads.length - 1];
    return ' (last failed load: ' + load.url + ', ' + (load.status > 0 ? 'HTTP ' + load.status : load.error) + ')';
  }

  function lastChars (text, n) {
    text = String(text);
    return text.length > n ? text.slice(text.length - n) : text;
  }

  class BootStop extends Error {}

  function fail (kind, message) {
    send(stamp({ type: 'error', kind, message }));
    throw new BootStop(message);
  }

  async function stockLock (indexURL) {
    const url = indexURL + 'pyodide-lock.json';
    const response = await self.fetch(url);
    if (!response.ok)
      throw new Error('HTTP ' + response.status + ' for ' + url);
    return response.json();
  }

  function mergeLock (stock, overlay) {
    if (!stock || typeof stock.packages !== 'object' || stock.packages === null)
      throw new Error("the Pyodide distribution's lock has no packages");
    const packages = Object.assign({}, stock.packages);
    for (const key of Object.keys(overlay)) {
      if (Object.prototype.hasOwnProperty.call(stock.packages, key))
        throw new Error("the community's lock entry " + key + " would replace the Pyodide distribution's own");
      packages[key] = overlay[key];
    }
    return { info: stock.info, packages };
  }

  /* The snapshot scenario (rc-snapshot.h): the interpreter's memory from the CDN, fetched while
     pyodide.asm.js loads (loadPyodide awaits it); packages and the prelude still load after. */
  async function snapshotBytes (url) {
    const response = await self.fetch(url);
    if (!response.ok)
      throw new Error('HTTP ' + response.status + ' for ' + url);
    return response.arrayBuffer();
  }

  /* Pyodide reports a failed wheel as "Load failed" only: name the loads that failed meanwhile. */
  async function loadOnePackage (name) {
    const errors = [];
    const step = loadStep.step; /* each package has a step of its own */
    try {
      await pyodide.loadPackage(name, { messageCallback: () => {},
                                        errorCallback: (e) => errors.push(String(e)),
                                        checkIntegrity: true });
    } catch (e) {
      errors.push(messageOf(e));
    }
    if (errors.length === 0)
      return;
    const failed = failedLoads.filter((load) => load.step === step);
    if (failed.length === 0)
      throw new Error('package ' + name + ' did not load: ' + errors.join('; '));
    throw new Error('package ' + name + ' did not load: ' + failed.map(describeLoad).join('; ') +
                    ' (Pyodide said: ' + errors.join('; ') + ')');
  }

  /* Like stockLock: a failure here names what failed, not just "Load failed". */
  function loadClassicRuntime (indexURL) {
    const script = indexURL + 'pyodide.js';
    try {
      self.importScripts(script);
    } catch (e) {
      fail('runtime', 'loading_runtime: pyodide.js could not be loaded from ' + script + ': ' + messageOf(e));
    }
    if (typeof self.loadPyodide !== 'function')
      fail('runtime', 'loading_runtime: ' + script + ' ran but defined no loadPyodide function');
    return self.loadPyodide;
  }

  /* import() passes no fetch the guard sees: the URL is checked against the boot allowlist
     first, and the page's policy (script-src) governs the import itself and pyodide.mjs's own
     import() of pyodide.asm.mjs. */
  async function importRuntime (indexURL) {
    const script = indexURL + 'pyodide.mjs';
    const reason = isUrlAllowed(script, egress.allow);
    if (reason !== null) {
      noteFailedLoad(script, 0, egressDenied(reason, script).message);
      fail('runtime', 'loading_runtime: pyodide.mjs is outside the boot allowlist (' + reason + '): ' + script);
    }
    const started = performance.now();
    let module;
    try {
      module = await import(script);
    } catch (e) {
      noteFailedLoad(script, 0, messageOf(e));
      fail('runtime', 'loading_runtime: pyodide.mjs could not be imported from ' + script + ': ' + messageOf(e));
    }
    noteLoad(script, 'script-observed', started);
    if (!module || typeof module.loadPyodide !== 'function')
      fail('runtime', 'loading_runtime: ' + script + ' exports no loadPyodide function');
    return module.loadPyodide;
  }

  async function boot () {
    const problem = configProblem(CONFIG);
    if (problem !== null)
      fail('config', 'the runtime was built with an invalid configuration: ' + problem);
    const c = CONFIG;
    const lockPackages = c.lockPackages || {};
    const steps = 1 + c.preload.length + (c.allowInstall.length > 0 ? 1 + c.allowInstall.length : 0) +
                  c.importBeforeSeal.length + (c.prelude !== '' ? 1 : 0);
    let step = 1;
    const progress = (phase, extra) => {
      Object.assign(loadStep, { step, phase, package: extra && extra.package ? extra.package : null });
      send(stamp(Object.assign({ type: 'progress', step, steps, phase }, extra)));
    };

    progress('loading_runtime');
    const options = { packageBaseUrl: c.indexURL };
    if (Object.keys(lockPackages).length > 0) {
      let stock;
      try {
        stock = await stockLock(c.indexURL);
      } catch (e) {
        fail('lock', "the Pyodide distribution's lock could not be read: " + e.message);
      }
      try {
        options.lockFileContents = mergeLock(stock, lockPackages);
      } catch (e) {
        fail('lock', e.message);
      }
    }
    const loadPyodide = moduleWorker ? await importRuntime(c.indexURL) : loadClassicRuntime(c.indexURL);
    const snapshot = c.rc && typeof c.rc.snapshot === 'string' ? c.rc.snapshot : null;
    if (snapshot !== null) {
      options._loadSnapshot = snapshotBytes(snapshot);
      options._loadSnapshot.catch(() => {}); /* loadPyodide sees the failure, not the page */
    }
    try {
      if (importTime) {
        options.args = ['-X', 'importtime'];
        options.fsInit = async (FS) => teeCapturedStderr(FS);
      }
      pyodide = await loadPyodide(Object.assign({ indexURL: c.indexURL, stdout: () => {},
                                                  stderr: onStderr }, options));
    } catch (e) {
      fail(snapshot !== null ? 'snapshot' : 'runtime', 'loading_runtime: loadPyodide failed' +
           (snapshot !== null ? ' booting from the memory snapshot ' + snapshot : '') + ': ' +
           lastChars(messageOf(e), 1500) + lastFailedLoad());
    }
    progress('runtime_loaded');
    if (c.rc && Array.isArray(c.rc.compile)) {
      /* Prelude compile oracle: compile only, with this very interpreter; no seal, no ready. */
      const scratch = pyodide.globals.get('dict')();
      pyodide.runPython(PY_COMPILE, { globals: scratch });
      const json = scratch.get('_compile_all')(JSON.stringify(c.rc.compile));
      scratch.destroy();
      send(stamp({ type: 'rc_compile', results: JSON.parse(json) }));
      return;
    }

    for (const name of c.preload) {
      step++;
      progress('loading_package', { package: name });
      await loadOnePackage(name);
    }
    if (c.allowInstall.length > 0) {
      step++;
      progress('loading_package', { package: 'micropip' });
      await loadOnePackage('micropip');
      const micropip = pyodide.pyimport('micropip');
      for (const entry of c.allowInstall) {
        step++;
        progress('installing', { package: entry });
        const kwargs = { deps: false };
        if (c.indexUrls.length > 0)
          kwargs.index_urls = c.indexUrls;
        await micropip.install.callKwargs(entry, kwargs);
      }
      micropip.destroy();
    }
    for (const module of c.importBeforeSeal) {
      step++;
      progress('importing', { module });
      try {
        pyodide.pyimport(module).destroy();
      } catch (e) {
        fail('import_before_seal', "the community's import_before_seal module " + module +
             ' did not import: ' + lastChars(e.message, 1500));
      }
    }

    const dict = pyodide.globals.get('dict');
    const internal = dict();
    pyodide.runPython(PY_HELPERS, { globals: internal });
    const limitsJson = JSON.stringify(JSON.stringify(resolveLimits(c.limits)));
    pyodide.runPython(PY_OUTPUT.replace('__LIMITS_JSON__', '_json.loads(' + limitsJson + ')'),
                      { globals: internal });
    userNamespace = dict();
    userNamespace.set('__name__', '__main__');
    pyodide.runPython(PY_DATA_CLIENT, { globals: userNamespace });
    userNamespace.set('display', internal.get('display'));
    gate = internal.get('_unavailable_imports');
    execute = internal.get('_execute');
    const scratch = dict();
    pyodide.runPython(PY_SEAL, { globals: scratch });
    scratch.destroy();
    internal.destroy();
    dict.destroy();
    seal(c.fetchAllow);

    if (c.prelude !== '') {
      step++;
      progress('prelude');
      try {
        await pyodide.runPythonAsync(c.prelude, { globals: userNamespace });
      } catch (e) {
        fail('prelude', "the community's prelude failed: " + lastChars(e.message, 1500));
      }
    }
    booted = true;
    const ready = stamp({ type: 'ready', version: pyodide.version });
    ready.rc.resources = resourceEntries();
    ready.rc.hooks = hooks;
    if (importTime)
      ready.rc.importtime = { lines: importLines, dropped: importLines.length >= MAX_IMPORT_LINES };
    send(ready);
  }

  function resourceEntries () {
    const entries = performance.getEntriesByType('resource').map((e) => ({
      name: e.name, initiatorType: e.initiatorType, startTime: e.startTime,
      responseStart: e.responseStart, responseEnd: e.responseEnd, duration: e.duration,
      transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize,
    }));
    const reported = new Set(entries.map((e) => e.name));
    bootLoading = false;
    for (const load of bootLoads)
      if (!reported.has(load.name)) {
        reported.add(load.name);
        entries.push(load);
      }
    return entries;
  }

  const OOM = /out of memory|Cannot enlarge memory|memory access out of bounds|Aborted\(OOM\)|RangeError: Array buffer allocation failed/i;

  function formatDenied (missing) {
    const shown = missing.slice(0, 20).map((n) => (n.length > 100 ? n.slice(0, 100) + '...' : n));
    let names = shown.join(', ');
    if (missing.length > 20)
      names += ', and ' + (missing.length - 20) + ' more';
    return names;
  }

  function result (callId, started, fields) {
    const base = { type: 'result', call_id: callId, status: 'error', stdout: '', stderr: '', summary: '',
                   images: [], artifacts: [] };
    const message = Object.assign(base, fields);
    message.elapsed_ms = Math.max(0, Math.round(performance.now() - started));
    message.rc = { t: performance.now(), heap: heap(), origin: performance.timeOrigin };
    return message;
  }

  async function runExecute (callId, code) {
    const started = performance.now();
    if (!booted)
      return result(callId, started, { stderr: '[runtime] the runtime is not booted' });
    if (busy)
      return result(callId, started, { stderr: '[runtime] another execution is already running' });
    busy = true;
    try {
      let missing;
      try {
        const proxy = gate(code);
        missing = proxy.toJs();
        proxy.destroy();
      } catch (e) {
        return result(callId, started, { stderr: '[runtime] the import check failed: ' + e.message });
      }
      if (missing.length > 0) {
        const names = formatDenied(missing);
        return result(callId, started, {
          status: 'denied', stderr: 'denied_import: ' + names,
          summary: 'Not run. This runtime has no ' + names + '. Only packages the community installed at startup are available, and nothing is installed on demand.',
        });
      }
      try {
        const json = await execute(callId, code, userNamespace);
        return result(callId, started, JSON.parse(json));
      } catch (e) {
        const text = String(e && e.message ? e.message : e);
        return result(callId, started, { status: OOM.test(text) ? 'oom' : 'error',
                                         stderr: '[runtime] the execution failed outside Python: ' + lastChars(text, 4000) });
      }
    } finally {
      busy = false;
    }
  }

  self.onmessage = (event) => {
    const message = event.data || {};
    if (message.type === 'boot') {
      boot().catch((e) => {
        if (!(e instanceof BootStop))
          send(stamp({ type: 'error', kind: 'runtime', message: messageOf(e) }));
      });
    } else if (message.type === 'execute') {
      const code = typeof message.code === 'string' ? message.code : '';
      runExecute(message.call_id, code).then(send);
    } else {
      send(stamp({ type: 'error', kind: 'protocol', message: 'unexpected message: ' + message.type }));
    }
  };
}
