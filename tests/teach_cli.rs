//! `--scene TEXT` on the desktop: a bad scene text is named and exits 2 before any window opens
//! (these runs need no display), and `--help` documents it.

#[cfg(feature = "gui")]
#[test]
fn bad_scene_text_exits_2_naming_the_key_before_any_window() {
    let dir = crate::support::scratch_dir("teach-cli");
    let png = dir.join("never.png");
    let cases = [
        ("algorithm=fold&colour=red", "unknown key \"colour\""),
        ("overlay=heatmap", "overlay:"),
        ("published=maybe", "published:"),
        ("compare=quick", "compare:"),
        ("arvo=solid", "arvo:"),
        ("tour=0", "tour:"),
        ("tour=bogus:1", "tour:"),
        ("tour=motion:9", "tour:"),
        ("circle=1,2", "circle:"),
        ("view=3d&rotation=0,0,0,0", "rotation:"),
        ("view=3d&rotation=1,NaN,0,0", "rotation:"),
    ];
    for (text, named) in cases {
        let out =
            crate::support::bin().args(["--scene", text, "--screenshot", png.to_str().unwrap()]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}: {err}");
        assert!(err.contains("--scene") && err.contains(named), "{text}: {err}");
        assert!(!err.contains("panicked") && !err.contains("XOpenDisplay"), "{text}: {err}");
        assert!(!png.exists(), "{text}: no picture for a bad scene");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_documents_the_scene_text() {
    let help = crate::support::help(&[]);
    assert!(help.contains("--scene") && help.contains("overlay"), "{help}");
}
