#!/usr/bin/env bash
# scripts/check-architecture.sh — every module says what it holds, and docs/architecture.md names every folder.
#
#   scripts/check-architecture.sh            check src/ and crates/*/src/ (and docs/architecture.md)
#   scripts/check-architecture.sh --tree     print the layout: each folder and module with its doc's first line
#   scripts/check-architecture.sh DOC.md     check the folders against another page
#
# A module is every .rs file under a source root (src/, crates/*/src/), unit-test files aside (tests.rs,
# *_tests.rs: they belong with the module they test). Each must begin with `//!` prose of at least three words
# (a Markdown title line such as `//! # ball-aabb` is skipped):
# that line is the module's entry in the layout (--tree prints them), so the layout lives with the code and
# cannot go stale. A folder is every directory under a source root that holds modules; the page must name each,
# as a path from the repository root (`src/app/three/`, in prose, inline code or a code block). Prints what is
# missing; exit 1 if anything is, 2 if the page is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

exec python3 - "$@" <<'PY'
import glob, os, re, sys

args = sys.argv[1:]
tree = '--tree' in args
args = [a for a in args if a != '--tree']
doc = args[0] if args else 'docs/architecture.md'

roots = ['src'] + sorted(d for d in glob.glob('crates/*/src') if os.path.isdir(d))
modules, folders = [], []
for root in roots:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        rs = [f for f in sorted(filenames) if f.endswith('.rs') and f != 'tests.rs' and not f.endswith('_tests.rs')]
        if rs:
            folders.append(dirpath + '/')
        modules += [os.path.join(dirpath, f) for f in rs]

def first_doc_line(path):
    """The module doc's first line of prose (a Markdown title such as `//! # ball-aabb` is skipped)."""
    started = False
    for line in open(path, encoding='utf-8'):
        line = line.strip()
        if not line and not started:
            continue
        if not line.startswith('//!'):
            return None
        started = True
        body = line[3:].strip()
        if body and not body.startswith('#'):
            return body
    return None

problems = []
summary = {}
for m in modules:
    first = first_doc_line(m)
    if first is None or len(first.split()) < 3:
        problems.append(f'{m}: does not begin with a //! line saying what it holds (three words or more)')
    summary[m] = first or ''

if tree:
    for folder in folders:
        print(folder)
        for m in modules:
            if os.path.dirname(m) + '/' == folder:
                line = summary[m]
                print(f'  {os.path.basename(m):<20} {line if len(line) <= 96 else line[:95] + "…"}')
    sys.exit(0)

if not os.path.isfile(doc):
    print(f'check-architecture: {doc} does not exist', file=sys.stderr)
    sys.exit(2)
text = open(doc, encoding='utf-8').read()
named = set(re.findall(r'(?<![\w./-])((?:src|crates)(?:/[\w.-]+)*/)', text))
for f in folders:
    if f not in named:
        problems.append(f'{doc}: does not name the folder {f}')
for p in problems:
    print(p)
if problems:
    print(f'check-architecture: {len(problems)} problem(s)', file=sys.stderr)
    sys.exit(1)
print(f'check-architecture: all {len(modules)} modules say what they hold; {doc} names all {len(folders)} folders')
PY
