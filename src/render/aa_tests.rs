//! Tests of the antialiased shape builders.

use super::*;

/// The alpha a mesh gives the point `p`: the colour of the triangle that contains it,
/// interpolated (the last one drawn wins), and whether any does.
fn alpha_at(m: &Mesh, p: Vec2) -> Option<(f32, [u8; 3])> {
    let mut out = None;
    for t in m.indices.chunks_exact(3) {
        let v = [t[0], t[1], t[2]].map(|i| m.vertices[i as usize]);
        let q = v.map(|v| vec2(v.position.x, v.position.y));
        let area = (q[1] - q[0]).perp_dot(q[2] - q[0]);
        if area.abs() < 1e-9 {
            continue;
        }
        let l1 = (q[2] - q[0]).perp_dot(p - q[0]) / -area;
        let l2 = (q[1] - q[0]).perp_dot(p - q[0]) / area;
        let l0 = 1.0 - l1 - l2;
        if l0 >= -1e-6 && l1 >= -1e-6 && l2 >= -1e-6 {
            let a = l0 * f32::from(v[0].color[3]) + l1 * f32::from(v[1].color[3]) + l2 * f32::from(v[2].color[3]);
            out = Some((a / 255.0, [v[0].color[0], v[0].color[1], v[0].color[2]]));
        }
    }
    out
}

#[test]
fn a_cut_line_covers_what_the_whole_line_covers_in_two_colours() {
    let (red, blue) = (Color::from_rgba(255, 0, 0, 255), Color::from_rgba(0, 0, 255, 255));
    let (a, b) = (vec2(10.0, 0.0), vec2(10.0, 50.0));
    let mut whole = Mesh::default();
    whole.line(a, b, 2.0, red);
    // A vertical line drawn downwards has the normal (−1, 0): offsets grow to the left. Cut
    // 0.25 px right of the centre line, in the feathered-free core.
    let mut cut = Mesh::default();
    cut.line_cut(a, b, 2.0, -0.25, red, blue);
    for x in [8.6, 9.2, 9.8, 10.1, 10.2, 10.3, 10.8, 11.4] {
        let p = vec2(x, 25.0);
        let (wa, _) = alpha_at(&whole, p).unwrap();
        let (ca, rgb) = alpha_at(&cut, p).unwrap();
        assert!((wa - ca).abs() < 1e-2, "x {x}: alpha {ca}, the whole line's {wa}");
        // Right of the cut (x > 10.25) is below it along the normal: red; left of it blue.
        assert_eq!(rgb, if x > 10.25 { [255, 0, 0] } else { [0, 0, 255] }, "x {x}");
    }
    // A cut inside a feather keeps the falling alpha on both sides of it.
    let mut feathered = Mesh::default();
    feathered.line_cut(a, b, 2.0, 0.75, red, blue);
    for x in [8.8, 9.1, 9.3] {
        let p = vec2(x, 25.0);
        assert!((alpha_at(&whole, p).unwrap().0 - alpha_at(&feathered, p).unwrap().0).abs() < 1e-2);
    }
    // No cut within the line's reach: the same triangles as `line`.
    let mut far = Mesh::default();
    far.line_cut(a, b, 2.0, 5.0, red, blue);
    assert_eq!(far.indices.len(), whole.indices.len());
    assert!(far.vertices.iter().all(|v| v.color[..3] == [255, 0, 0]));
}

#[test]
fn a_dashed_line_is_one_line_whose_phase_counts_half_periods_along_it() {
    let mut dashed = Mesh::default();
    dashed.dashed_line(vec2(0.0, 0.0), vec2(70.0, 0.0), 1.5, WHITE, 7.0);
    let mut plain = Mesh::default();
    plain.line(vec2(0.0, 0.0), vec2(70.0, 0.0), 1.5, WHITE);
    // The same triangles as the line: five 14-px periods, phase 0 at the start and 5 at the end.
    assert_eq!(dashed.indices, plain.indices);
    for (d, p) in dashed.vertices.iter().zip(&plain.vertices) {
        assert_eq!((d.position, d.color), (p.position, p.color));
        assert_eq!(d.normal.x, if d.position.x == 0.0 { 0.0 } else { 5.0 });
    }
    assert!(plain.vertices.iter().all(|v| v.normal.x == 0.0), "other shapes keep phase 0: solid");
    let mut none = Mesh::default();
    none.dashed_line(vec2(0.0, 0.0), vec2(70.0, 0.0), 1.5, WHITE, 0.0);
    assert!(none.indices.is_empty());
}

