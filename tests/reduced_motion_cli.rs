//! The desktop's reduced-motion setting on the command line: `--reduced-motion` is documented, and a
//! `CIRCLE_AABB_LAB_REDUCED_MOTION` value that is neither on nor off is named and exits 2 before any
//! window opens (these runs need no display). What the setting does is unit-tested in
//! `src/app/status_tests.rs`.

#[test]
fn help_documents_the_flag_and_the_variable() {
    let help = crate::support::help(&[]);
    assert!(help.contains("--reduced-motion") && help.contains("CIRCLE_AABB_LAB_REDUCED_MOTION"), "{help}");
}

#[cfg(feature = "gui")]
#[test]
fn a_bad_environment_value_exits_2_naming_the_variable_before_any_window() {
    let dir = crate::support::scratch_dir("reduced-motion-cli");
    let png = dir.join("never.png");
    let out = crate::support::bin()
        .args(["--reduced-motion", "--screenshot", png.to_str().unwrap()])
        .env("CIRCLE_AABB_LAB_REDUCED_MOTION", "sometimes")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("CIRCLE_AABB_LAB_REDUCED_MOTION") && err.contains("\"sometimes\""), "{err}");
    assert!(!err.contains("panicked") && !err.contains("XOpenDisplay"), "{err}");
    assert!(!png.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
