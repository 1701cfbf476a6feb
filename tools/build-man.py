#!/usr/bin/env python3
"""Build runtime-console(1) from the manual's Markdown pages in docs/ with pandoc.

Usage: build-man.py --pandoc PANDOC --filter docs/man.lua --version V --output FILE.1 PAGE.md...

The first page is docs/runtime-console.md: its title line and "Part of the manual" line are
dropped, its first paragraph becomes NAME and its `##` sections become the man page's first
sections (SYNOPSIS, WHAT IT DOES, ...), its "## See also" the last one. Every other page becomes one section of its own (its
`#` title a .SH, its `##` headings .SS). The man page is pandoc's roff: none is written by hand.
"""
import argparse
import re
import subprocess
import sys


def strip_nav(text):
    # "Part of the [Runtime Console manual](index.md)." and whatever follows it on its paragraph
    return re.sub(r"^Part of the \[Runtime Console manual\]\(index\.md\)[^\n]*(\n[^\n]+)*\n\n",
                  "", text, count=1, flags=re.M)


def shift(text, by):
    """Moves every ATX heading outside code blocks by `by` levels (at least level 1)."""
    out = []
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else re.match(r"^(#+) (.*)$", line)
        if m:
            level = max(1, len(m.group(1)) + by)
            line = "#" * level + " " + m.group(2)
        out.append(line)
    return "\n".join(out)


def front_page(text):
    """docs/runtime-console.md: NAME from the first paragraph, its ## sections one level up."""
    text = strip_nav(text)
    lines = text.split("\n")
    if not lines[0].startswith("# "):
        sys.exit("build-man: the first page must start with a '# ' title")
    body = "\n".join(lines[1:]).lstrip("\n")
    name, rest = body.split("\n\n", 1)
    name = " ".join(name.split()).replace(" — ", " - ", 1)
    head, _, see_also = rest.partition("\n## See also\n")
    if not see_also:
        sys.exit("build-man: the first page has no '## See also' section")
    return ("# NAME\n\n" + name + "\n\n" + shift(head, -1),
            "# See also\n" + shift(see_also, -1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pandoc", required=True)
    ap.add_argument("--filter", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()

    parts = []
    see_also = ""
    for i, page in enumerate(args.pages):
        with open(page, encoding="utf-8") as f:
            text = f.read()
        if i == 0:
            first, see_also = front_page(text)
            parts.append(first)
        else:
            parts.append(strip_nav(text))
    parts.append(see_also)  # last, as man pages have it
    markdown = "\n\n".join(p.rstrip("\n") for p in parts) + "\n"

    cmd = [args.pandoc, "--from", "markdown-smart-implicit_figures", "--to", "man",
           "--standalone", "--lua-filter", args.filter,
           "--metadata", "title=RUNTIME-CONSOLE", "--metadata", "section=1",
           "--metadata", "header=Runtime Console Manual",
           "--metadata", "footer=Runtime Console " + args.version,
           "--output", args.output]
    subprocess.run(cmd, input=markdown.encode("utf-8"), check=True)


if __name__ == "__main__":
    main()