#[test]
fn a_piece_of_a_dashed_line_keeps_its_phase_and_takes_two_colours_across_its_cut() {
    let (red, blue) = (Color::from_rgba(255, 0, 0, 255), Color::from_rgba(0, 0, 255, 255));
    let mut m = Mesh::default();
    // 30 px of 5-px dashes, starting a quarter period in: phases 0.25 to 3.25.
    m.dashed_line_cut(vec2(0.0, 0.0), vec2(30.0, 0.0), 2.0, 0.0, (red, blue), 5.0, 0.25);
    for v in &m.vertices {
        assert_eq!(v.normal.x, if v.position.x == 0.0 { 0.25 } else { 3.25 });
    }
    // Drawn rightwards, the normal points down (+y): above the cut is below on the screen.
    for v in m.vertices.iter().filter(|v| v.color[3] > 0 && v.position.y != 0.0) {
        assert_eq!(v.color[..3], if v.position.y > 0.0 { [0, 0, 255] } else { [255, 0, 0] });
    }
    let (mut plain, mut cut) = (Mesh::default(), Mesh::default());
    plain.dashed_line(vec2(0.0, 0.0), vec2(30.0, 0.0), 2.0, red, 5.0);
    cut.dashed_line_cut(vec2(0.0, 0.0), vec2(30.0, 0.0), 2.0, f32::INFINITY, (red, red), 5.0, 0.0);
    assert_eq!((plain.vertices.len(), plain.indices), (cut.vertices.len(), cut.indices));
}

#[test]
fn rings_join_matching_points_all_the_way_round() {
    let square = |h: f32| [vec2(-h, -h), vec2(h, -h), vec2(h, h), vec2(-h, h)];
    let (a, b, c) = (square(1.0), square(2.0), square(3.0));
    let mut m = Mesh::default();
    m.rings(&[(&a, WHITE), (&b, RED), (&c, WHITE)]);
    // Two bands of four quads each, closing back on the first point.
    assert_eq!((m.vertices.len(), m.indices.len()), (12, 2 * 4 * 6));
    // The last quad of each band joins point 3 back to point 0 of both rings.
    assert_eq!(&m.indices[18..24], &[3, 0, 4, 3, 4, 7]);
    let red: [u8; 4] = RED.into();
    assert_eq!(m.vertices[4].color, red, "the middle ring in its own colour");
    // Rings of different lengths, or too short, draw nothing.
    let mut m = Mesh::default();
    m.rings(&[(&a, WHITE), (&a[..3], WHITE)]);
    m.rings(&[(&a[..1], WHITE), (&a[..1], WHITE)]);
    assert!(m.indices.is_empty());
}

#[test]
fn segments_grow_with_radius_and_keep_the_sagitta_small() {
    assert_eq!(segments_for_radius(1.0), 12);
    assert_eq!(segments_for_radius(f32::NAN), 12);
    let mut last = 0;
    for r in [5.0, 20.0, 80.0, 300.0, 1200.0] {
        let n = segments_for_radius(r);
        assert!(n >= last, "r {r}: {n} < {last}");
        last = n;
        // The chord's distance inside the circle.
        let sagitta = r * (1.0 - (PI / n as f32).cos());
        assert!(sagitta <= MAX_SAGITTA + 1e-3, "r {r}: n {n}, sagitta {sagitta}");
    }
    // macroquad's fixed 20 sides would miss a 300 px circle by ~3.7 px.
    assert!(segments_for_radius(300.0) > 80);
    assert_eq!(segments_for_radius(1e9), 1024);
    // A looser tolerance needs fewer: half a pixel instead of 0.2 at r = 300.
    assert!(segments_within(300.0, 0.5) < segments_for_radius(300.0));
    assert_eq!(segments_within(300.0, f32::NAN), 12);
}

