#!/usr/bin/env python3
"""Generate (or --check) a community's lock overlay from its wheels and depends.toml.

Usage: build-runtime-lock.py [--check] <community>/runtime/<name>-pyodide-lock.json

A re-implementation of OSA's scripts/build_runtime_lock.py as specified in
community-config.md §4.4 (Python standard library only): the wheels are
<overlay dir>/wheels/*.whl, their dependencies <overlay dir>/depends.toml. Every error is
printed as "error: <message>" on stderr with exit status 1, and the overlay is left alone.
"""

import argparse
import email.parser
import hashlib
import json
import re
import sys
import tomllib
import zipfile
from pathlib import Path

DEPENDS_FILE_NAME = "depends.toml"
WHEELS_DIR_NAME = "wheels"
ENTRY_KEYS = ("name", "version", "file_name", "package_type", "install_dir", "sha256",
              "imports", "depends")
WHEEL_NAME = re.compile(r"[A-Za-z0-9_.+-]+-py3-none-any\.whl")
SHA256 = re.compile(r"[0-9a-f]{64}")


class LockError(Exception):
    """One generator error; its text is OSA's message."""


def canonical(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def overlay_problems(data):
    """Every way @data is not a valid overlay (§4.1), as "location: message" lines."""
    problems = []
    if not isinstance(data, dict):
        return ["Input should be a valid dictionary or instance of RuntimeLockOverlay"]
    for key in data:
        if key != "packages":
            problems.append(f"{key}: Extra inputs are not permitted")
    if "packages" not in data:
        return problems + ["packages: Field required"]
    packages = data["packages"]
    if not isinstance(packages, dict):
        return problems + ["packages: Input should be a valid dictionary"]
    for key, entry in packages.items():
        where = f"packages.{key}"
        if not isinstance(entry, dict):
            problems.append(f"{where}: Input should be a valid dictionary or instance of "
                            "RuntimeLockPackage")
            continue
        for field in ENTRY_KEYS:
            value = entry.get(field)
            if field not in entry:
                problems.append(f"{where}.{field}: Field required")
            elif field in ("imports", "depends"):
                if not isinstance(value, list):
                    problems.append(f"{where}.{field}: Input should be a valid list")
                else:
                    problems += [f"{where}.{field}.{i}: Input should be a valid string"
                                 for i, item in enumerate(value) if not isinstance(item, str)]
            elif field in ("package_type", "install_dir"):
                literal = "package" if field == "package_type" else "site"
                if value != literal:
                    problems.append(f"{where}.{field}: Input should be '{literal}'")
            elif not isinstance(value, str):
                problems.append(f"{where}.{field}: Input should be a valid string")
            elif field == "file_name" and not WHEEL_NAME.fullmatch(value):
                problems.append(f"{where}.{field}: file_name {value!r} is not a bare py3-none-any "
                                "wheel name; the browser can only install pure-Python wheels, "
                                "and a path is not a name")
            elif field == "sha256" and not SHA256.fullmatch(value):
                problems.append(f"{where}.{field}: sha256 must be 64 lowercase hexadecimal "
                                "characters")
        problems += [f"{where}.{extra}: Extra inputs are not permitted"
                     for extra in entry if extra not in ENTRY_KEYS]
    if problems:
        return problems
    # Overlay-level rules, in order; the first that fails stops the rest (a model validator).
    if not packages:
        return ["a lock overlay with no packages adds nothing; remove the lockfile key"]
    for key, entry in packages.items():
        if canonical(entry["name"]) != key:
            return [f"package key {key!r} is not the canonical form of its name "
                    f"{entry['name']!r} ({canonical(entry['name'])!r}), which is how Pyodide "
                    "looks it up"]
    file_names = [entry["file_name"] for entry in packages.values()]
    if len(set(file_names)) != len(file_names):
        return ["two packages name the same wheel file"]
    return []


def read_depends(path):
    try:
        depends = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise LockError(f"{path} cannot be read: {err}") from err
    for key, value in depends.items():
        # A bare string would otherwise be sorted into its characters.
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise LockError(f"depends.toml: {key} must be a list of package names")
    return depends


def committed_hashes(path):
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        problems = overlay_problems(data)
    except (OSError, UnicodeDecodeError, ValueError) as err:
        problems = [str(err)]
    if problems:
        raise LockError(f"the committed overlay {path} does not load, so the wheels cannot be "
                        f"checked against it: {'; '.join(problems)}")
    return {entry["file_name"]: entry["sha256"] for entry in data["packages"].values()}


def wheel_metadata(wheel):
    try:
        archive = zipfile.ZipFile(wheel)
    except (OSError, zipfile.BadZipFile) as err:
        raise LockError(f"{wheel.name} is not a readable wheel: {err}") from err
    with archive:
        names = archive.namelist()
        metadata = [n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        if len(metadata) != 1:
            raise LockError(f"{wheel}: expected one .dist-info/METADATA, found {len(metadata)}")
        try:
            text = archive.read(metadata[0]).decode("utf-8")
        except UnicodeDecodeError as err:
            raise LockError(f"{wheel}: METADATA is not UTF-8: {err}") from err
        except (OSError, zipfile.BadZipFile) as err:
            raise LockError(f"{wheel.name} is not a readable wheel: {err}") from err
    headers = email.parser.HeaderParser().parsestr(text)
    name, version = headers.get("Name"), headers.get("Version")
    if not name or not version:
        raise LockError(f"{wheel}: METADATA has no Name or no Version")
    imports = set()
    for entry in names:
        top, _, rest = entry.partition("/")
        if top.endswith(".dist-info") or top.endswith(".data"):
            continue
        if rest:
            imports.add(top)
        elif top.endswith(".py"):
            imports.add(top[:-3])
    return name, version, sorted(imports)


def build(overlay_path):
    """The overlay's text as its wheels and depends.toml produce it."""
    runtime = overlay_path.parent
    depends = read_depends(runtime / DEPENDS_FILE_NAME)
    committed = committed_hashes(overlay_path)
    entries = {}
    for wheel in sorted((runtime / WHEELS_DIR_NAME).glob("*.whl")):
        name, version, imports = wheel_metadata(wheel)
        key = canonical(name)
        if key in entries:
            raise LockError(f"two wheels provide {key}")
        if key not in depends:
            raise LockError(f"{wheel.name}: depends.toml has no line for {key}")
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if committed.get(wheel.name, digest) != digest:
            raise LockError(f"{wheel.name} has new bytes under a name already in the overlay. "
                            "Served wheels are cached by name for a year, so build it as a new "
                            "version instead.")
        entries[key] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "package_type": "package",
            "install_dir": "site",
            "sha256": digest,
            "imports": imports,
            "depends": sorted(depends[key]),
        }
    unused = sorted(set(depends) - set(entries))
    if unused:
        raise LockError(f"depends.toml names packages with no wheel: {', '.join(unused)}")
    overlay = {"packages": {key: entries[key] for key in sorted(entries)}}
    problems = overlay_problems(overlay)
    if problems:
        raise LockError(f"the overlay would not load: {'; '.join(problems)}")
    return json.dumps(overlay, indent=2) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed overlay instead of writing it")
    parser.add_argument("overlay", type=Path)
    args = parser.parse_args(argv)
    try:
        text = build(args.overlay)
    except LockError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if args.check:
        try:
            current = args.overlay.read_text(encoding="utf-8")
        except FileNotFoundError:
            current = ""
        if current != text:
            print(f"{args.overlay} is not what its wheels and depends.toml produce; regenerate it",
                  file=sys.stderr)
            return 1
        print(f"{args.overlay} is current")
        return 0
    args.overlay.write_text(text, encoding="utf-8")
    print(f"wrote {args.overlay}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
