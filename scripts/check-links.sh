#!/usr/bin/env bash
# scripts/check-links.sh — every relative link in the Markdown files points at something that exists.
#
#   scripts/check-links.sh              check *.md at the top level, in docs/ and in crates/*/ (not target/, node_modules/)
#   scripts/check-links.sh FILE.md...   check only these files
#
# For each link `[text](path)`, `[text](path#anchor)`, image `![alt](path)`, reference definition `[id]: path` and
# HTML `src="..."` / `href="..."`: the path (relative to the file) must exist, and an `#anchor` into a Markdown file
# must name one of its headings, slugged as GitHub does (lowercase; spaces to `-`; punctuation other than `-` and
# `_` dropped; repeats get -1, -2, ...). http(s)://, mailto: and other scheme links are not checked (no network).
# Fenced code blocks and inline code are skipped. Prints file:line: link — reason for each bad one; exit 1 if any.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

exec python3 - "$@" <<'PY'
import os, re, sys, unicodedata
from urllib.parse import unquote

def markdown_files():
    files = sorted(f for f in os.listdir('.') if f.endswith('.md') and os.path.isfile(f))
    roots = ['docs'] + sorted(os.path.join('crates', d) for d in (os.listdir('crates') if os.path.isdir('crates') else [])
                              if os.path.isdir(os.path.join('crates', d)))
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d not in ('target', 'node_modules') and not d.startswith('.'))
            files += sorted(os.path.join(dirpath, f) for f in filenames if f.endswith('.md'))
    return files

FENCE = re.compile(r'^ {0,3}(`{3,}|~{3,})')

def lines_outside_fences(text):
    """(line number, line) for the lines not inside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.split('\n'), 1):
        m = FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group(1)[0] * len(m.group(1))
                continue
            yield n, line
        elif m and m.group(1).startswith(fence):
            fence = None

def strip_code_spans(line):
    return re.sub(r'(`+)(.+?)\1', lambda m: ' ' * len(m.group(0)), line)

def slug(heading):
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading)   # links and images: their text
    text = re.sub(r'<[^>]+>', '', text)                          # inline HTML tags
    out = []
    for ch in text.strip().lower():
        cat = unicodedata.category(ch)
        if ch in ' -' or cat[0] in 'LMN' or cat == 'Pc':
            out.append('-' if ch == ' ' else ch)
    return ''.join(out)

_anchor_cache = {}
def anchors(path):
    if path not in _anchor_cache:
        found, seen = set(), {}
        prev = ''
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for _, line in lines_outside_fences(text):
            heading = None
            m = re.match(r'^ {0,3}#{1,6}(?:\s+(.*?))?\s*$', line)
            if m:
                heading = re.sub(r'\s+#+\s*$', '', m.group(1) or '')
            elif re.match(r'^ {0,3}(=+|-+)\s*$', line) and prev.strip() and not prev.lstrip().startswith(('-', '*', '|', '>')):
                heading = prev.strip()
            if heading is not None:
                s = slug(heading)
                k = seen.get(s, 0)
                seen[s] = k + 1
                found.add(s if k == 0 else f'{s}-{k}')
            for m in re.finditer(r'<a\s[^>]*(?:name|id)\s*=\s*"([^"]+)"', line):
                found.add(m.group(1))
            prev = line
        _anchor_cache[path] = found
    return _anchor_cache[path]

INLINE = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+(?:"[^"]*"|\'[^\']*\'|\([^)]*\)))?\s*\)')
REFDEF = re.compile(r'^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)')
HTML = re.compile(r'<(?:img|a|source)\s[^>]*?(?:src|href)\s*=\s*"([^"]*)"', re.I)

def links(text):
    for n, line in lines_outside_fences(text):
        line = strip_code_spans(line)
        for m in INLINE.finditer(line):
            yield n, m.group(1).strip('<>')
        m = REFDEF.match(line)
        if m:
            yield n, m.group(1).strip('<>')
        for m in HTML.finditer(line):
            yield n, m.group(1)

def check(md):
    bad = []
    with open(md, encoding='utf-8') as f:
        text = f.read()
    for n, target in links(text):
        if not target:
            bad.append((n, target, 'empty link'))
            continue
        if re.match(r'^[A-Za-z][A-Za-z0-9+.-]*:', target) or target.startswith('//'):
            continue  # http(s)://, mailto: and other schemes: not checked
        path, _, anchor = target.partition('#')
        path = unquote(path.split('?', 1)[0])
        dest = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
        if not os.path.exists(dest):
            bad.append((n, target, f'{dest} does not exist'))
            continue
        if anchor and dest.endswith('.md') and os.path.isfile(dest):
            if unquote(anchor).lower() not in anchors(dest):
                bad.append((n, target, f'no heading #{anchor} in {dest}'))
    return bad

files = sys.argv[1:] or markdown_files()
failures = 0
for md in files:
    for n, target, why in check(md):
        print(f'{md}:{n}: ({target}) — {why}')
        failures += 1
count = len(files)
if failures:
    print(f'check-links: {failures} bad link(s) in {count} Markdown file(s)', file=sys.stderr)
    sys.exit(1)
print(f'check-links: all relative links and anchors resolve ({count} Markdown files)')
PY