#[test]
fn a_mesh_too_large_for_one_draw_call_splits_into_pieces_with_every_triangle_kept() {
    let mut m = Mesh::default();
    m.rim(vec2(0.0, 0.0), 5000.0, 2.0, WHITE);
    let n = segments_for_radius(5001.0);
    assert!(m.indices.len() >= MAX_INDICES, "{} indices: the case to split", m.indices.len());
    let pieces = m.pieces(MAX_VERTICES, MAX_INDICES);
    assert!(pieces.len() > 1);
    let (mut triangles, mut k) = (0, 0);
    for (v, i) in &pieces {
        assert!(v.len() < MAX_VERTICES && i.len() < MAX_INDICES && i.len() % 3 == 0);
        // Each piece's triangles are the mesh's, in order, on the same vertices.
        for (a, b) in i.iter().zip(&m.indices[k..k + i.len()]) {
            assert_eq!(v[*a as usize].position, m.vertices[*b as usize].position);
        }
        k += i.len();
        triangles += i.len() / 3;
    }
    assert_eq!(triangles, 6 * n);
    // A mesh that fits is one piece, as it is.
    let mut small = Mesh::default();
    small.rim(vec2(0.0, 0.0), 50.0, 2.0, WHITE);
    let p = small.pieces(MAX_VERTICES, MAX_INDICES);
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].0.len(), &p[0].1), (small.vertices.len(), &small.indices));
}

#[test]
fn a_line_is_a_solid_core_with_transparent_edges() {
    let mut m = Mesh::default();
    m.line(vec2(0.0, 0.0), vec2(10.0, 0.0), 3.0, Color::new(1.0, 0.0, 0.0, 0.8));
    assert_eq!(m.vertices.len(), 8);
    assert_eq!(m.indices.len(), 18);
    let ys: Vec<f32> = m.vertices[..4].iter().map(|v| v.position.y).collect();
    assert_eq!(ys, vec![-2.0, -1.0, 1.0, 2.0]);
    let alphas: Vec<u8> = m.vertices[..4].iter().map(|v| v.color[3]).collect();
    assert_eq!(alphas, vec![0, 204, 204, 0]);
    // Degenerate input draws nothing.
    m.line(vec2(1.0, 1.0), vec2(1.0, 1.0), 3.0, RED);
    m.line(vec2(0.0, 0.0), vec2(f32::NAN, 1.0), 3.0, RED);
    assert_eq!(m.vertices.len(), 8);
}

#[test]
fn a_hairline_keeps_a_pixel_of_coverage_with_less_alpha() {
    let mut m = Mesh::default();
    m.line(vec2(0.0, 0.0), vec2(0.0, 10.0), 0.5, Color::new(1.0, 1.0, 1.0, 1.0));
    // No core: two feathers meeting at the centre, one pixel across in all, at half the alpha.
    let profile: Vec<(f32, u8)> = m.vertices[..3].iter().map(|v| (v.position.x, v.color[3])).collect();
    assert_eq!(profile, vec![(1.0, 0), (0.0, 127), (-1.0, 0)]);
    assert_eq!(m.indices.len(), 12);
    // A line of 1.1 px has no core either; from 1.2 px on it has one.
    let mut thin = Mesh::default();
    thin.line(vec2(0.0, 0.0), vec2(0.0, 10.0), 1.1, WHITE);
    let mut wide = Mesh::default();
    wide.line(vec2(0.0, 0.0), vec2(0.0, 10.0), 1.3, WHITE);
    assert_eq!((thin.vertices.len(), wide.vertices.len()), (6, 8));
}

#[test]
fn disc_and_rim_vertices_lie_on_their_radii() {
    let mut m = Mesh::default();
    m.disc(vec2(50.0, 50.0), 40.0, WHITE);
    let n = segments_for_radius(40.0);
    assert_eq!(m.vertices.len(), 1 + 2 * n);
    for v in &m.vertices[1..] {
        let d = vec2(v.position.x, v.position.y).distance(vec2(50.0, 50.0));
        assert!((d - 39.5).abs() < 1e-3 || (d - 40.5).abs() < 1e-3, "{d}");
    }
    let mut m = Mesh::default();
    m.rim(vec2(0.0, 0.0), 100.0, 3.0, WHITE);
    let d: Vec<f32> = m.vertices[..4].iter().map(|v| vec2(v.position.x, v.position.y).length()).collect();
    assert_eq!(d, vec![98.0, 99.0, 101.0, 102.0]);
    assert!(m.indices.iter().all(|&i| (i as usize) < m.vertices.len()));
}
