#!/usr/bin/env python3
"""scripts/subset-fonts.py — rebuild the four fonts of crates/egui-fonts from egui's originals.

egui links four fonts into every build: Ubuntu-Light and Hack for text, and two symbol fonts
(NotoEmoji-Regular, emoji-icon-font) that its proportional family falls back to after Ubuntu-Light. The
symbol fonts were 454 KB of the web page's .wasm (gzip -9); the app and egui's widgets draw about forty
of their thousands of glyphs. crates/egui-fonts (patched in for crates.io's `epaint_default_fonts`)
keeps the symbol fonts cut down to the characters that a string or char literal writes in

  * this repository's src/ and crates/ (the panel, the canvas, the CLI), and
  * the egui and egui_plot sources Cargo resolved (their widgets' arrows, icons and menus).

Ubuntu-Light and Hack keep every character they have, with the same outlines, advances and bounding
boxes, but without what egui's rasteriser (ab_glyph, on ttf-parser) never reads: the TrueType hinting
(instructions, fpgm, prep, cvt, hdmx, VDMX, ttfautohint's TTFA), the OpenType layout tables (GSUB, GPOS,
GDEF: egui does no shaping, and its kerning reads only a `kern` table, which neither font has), the
glyph names (post format 3), the DSIG signature, and the glyphs only those tables reached: 191 KB less
.wasm (gzip -9). Ubuntu Light is renamed "Ubuntu Light derivative circle-aabb-lab", as its licence asks
of a modified version (Hack's asks that only of names with "Bitstream" or "Vera").
`--verify` compares every character of the fonts in crates/egui-fonts with the originals' (outline,
advance, side bearing, bounding box; the font-wide metrics) and fails on any difference.

Run it after adding a symbol that `cargo test --test lib fonts` says no font draws. Needs fontTools
(`pip install fonttools`); nothing in the build or the tests does. The originals are crates.io's
`epaint_default_fonts` of the version egui uses, from Cargo's registry (fetched with `cargo fetch` when
missing).
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

from fontTools import subset
from fontTools.pens.recordingPen import DecomposingRecordingPen
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

def options(text_font):
    """fontTools' subsetting options: every name record kept (the fonts' names, copyright and licence);
    for the text fonts also no hinting, no layout tables, no glyph names (fontTools drops DSIG always)."""
    o = subset.Options()
    o.name_IDs = ["*"]
    if text_font:
        o.name_languages = ["*"]
        o.hinting = False
        o.glyph_names = False
        o.notdef_outline = True
        o.drop_tables += ["GSUB", "GPOS", "GDEF"]
    return o

# The Ubuntu Font Licence (UFL.txt, 2c) wants a modified font that is not Substantially Changed named
# "<original name> derivative X": the name records that say the font's name get that suffix.
DERIVATIVE = " derivative circle-aabb-lab"

def rename_derivative(font):
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):  # family, full name, typographic family
            record.string = record.toUnicode() + DERIVATIVE
        elif record.nameID in (3, 6):  # unique id, PostScript name: no spaces
            record.string = record.toUnicode() + DERIVATIVE.replace(" ", "-")

def fetch_originals(version, registry):
    """Asks Cargo for crates.io's epaint_default_fonts VERSION (the build patches it out, so it is not
    downloaded otherwise): a throw-away package depending on it, `cargo fetch`."""
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, "src"))
        with open(os.path.join(tmp, "Cargo.toml"), "w") as f:
            f.write(f'[package]\nname = "fetch-fonts"\nversion = "0.0.0"\nedition = "2021"\n\n'
                    f'[dependencies]\nepaint_default_fonts = "={version}"\n')
        open(os.path.join(tmp, "src", "lib.rs"), "w").close()
        subprocess.check_call(["cargo", "fetch", "--quiet"], cwd=tmp)
    return registry

def differences(original, ours):
    """What a renderer could see differ between two fonts, character by character: a list of lines."""
    a, b = TTFont(original), TTFont(ours)
    ca, cb = a.getBestCmap(), b.getBestCmap()
    out = [f"characters only in the original: {len(set(ca) - set(cb))}"] if set(ca) - set(cb) else []
    ga, gb = a.getGlyphSet(), b.getGlyphSet()
    for u in sorted(set(ca) & set(cb)):
        x, y = ca[u], cb[u]
        pa, pb = DecomposingRecordingPen(ga), DecomposingRecordingPen(gb)
        ga[x].draw(pa)
        gb[y].draw(pb)
        box = lambda g: tuple(getattr(g, k, None) for k in ("xMin", "yMin", "xMax", "yMax"))
        if a["hmtx"][x] != b["hmtx"][y] or pa.value != pb.value or box(a["glyf"][x]) != box(b["glyf"][y]):
            out.append(f"U+{u:04X}: advance, outline or bounding box differ")
    for table, fields in [("head", ["unitsPerEm", "xMin", "yMin", "xMax", "yMax"]),
                          ("hhea", ["ascent", "descent", "lineGap"]),
                          ("OS/2", ["sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent", "usWinDescent"])]:
        for field in fields:
            if getattr(a[table], field) != getattr(b[table], field):
                out.append(f"{table}.{field}: {getattr(a[table], field)} -> {getattr(b[table], field)}")
    return out

def main():
    meta = json.loads(subprocess.check_output(["cargo", "metadata", "--format-version", "1"], cwd=ROOT))
    packages = {p["name"]: p for p in meta["packages"]}
    egui_dirs = [os.path.dirname(packages[n]["manifest_path"]) for n in ("egui", "egui_plot")]
    # The originals: crates.io's epaint_default_fonts of the version egui uses, beside egui in the registry.
    version = packages["epaint_default_fonts"]["version"]
    originals = os.path.join(os.path.dirname(egui_dirs[0]), f"epaint_default_fonts-{version}", "fonts")
    if not os.path.isdir(originals):
        fetch_originals(version, originals)
    if not os.path.isdir(originals):
        sys.exit(f"subset-fonts: {originals} not found after `cargo fetch`")

    if "--verify" in sys.argv[1:]:
        bad = 0
        for name in TEXT_FONTS:
            found = differences(os.path.join(originals, name), os.path.join(OUT, name))
            chars = len(TTFont(os.path.join(OUT, name)).getBestCmap())
            print(f"subset-fonts: {name}: {chars} characters, {len(found)} differences from the original")
            for line in found[:20]:
                print(f"  {line}")
            bad += len(found)
        sys.exit(1 if bad else 0)

    chars = literal_chars(rust_files(os.path.join(ROOT, "src")) + rust_files(os.path.join(ROOT, "crates")))
    for d in egui_dirs:
        chars |= literal_chars(rust_files(d))
    chars.add("\u25fb")  # epaint draws this for a character no font has
    # The panel's proportional family falls back from Ubuntu Light to the symbol fonts, and only then
    # to Hack (`ui::fonts`): a character Ubuntu Light lacks comes from them whenever they have it.
    covered = set(TTFont(os.path.join(originals, "Ubuntu-Light.ttf")).getBestCmap())
    wanted = sorted(ord(c) for c in chars if ord(c) not in covered)
    print(f"subset-fonts: {len(wanted)} characters for the symbol fonts: {''.join(map(chr, wanted))}")

    for name in SYMBOL_FONTS + TEXT_FONTS:
        # No new modification time in the head table: the same sources give the same bytes.
        font = TTFont(os.path.join(originals, name), recalcTimestamp=False)
        # The text fonts keep every character they have; the symbol fonts those asked for.
        keep = sorted(font.getBestCmap()) if name in TEXT_FONTS else wanted
        subsetter = subset.Subsetter(options(name in TEXT_FONTS))
        subsetter.populate(unicodes=keep)
        subsetter.subset(font)
        if name == "Ubuntu-Light.ttf":
            rename_derivative(font)
        out = os.path.join(OUT, name)
        font.save(out)
        print(f"subset-fonts: {out}: {os.path.getsize(out)} bytes, {len(font.getBestCmap())} characters")
    for name in ["Hack-Regular.txt", "OFL.txt", "UFL.txt", "emoji-icon-font-mit-license.txt"]:
        with open(os.path.join(originals, name), "rb") as src, open(os.path.join(OUT, name), "wb") as dst:
            dst.write(src.read())

if __name__ == "__main__":
    main()
