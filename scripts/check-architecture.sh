#!/usr/bin/env bash
# scripts/check-architecture.sh — every Rust module is named in docs/architecture.md.
#
#   scripts/check-architecture.sh            check src/ and crates/*/src/ against docs/architecture.md
#   scripts/check-architecture.sh DOC.md     check against another page
#
# What counts as a module: each .rs file directly in a source root (src/page.rs, crates/ball-aabb/src/shape.rs)
# and each folder below one, at any depth (src/app/, crates/ball-aabb/src/batch/). A folder's own files are not
# checked one by one: its mod.rs is their table of contents, and the page should say what the folder is for, not
# list every file. So a new file in a documented folder passes; a new folder or a new top-level file must be added
# to the page.
#
# What counts as naming one: its path from the repository root as a whole path (in prose, inline code or a code
# block's description column; a folder with or without its trailing /), or its place in the page's layout tree.
# In a fenced block, the first column of each line (up to two spaces) is read as an indented tree: a path
# relative to the nearest less indented line above that ends in / (names separated by ", " each count), so
#
#     crates/ball-aabb/     the geometry
#       src/batch/          the kernels
#
# names crates/ball-aabb/src/batch/. Prints each module not named; exit 1 if any, 0 if none, 2 if the page is
# missing. DEBUG=1 also prints every path the page names, as read.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

exec python3 - "${1:-docs/architecture.md}" <<'PY'
import glob, os, re, sys

doc = sys.argv[1]
if not os.path.isfile(doc):
    print(f'check-architecture: {doc} does not exist', file=sys.stderr)
    sys.exit(2)

# The modules: top-level .rs files of each source root, and every folder below a root.
roots = ['src'] + sorted(d for d in glob.glob('crates/*/src') if os.path.isdir(d))
modules = []
for root in roots:
    modules += sorted(os.path.join(root, f) for f in os.listdir(root) if f.endswith('.rs'))
    for dirpath, dirnames, _ in os.walk(root):
        dirnames.sort()
        modules += [os.path.join(dirpath, d) + '/' for d in dirnames]

named = set()
def name(path):
    path = os.path.normpath(path)
    if path not in ('.', ''):
        named.add(path)

FENCE = re.compile(r'^ {0,3}(`{3,}|~{3,})')
PATH = re.compile(r'(?<![\w./-])((?:[\w.-]+/)*[\w.-]+(?:\.rs|/))(?![\w/-])')

text = open(doc, encoding='utf-8').read()
fence, stack = None, []
for line in text.split('\n'):
    m = FENCE.match(line)
    if fence is None and m:
        fence, stack = m.group(1)[0] * len(m.group(1)), []
        continue
    if fence is not None and m and m.group(1).startswith(fence):
        fence = None
        continue
    # Inside a fenced block the first column (up to two spaces) is the layout tree's, read below; whole paths
    # elsewhere (prose, inline code, the tree's descriptions) are relative to the repository root.
    indent = len(line) - len(line.lstrip(' '))
    first, rest = '', line
    if fence is not None:
        first, _, rest = (re.split(r'(\s{2,})', line.strip(), maxsplit=1) + ['', ''])[:3]
    for p in PATH.findall(rest):
        name(p)
    for p in re.findall(r'(?<![\w./-])((?:src|crates)(?:/[\w.-]+)+)(?![\w/.-])', rest):
        name(p)   # a folder written without its trailing /
    if fence is None or not line.strip():
        continue
    while stack and stack[-1][0] >= indent:
        stack.pop()
    parent = stack[-1][1] if stack else ''
    folder = None
    for token in first.split(', '):
        token = token.strip().strip('`')
        if not re.fullmatch(r'[\w.-]+(?:/[\w.-]+)*/?', token):
            continue
        name(parent + token)
        if token.endswith('/'):
            folder = parent + token
    if folder:
        stack.append((indent, folder))

if os.environ.get('DEBUG'):
    print('\n'.join(sorted(named)))
missing = [m for m in modules if os.path.normpath(m) not in named]
for m in missing:
    print(f'{doc}: does not name {m}')
if missing:
    print(f'check-architecture: {len(missing)} of {len(modules)} module(s) not named in {doc}', file=sys.stderr)
    sys.exit(1)
print(f'check-architecture: all {len(modules)} modules are named in {doc}')
PY
