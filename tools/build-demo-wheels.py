#!/usr/bin/env python3
"""Build the example communities' wheels and lock overlays reproducibly.

Writes, under data/examples/ (or --out DIR):
  demo/runtime/wheels/demo_helpers-0.1.0-py3-none-any.whl
  demo/runtime/demo-pyodide-lock.json
  scipy-demo/runtime/wheels/demo_stats-0.1.0-py3-none-any.whl
  scipy-demo/runtime/scipy-demo-pyodide-lock.json

The same bytes come out on every run and every machine: entries are STORED (no zlib
version can change them), in a fixed order, with a fixed timestamp and permissions. The
overlay is generated the way OSA's build_runtime_lock.py does (imports from the zip's
top-level names, depends from the community's depends.toml, keys canonical, rendered
with json.dumps(indent=2) plus a newline).

--check builds into a temporary folder and compares with the committed files (exit 1
on any difference); the test suite runs it.
"""

import argparse
import base64
import filecmp
import hashlib
import io
import json
import re
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "data" / "examples"
EPOCH = (1980, 1, 1, 0, 0, 0)

DEMO_HELPERS = '''\
"""demo_helpers: a tiny pure-Python package for the Runtime Console demo community.

configure() is called once by the community's prelude; the rest is what a model-written
program would use.
"""

__version__ = "0.1.0"

_settings = {"fetch": None, "base_url": None}


def configure(fetch=None, base_url=None):
    """Remember the network transport (osa.fetch once sealed) and the data host."""
    if base_url is not None and not base_url.endswith("/"):
        raise ValueError("base_url must end with '/'")
    _settings["fetch"] = fetch
    _settings["base_url"] = base_url


def describe():
    """One line saying how the package is configured."""
    host = _settings["base_url"] or "no data host"
    transport = "configured" if _settings["fetch"] is not None else "not configured"
    return f"demo_helpers {__version__}: data from {host}, transport {transport}"


def greet(name="world"):
    return f"Hello, {name}, from demo_helpers {__version__}!"


def mean(values):
    """The arithmetic mean of a non-empty sequence of numbers."""
    values = list(values)
    if not values:
        raise ValueError("mean() of an empty sequence")
    return sum(values) / len(values)


async def fetch_text(path):
    """Read a text file from the configured data host through the configured transport."""
    if _settings["fetch"] is None or _settings["base_url"] is None:
        raise RuntimeError("call demo_helpers.configure(fetch=..., base_url=...) first")
    response = await _settings["fetch"](_settings["base_url"] + path.lstrip("/"))
    return await response.text()
'''

DEMO_STATS = '''\
"""demo_stats: summary statistics on top of numpy and scipy (example community)."""

__version__ = "0.1.0"


def summary(values):
    """Mean, standard deviation and skewness of a sequence, as a dict of floats."""
    import numpy as np
    from scipy import stats

    data = np.asarray(list(values), dtype=float)
    return {
        "mean": float(data.mean()),
        "std": float(data.std(ddof=1)) if data.size > 1 else 0.0,
        "skew": float(stats.skew(data)) if data.size > 2 else 0.0,
    }
'''

WHEELS = {
    "demo": {
        "name": "demo-helpers",
        "module": "demo_helpers",
        "version": "0.1.0",
        "summary": "Helpers for the Runtime Console demo community",
        "source": DEMO_HELPERS,
        "requires": [],
    },
    "scipy-demo": {
        "name": "demo-stats",
        "module": "demo_stats",
        "version": "0.1.0",
        "summary": "Summary statistics for the Runtime Console scipy-demo community",
        "source": DEMO_STATS,
        "requires": ["numpy", "scipy"],
    },
}


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def build_wheel(spec):
    """The wheel's file name and bytes."""
    dist = spec["module"] + "-" + spec["version"]
    info = dist + ".dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {spec['name']}\n"
        f"Version: {spec['version']}\n"
        f"Summary: {spec['summary']}\n"
        "License: MIT\n"
        "Requires-Python: >=3.10\n"
        + "".join(f"Requires-Dist: {r}\n" for r in spec["requires"])
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: runtime-console tools/build-demo-wheels.py\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    files = [
        (f"{spec['module']}/__init__.py", spec["source"].encode("utf-8")),
        (f"{info}/METADATA", metadata.encode("utf-8")),
        (f"{info}/WHEEL", wheel.encode("utf-8")),
    ]
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data in files)
    record += f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode("utf-8")))

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for path, data in files:
            entry = zipfile.ZipInfo(path, date_time=EPOCH)
            entry.create_system = 3  # Unix, so the permissions below are meaningful
            entry.external_attr = 0o100644 << 16
            entry.compress_type = zipfile.ZIP_STORED
            archive.writestr(entry, data)
    return f"{dist}-py3-none-any.whl", out.getvalue()


def canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def imports_of(data):
    names = set()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for entry in archive.namelist():
            top, _, rest = entry.partition("/")
            if top.endswith(".dist-info") or top.endswith(".data"):
                continue
            if rest:
                names.add(top)
            elif top.endswith(".py"):
                names.add(top[:-3])
    return sorted(names)


def build_community(community, out_dir):
    spec = WHEELS[community]
    runtime = out_dir / community / "runtime"
    depends = tomllib.loads((EXAMPLES / community / "runtime" / "depends.toml").read_text("utf-8"))
    file_name, data = build_wheel(spec)
    key = canonical(spec["name"])
    entry = {
        "name": spec["name"],
        "version": spec["version"],
        "file_name": file_name,
        "package_type": "package",
        "install_dir": "site",
        "sha256": hashlib.sha256(data).hexdigest(),
        "imports": imports_of(data),
        "depends": sorted(depends[key]),
    }
    (runtime / "wheels").mkdir(parents=True, exist_ok=True)
    (runtime / "wheels" / file_name).write_bytes(data)
    overlay = json.dumps({"packages": {key: entry}}, indent=2) + "\n"
    overlay_path = runtime / f"{community}-pyodide-lock.json"
    overlay_path.write_text(overlay, encoding="ascii")
    return [runtime / "wheels" / file_name, overlay_path]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=EXAMPLES, help="folder holding the communities")
    parser.add_argument("--check", action="store_true",
                        help="build into a temporary folder and compare with the committed files")
    args = parser.parse_args()

    if not args.check:
        for community in WHEELS:
            for path in build_community(community, args.out):
                print(f"wrote {path}")
        return 0

    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for community in WHEELS:
            for path in build_community(community, Path(tmp)):
                committed = EXAMPLES / path.relative_to(tmp)
                if not committed.is_file() or not filecmp.cmp(path, committed, shallow=False):
                    print(f"{committed} is not what tools/build-demo-wheels.py produces; "
                          "run it and commit the result", file=sys.stderr)
                    failed = True
                else:
                    print(f"{committed.relative_to(ROOT)} is reproducible")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
