#!/usr/bin/env python3
"""tools/build-runtime-lock.py against community-config.md §7 items 38–48.

Each case builds a small community in a temporary folder (wheels written at run time),
runs the generator's command line (in process) and checks its exit status, its message and that a
failing run leaves the overlay unchanged.
"""

import contextlib
import importlib.util
import io
import json
import os
import shutil
import tempfile
import unittest
import zipfile
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(os.environ.get("RC_SOURCE_DIR", Path(__file__).resolve().parent.parent))
GENERATOR = ROOT / "tools" / "build-runtime-lock.py"
_spec = importlib.util.spec_from_file_location("build_runtime_lock", GENERATOR)
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)


def run(*args):
    """generator.main() as the command line would run it: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = generator.main([str(a) for a in args])
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def wheel_bytes(files):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return out.getvalue()


def simple_wheel(name, version, module):
    dist = f"{module}-{version}.dist-info"
    return wheel_bytes({
        f"{module}/__init__.py": "x = 1\n",
        f"{module}/sub/mod.py": "",
        "toplevel_helper.py": "",
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\n",
        f"{module}-{version}.data/scripts/tool": "",
    })


class Generator(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="rc-lockgen-"))
        self.runtime = self.tmp / "runtime"
        (self.runtime / "wheels").mkdir(parents=True)
        self.overlay = self.runtime / "x-pyodide-lock.json"
        self.add_wheel("Eegprep_Lean-0.1.0.dev3-py3-none-any.whl",
                       simple_wheel("Eegprep_Lean", "0.1.0.dev3", "eegprep_lean"))
        self.add_wheel("zarr-3.4.0-py3-none-any.whl", simple_wheel("zarr", "3.4.0", "zarr"))
        self.write_depends('# comments are allowed\n'
                           'eegprep-lean = ["zarr", "numpy", "matplotlib"]\n'
                           'zarr = ["numpy", "google-crc32c"]\n')

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def add_wheel(self, name, data):
        (self.runtime / "wheels" / name).write_bytes(data)

    def write_depends(self, text):
        (self.runtime / "depends.toml").write_text(text)

    def run_generator(self, *args):
        return run(*args, self.overlay)

    def generate(self):
        result = self.run_generator()
        self.assertEqual(result.returncode, 0, result.stderr)
        return self.overlay.read_text()

    def assert_fails(self, fragment, *args):
        before = self.overlay.read_bytes() if self.overlay.exists() else None
        result = self.run_generator(*args)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertTrue(result.stderr.startswith("error: "), result.stderr)
        self.assertIn(fragment, result.stderr)
        after = self.overlay.read_bytes() if self.overlay.exists() else None
        self.assertEqual(before, after, "a failing run must leave the overlay unchanged")
        return result.stderr

    def test_render(self):
        text = self.generate()
        data = json.loads(text)
        self.assertEqual(list(data["packages"]), ["eegprep-lean", "zarr"])
        entry = data["packages"]["eegprep-lean"]
        self.assertEqual(list(entry), ["name", "version", "file_name", "package_type",
                                       "install_dir", "sha256", "imports", "depends"])
        self.assertEqual(entry["name"], "Eegprep_Lean")
        self.assertEqual(entry["file_name"], "Eegprep_Lean-0.1.0.dev3-py3-none-any.whl")
        self.assertEqual(entry["imports"], ["eegprep_lean", "toplevel_helper"])
        self.assertEqual(entry["depends"], ["matplotlib", "numpy", "zarr"])
        self.assertEqual(text, json.dumps(data, indent=2) + "\n")
        self.assertIn('\n  "packages": {\n    "eegprep-lean": {\n', text)
        result = self.run_generator("--check")
        self.assertEqual(result.returncode, 0)
        self.assertIn("is current", result.stdout)

    def test_38_two_wheels_provide(self):
        self.generate()
        self.add_wheel("zarr-9.0-py3-none-any.whl", simple_wheel("zarr", "9.0", "zarr"))
        self.assert_fails("two wheels provide zarr")

    def test_39_depends_without_wheel(self):
        self.write_depends('eegprep-lean = []\nzarr = []\nghost = []\n')
        self.assert_fails("depends.toml names packages with no wheel: ghost")

    def test_40_depends_unreadable(self):
        (self.runtime / "depends.toml").unlink()
        self.assert_fails("depends.toml cannot be read")
        self.write_depends("zarr = [\n")
        self.assert_fails("depends.toml cannot be read")
        self.write_depends('zarr = "numpy"\neegprep-lean = []\n')
        self.assert_fails("depends.toml: zarr must be a list of package names")

    def test_41_not_a_zip(self):
        self.add_wheel("broken-1.0-py3-none-any.whl", b"not a zip at all")
        self.assert_fails("broken-1.0-py3-none-any.whl is not a readable wheel")

    def test_42_empty_zip(self):
        self.add_wheel("empty-1.0-py3-none-any.whl", wheel_bytes({}))
        self.assert_fails("expected one .dist-info/METADATA, found 0")

    def test_43_metadata_without_name(self):
        self.add_wheel("noname-1.0-py3-none-any.whl",
                       wheel_bytes({"noname-1.0.dist-info/METADATA": "Version: 1.0\n"}))
        self.assert_fails("METADATA has no Name or no Version")

    def test_44_committed_overlay_empty(self):
        self.overlay.write_text('{"packages": {}}')
        self.assert_fails("the committed overlay")

    def test_45_changed_bytes_need_a_new_version(self):
        self.generate()
        wheel = self.runtime / "wheels" / "zarr-3.4.0-py3-none-any.whl"
        wheel.write_bytes(wheel.read_bytes() + b"\0")
        self.assert_fails("new version")
        self.assert_fails("new version", "--check")

    def test_46_depends_line_missing(self):
        self.write_depends('zarr = ["numpy"]\n')
        self.assert_fails("has no line for eegprep-lean")

    def test_47_check_detects_edits(self):
        self.generate()
        data = json.loads(self.overlay.read_text())
        data["packages"]["zarr"]["depends"].remove("numpy")
        self.overlay.write_text(json.dumps(data, indent=2) + "\n")
        result = self.run_generator("--check")
        self.assertEqual(result.returncode, 1)
        self.assertIn("is not what its wheels and depends.toml produce; regenerate it",
                      result.stderr)
        self.overlay.unlink()
        self.assertEqual(self.run_generator("--check").returncode, 1)

    def test_platform_wheel_would_not_load(self):
        self.add_wheel("fast-1.0-cp313-cp313-linux_x86_64.whl",
                       simple_wheel("fast", "1.0", "fast"))
        self.write_depends('eegprep-lean = []\nzarr = []\nfast = []\n')
        self.assert_fails("the overlay would not load")

    def test_no_wheels_adds_nothing(self):
        shutil.rmtree(self.runtime / "wheels")
        self.write_depends("")
        self.assert_fails("adds nothing")

    def test_48_examples_regenerate_byte_for_byte(self):
        for community in ("demo", "scipy-demo"):
            source = ROOT / "data" / "examples" / community / "runtime"
            copy = self.tmp / community
            shutil.copytree(source, copy)
            overlay = copy / f"{community}-pyodide-lock.json"
            committed = overlay.read_bytes()
            overlay.unlink()
            result = run(overlay)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(overlay.read_bytes(), committed)


if __name__ == "__main__":
    unittest.main(verbosity=2)
