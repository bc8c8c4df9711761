//! Every symbol the app writes has a glyph in the panel's proportional fonts (Ubuntu Light, egui's two
//! symbol fonts, then Hack: `ui::fonts`). The symbol fonts are cut down to the characters the sources
//! write (`crates/egui-fonts`, made by `scripts/subset-fonts.py`): a new symbol in a label fails here
//! until the script is run again, instead of showing egui's ◻ box.

use std::path::{Path, PathBuf};

/// The non-ASCII characters inside string and char literals of one Rust source (comments skipped).
fn literal_chars(src: &str) -> Vec<char> {
    let s: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            '/' if s.get(i + 1) == Some(&'/') => {
                while i < s.len() && s[i] != '\n' {
                    i += 1;
                }
            }
            '/' if s.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < s.len() && !(s[i] == '*' && s[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            // A raw string: r"…", r#"…"#, br"…" and so on; it ends at a quote followed by as many #.
            'r' if matches!(s.get(i + 1), Some('"' | '#'))
                && (i == 0 || !s[i - 1].is_alphanumeric() || s[i - 1] == 'b') =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while s.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if s.get(j) != Some(&'"') {
                    i += 1;
                    continue;
                }
                j += 1;
                while j < s.len() && !(s[j] == '"' && (1..=hashes).all(|k| s.get(j + k) == Some(&'#'))) {
                    out.push(s[j]);
                    j += 1;
                }
                i = j + 1 + hashes;
            }
            '"' => {
                i += 1;
                while i < s.len() && s[i] != '"' {
                    if s[i] == '\\' {
                        i += 1;
                    } else {
                        out.push(s[i]);
                    }
                    i += 1;
                }
                i += 1;
            }
            // A char literal ('x', '\n'); a lifetime ('a) has no closing quote two places on.
            '\'' if s.get(i + 2) == Some(&'\'') && s.get(i + 1) != Some(&'\\') => {
                out.push(s[i + 1]);
                i += 3;
            }
            _ => i += 1,
        }
    }
    out.retain(|c| !c.is_ascii());
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_scanner_finds_literals_and_skips_comments() {
    let src = "// a comment with ✗ and \"✓\"\nlet a = \"x → y\"; let b = '√'; fn f<'a>(s: &'a str) {}\n\
               /* block ✗ */ let c = r#\"raw ²\"#; let d = \"esc \\\" · \";";
    assert_eq!(literal_chars(src), vec!['→', '√', '²', '·']);
}

#[test]
fn every_symbol_the_sources_write_has_a_glyph() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    assert!(files.len() > 20, "found only {} sources under src/ and crates/", files.len());

    // The panel's proportional family in its fallback order: egui's, then Hack (`ui::fonts`).
    let faces: Vec<ttf_parser::Face> = [
        epaint_default_fonts::UBUNTU_LIGHT,
        epaint_default_fonts::NOTO_EMOJI_REGULAR,
        epaint_default_fonts::EMOJI_ICON,
        epaint_default_fonts::HACK_REGULAR,
    ]
    .iter()
    .map(|bytes| ttf_parser::Face::parse(bytes, 0).expect("a font egui links does not parse"))
    .collect();

    let mut missing: Vec<(char, String)> = Vec::new();
    let mut seen = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for c in literal_chars(&text) {
            seen += 1;
            if !faces.iter().any(|f| f.glyph_index(c).is_some()) && !missing.iter().any(|(m, _)| *m == c) {
                missing.push((c, file.strip_prefix(root).unwrap().display().to_string()));
            }
        }
    }
    assert!(seen > 100, "only {seen} non-ASCII characters in literals: is the scanner broken?");
    assert!(
        missing.is_empty(),
        "the panel's proportional fonts do not draw {missing:?} (character, first file): run scripts/subset-fonts.py and commit \
         crates/egui-fonts/fonts/"
    );
}
