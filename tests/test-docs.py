#!/usr/bin/env python3
"""README.md stays a page and the manual's links hold (issue 22).

- README.md is under 150 lines and has the test command .ci/run extracts (the same sed
  expression, so a README edit cannot silently leave CI without a command);
- every relative link and image in README.md and docs/*.md names a file that exists, and a
  #fragment names a heading of that page (GitHub's anchors: lower case, punctuation dropped,
  spaces to hyphens).
Usage: test-docs.py SOURCE_DIR
"""
import glob
import os
import re
import subprocess
import sys

src = sys.argv[1]
problems = []

readme = os.path.join(src, "README.md")
with open(readme, encoding="utf-8") as f:
    lines = f.read().split("\n")
count = len(lines) - (1 if lines[-1] == "" else 0)
if count >= 150:
    problems.append(f"README.md has {count} lines; the manual is docs/, README.md stays under 150")

with open(os.path.join(src, ".ci", "run"), encoding="utf-8") as f:
    ci = f.read()
m = re.search(r"cmd=\$\(sed -n '([^']*)' README\.md", ci)
if not m:
    problems.append(".ci/run no longer reads the test command from README.md with sed")
else:
    cmd = subprocess.run(["sed", "-n", m.group(1), readme], capture_output=True, text=True,
                         check=True).stdout.strip().split("\n")[0]
    if "meson test" not in cmd:
        problems.append("README.md has no test command that .ci/run finds")


def slug(heading):
    heading = heading.strip().lower()
    heading = re.sub(r"[^\w\- ]", "", heading)
    return heading.replace(" ", "-")


def headings(path):
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"^```.*?^```", "", f.read(), flags=re.M | re.S)
    return {slug(h) for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}


pages = [readme] + sorted(glob.glob(os.path.join(src, "docs", "*.md")))
links = 0
for page in pages:
    with open(page, encoding="utf-8") as f:
        text = f.read()
    # Indented code is not Markdown to follow.
    prose = "\n".join(l for l in text.split("\n") if not l.startswith("    "))
    for target in re.findall(r"\]\(([^)\s]+)\)", prose):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue
        links += 1
        path, _, fragment = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        name = os.path.relpath(page, src)
        if not os.path.exists(resolved):
            problems.append(f"{name}: the link {target} names no file")
        elif fragment and resolved.endswith(".md") and fragment not in headings(resolved):
            problems.append(f"{name}: the link {target} names no heading of that page")

for p in problems:
    print(p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"README.md: {count} lines; {links} links in README.md and docs/ all resolve")
