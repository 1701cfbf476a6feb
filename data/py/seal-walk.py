# seal-walk.py: the seal probe's walk (runtime-console probe, app/boot/rc-seal-probe.c).
#
# Runs as executed code in the booted runtime, under the seal. For each top-level package it
# lists the package's own modules from its files in the Pyodide file system (find_spec does
# not import it; private `_` names only when asked) and imports each once, recording which
# sealed module (data/js/worker.js PY_SEAL: micropip, js, pyodide, pyodide_js, pyodide_http,
# ctypes) the import reached and the modules whose top-level code was running when it did
# (outermost first): importing any of those before the seal would have loaded the importer
# with its reference intact. Output printed by the import is swallowed. Returns JSON:
#   {"packages": [{name, found, error, modules}],
#    "imports": [{module, ok, error, reached, stack}]}
def _rc_seal_walk(roots, private):
    import builtins, contextlib, importlib, importlib.util, io, json, os, sys
    blocked = frozenset({"micropip", "js", "pyodide", "pyodide_js", "pyodide_http", "ctypes"})
    state = {"current": None}

    def stack():
        names = []
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_name == "<module>":
                name = frame.f_globals.get("__name__")
                if isinstance(name, str) and name != "__main__" and name not in names:
                    names.append(name)
            frame = frame.f_back
        names.reverse()
        return names

    def note(fullname):
        current = state["current"]
        if current is not None and current["reached"] is None and fullname.partition(".")[0] in blocked:
            current["reached"] = fullname
            current["stack"] = stack()

    class Recorder:
        def find_spec(self, fullname, path=None, target=None):
            note(fullname)
            return None

    original = builtins.__import__

    def recording_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0:
            note(name)
        return original(name, globals, locals, fromlist, level)

    def public(name):
        return name.isidentifier() and (private or not name.startswith("_"))

    def modules_of(root, spec):
        names = [root]
        for base in list(spec.submodule_search_locations or []):
            for dirpath, dirnames, filenames in os.walk(base):
                rel = os.path.relpath(dirpath, base)
                prefix = root if rel == "." else root + "." + ".".join(rel.split(os.sep))
                dirnames[:] = sorted(d for d in dirnames if public(d)
                                     and os.path.isfile(os.path.join(dirpath, d, "__init__.py")))
                names.extend(prefix + "." + d for d in dirnames)
                for file in sorted(filenames):
                    stem = file.partition(".")[0]
                    if (file.endswith(".py") or file.endswith(".so")) and stem != "__init__" and public(stem):
                        names.append(prefix + "." + stem)
        seen = set()
        return [n for n in names if not (n in seen or seen.add(n))]

    def blocked_in_chain(error):
        seen = set()
        while error is not None and id(error) not in seen:
            seen.add(id(error))
            name = getattr(error, "name", None)
            if isinstance(error, ImportError) and isinstance(name, str) and name.partition(".")[0] in blocked:
                return name
            error = error.__cause__ or error.__context__
        return None

    report = {"packages": [], "imports": []}
    recorder = Recorder()
    sys.meta_path.insert(0, recorder)
    builtins.__import__ = recording_import
    try:
        for root in roots:
            package = {"name": root, "found": False, "error": None, "modules": 0}
            report["packages"].append(package)
            try:
                spec = importlib.util.find_spec(root)
            except Exception as error:
                spec = None
                package["error"] = f"{type(error).__name__}: {error}"
            if spec is None:
                continue
            package["found"] = True
            names = modules_of(root, spec)
            package["modules"] = len(names)
            for name in names:
                entry = {"module": name, "ok": True, "error": None, "reached": None, "stack": []}
                state["current"] = entry
                sink = io.StringIO()
                try:
                    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                        importlib.import_module(name)
                except (Exception, SystemExit) as error:
                    entry["ok"] = False
                    entry["error"] = f"{type(error).__name__}: {error}"[:400]
                    if entry["reached"] is None:
                        entry["reached"] = blocked_in_chain(error)
                state["current"] = None
                if entry["ok"]:
                    entry["reached"] = None
                    entry["stack"] = []
                report["imports"].append(entry)
    finally:
        builtins.__import__ = original
        sys.meta_path.remove(recorder)
    return json.dumps(report, separators=(",", ":"))
