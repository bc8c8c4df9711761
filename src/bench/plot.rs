//! `bench --plot FILE.svg`: the roofline picture of the batched kernels (plotters, SVG backend only).
//! One panel per dimension; x: bytes the kernel reads per pass (log), y: tests per second (log); per
//! kernel a solid line (1 thread), and the same colour dashed: its ceiling (`stream_read` over the same
//! arrays, in that kernel's tests/s); vertical grey lines at the L1/L2/L3 sizes.

use super::kernels::Kernel;
use super::results::Results;
use plotters::prelude::*;

/// Writes the SVG to `path`.
pub fn write_svg(r: &Results, path: &std::path::Path) -> Result<(), String> {
    let root = SVGBackend::new(path, (1200, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let rows: Vec<_> = r.batched.iter().filter(|b| b.threads == 1 && b.tests_per_s.is_finite()).collect();
    let xs = rows.iter().map(|b| b.bytes.max(1) as f64);
    let (xmin, xmax) = xs.fold((f64::INFINITY, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
    let ys = rows.iter().flat_map(|b| [b.tests_per_s, b.ceiling_tests_per_s]).filter(|y| y.is_finite() && *y > 0.0);
    let (ymin, ymax) = ys.fold((f64::INFINITY, 0.0f64), |(a, b), y| (a.min(y), b.max(y)));
    if rows.is_empty() || !(xmin < f64::INFINITY && ymin < f64::INFINITY) {
        return Err("no batched rows to plot".into());
    }
    let (xr, yr) = ((xmin / 1.5)..(xmax * 1.5), (ymin / 2.0)..(ymax * 2.0));
    let panels = root.split_evenly((1, 2));
    let c = &r.caches;
    for (panel, dim) in panels.iter().zip([2usize, 3]) {
        let mut chart = ChartBuilder::on(panel)
            .caption(format!("{dim}D batched kernels vs ceiling ({}, 1 thread)", r.level), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(xr.clone().log_scale(), yr.clone().log_scale())
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("bytes read per pass")
            .y_desc("tests/s")
            .x_label_formatter(&|x| human(*x))
            .y_label_formatter(&|y| format!("{:.1e}", y))
            .draw()
            .map_err(|e| e.to_string())?;
        for (name, size) in [("L1", c.l1d), ("L2", c.l2), ("L3", c.l3)] {
            let x = size as f64;
            if x > xr.start && x < xr.end {
                chart
                    .draw_series(LineSeries::new([(x, yr.start), (x, yr.end)], RGBColor(170, 170, 170).stroke_width(1)))
                    .map_err(|e| e.to_string())?;
                chart
                    .draw_series([Text::new(
                        format!("{name} {}", human(x)),
                        (x * 1.05, yr.end / 1.6),
                        ("sans-serif", 13),
                    )])
                    .map_err(|e| e.to_string())?;
            }
        }
        for k in Kernel::ALL {
            let kernel = k.as_str();
            let mut pts: Vec<_> = rows.iter().filter(|b| b.dim == dim && b.kernel == kernel).collect();
            pts.sort_by_key(|b| b.bytes);
            if pts.is_empty() {
                continue;
            }
            let color = RGBColor(k.rgb()[0], k.rgb()[1], k.rgb()[2]);
            let line: Vec<(f64, f64)> = pts.iter().map(|b| (b.bytes as f64, b.tests_per_s)).collect();
            chart
                .draw_series(LineSeries::new(line.clone(), color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(kernel.to_string())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], color.stroke_width(2)));
            chart.draw_series(line.iter().map(|&p| Circle::new(p, 3, color.filled()))).map_err(|e| e.to_string())?;
            let ceil: Vec<(f64, f64)> = pts.iter().map(|b| (b.bytes as f64, b.ceiling_tests_per_s)).collect();
            chart
                .draw_series(DashedLineSeries::new(ceil, 6, 4, color.stroke_width(1)))
                .map_err(|e| e.to_string())?
                .label(format!("{kernel} ceiling"))
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], color.stroke_width(1)));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}

/// 16384 → "16 KiB".
fn human(x: f64) -> String {
    if x >= (1u64 << 30) as f64 {
        format!("{:.0} GiB", x / (1u64 << 30) as f64)
    } else if x >= (1 << 20) as f64 {
        format!("{:.0} MiB", x / (1 << 20) as f64)
    } else if x >= 1024.0 {
        format!("{:.0} KiB", x / 1024.0)
    } else {
        format!("{x:.0} B")
    }
}
