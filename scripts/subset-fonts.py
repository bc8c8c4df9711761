#!/usr/bin/env python3
"""scripts/subset-fonts.py — rebuild the two emoji fonts of crates/egui-fonts from egui's originals.

egui links four fonts into every build: Ubuntu-Light and Hack for text, and two symbol fonts
(NotoEmoji-Regular, emoji-icon-font) that its proportional family falls back to after Ubuntu-Light. The
symbol fonts are 454 KB of the web page's .wasm (gzip -9); the app and egui's widgets draw about forty
of their thousands of glyphs. crates/egui-fonts (patched in for crates.io's `epaint_default_fonts`)
keeps Ubuntu-Light and Hack whole and the symbol fonts cut down to the characters that a string or
char literal writes in

  * this repository's src/ and crates/ (the panel, the canvas, the CLI), and
  * the egui and egui_plot sources Cargo resolved (their widgets' arrows, icons and menus).

Run it after adding a symbol that `cargo test --test lib fonts` says no font draws. Needs fontTools
(`pip install fonttools`); nothing in the build or the tests does.
"""
import glob
import json
import os
import re
import subprocess
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates", "egui-fonts", "fonts")
SYMBOL_FONTS = ["NotoEmoji-Regular.ttf", "emoji-icon-font.ttf"]
TEXT_FONTS = ["Ubuntu-Light.ttf", "Hack-Regular.ttf"]
# A raw string (r"…", r#"…"#, br"…"), a string literal (with escapes) or a char literal: the literals
# tests/fonts.rs reads. Comments are scanned too, which only adds characters.
LITERAL = re.compile(r'(?<![A-Za-z0-9_])b?r(#*)"(.*?)"\1|"((?:[^"\\]|\\.)*)"|\'([^\'\\])\'', re.DOTALL)

def literal_chars(paths):
    chars = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for m in LITERAL.finditer(f.read()):
                chars.update(c for c in (m.group(2) or m.group(3) or m.group(4) or "") if ord(c) > 127)
    return chars

def rust_files(directory):
    return glob.glob(os.path.join(directory, "**", "*.rs"), recursive=True)

def main():
    meta = json.loads(subprocess.check_output(["cargo", "metadata", "--format-version", "1"], cwd=ROOT))
    packages = {p["name"]: p for p in meta["packages"]}
    egui_dirs = [os.path.dirname(packages[n]["manifest_path"]) for n in ("egui", "egui_plot")]
    # The originals: crates.io's epaint_default_fonts of the version egui uses, beside egui in the registry.
    version = packages["epaint_default_fonts"]["version"]
    originals = os.path.join(os.path.dirname(egui_dirs[0]), f"epaint_default_fonts-{version}", "fonts")
    if not os.path.isdir(originals):
        sys.exit(f"subset-fonts: {originals} not found (run `cargo fetch` first)")

    chars = literal_chars(rust_files(os.path.join(ROOT, "src")) + rust_files(os.path.join(ROOT, "crates")))
    for d in egui_dirs:
        chars |= literal_chars(rust_files(d))
    chars.add("\u25fb")  # epaint draws this for a character no font has
    # The panel's proportional family falls back from Ubuntu Light to the symbol fonts, and only then
    # to Hack (`ui::fonts`): a character Ubuntu Light lacks comes from them whenever they have it.
    covered = set(TTFont(os.path.join(originals, "Ubuntu-Light.ttf")).getBestCmap())
    wanted = sorted(ord(c) for c in chars if ord(c) not in covered)
    print(f"subset-fonts: {len(wanted)} characters for the symbol fonts: {''.join(map(chr, wanted))}")

    for name in SYMBOL_FONTS:
        options = subset.Options()
        options.name_IDs = ["*"]  # keep the fonts' names, copyright and licence records
        # No new modification time in the head table: the same sources give the same bytes.
        font = TTFont(os.path.join(originals, name), recalcTimestamp=False)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        out = os.path.join(OUT, name)
        font.save(out)
        print(f"subset-fonts: {out}: {os.path.getsize(out)} bytes, {len(font.getBestCmap())} characters")
    for name in TEXT_FONTS + ["Hack-Regular.txt", "OFL.txt", "UFL.txt", "emoji-icon-font-mit-license.txt"]:
        with open(os.path.join(originals, name), "rb") as src, open(os.path.join(OUT, name), "wb") as dst:
            dst.write(src.read())

if __name__ == "__main__":
    main()
