#!/usr/bin/env bash
# scripts/check-architecture.sh — every Rust module is named in docs/architecture.md.
#
#   scripts/check-architecture.sh            check src/ and crates/*/src/ against docs/architecture.md
#   scripts/check-architecture.sh DOC.md     check against another page
#
# What counts as a module: every .rs file under a source root (src/, crates/*/src/), at any depth: src/page.rs,
# src/app/mod.rs, crates/ball-aabb/src/batch/avx2.rs. Unit-test modules are not checked: a file named tests.rs or
# ending in _tests.rs (src/app/tests.rs, src/ui/bench_tests.rs) belongs with the module it tests. So a new file
# anywhere, a new folder's mod.rs included, must be added to the page.
#
# What counts as naming one: its path from the repository root written whole (in prose, inline code or a code
# block's description column), or its place in the page's layout tree. In a fenced block, the first column of each
# line (up to the first run of two spaces) is read as an indented tree: a path relative to the nearest less
# indented line above that ends in /, and names separated by ", " each count, so
#
#     crates/ball-aabb/           the geometry
#       src/batch/                the kernels
#         mod.rs, avx2.rs         the API; the AVX2 kernels
#
# names crates/ball-aabb/src/batch/mod.rs and crates/ball-aabb/src/batch/avx2.rs. Prints each module not named;
# exit 1 if any, 0 if none, 2 if the page is missing. DEBUG=1 also prints every path the page names, as read.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

exec python3 - "${1:-docs/architecture.md}" <<'PY'
import glob, os, re, sys

doc = sys.argv[1]
if not os.path.isfile(doc):
    print(f'check-architecture: {doc} does not exist', file=sys.stderr)
    sys.exit(2)

# The modules: every .rs file below a source root, except unit-test modules (tests.rs, *_tests.rs).
roots = ['src'] + sorted(d for d in glob.glob('crates/*/src') if os.path.isdir(d))
modules = []
for root in roots:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        modules += [os.path.join(dirpath, f) for f in sorted(filenames)
                    if f.endswith('.rs') and f != 'tests.rs' and not f.endswith('_tests.rs')]

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
