//! Validation at the command line's edge: the CSV parser names the bad field.

use circle_aabb_lab::report::{Case, CaseError};

#[test]
fn csv_lines_name_the_bad_field() {
    let msg = |line: &str| Case::from_csv_line(line).unwrap_err().to_string();
    assert!(msg("1,2,x,0,0,1,1").contains("r:"), "{}", msg("1,2,x,0,0,1,1"));
    assert!(msg("1,2,3,0,0,1,oops").contains("maxy"));
    assert!(msg("1,2,3,4,0,0,0,1,1,zz").contains("maxz"));
    assert!(msg("NaN,2,3,0,0,1,1").contains("center.x"));
    assert!(msg("1,2,3,inf,0,0,0,1,1,1").contains("radius"));
    assert!(msg("1,2,-3,0,0,1,1").contains("radius"));
    assert!(msg("1,2,3,5,0,1,1").contains("min.x"));
    assert!(msg("1,2,3,4,0,0,5,1,1,1").contains("min.z"));
    let count = Case::from_csv_line("1,2,3,4,5,6,7,8").unwrap_err();
    assert!(matches!(count, CaseError::Count { got: 8, .. }), "{count:?}");
    assert!(count.to_string().contains('7') && count.to_string().contains("10"));
    assert!(matches!(Case::from_csv_line("1, 2, 3, 0, 0, 1, 1"), Ok(Case::D2(..))));
    assert!(matches!(Case::from_csv_line("1,2,3,1,0,0,0,1,1,1"), Ok(Case::D3(..))));
}
