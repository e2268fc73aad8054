//! Pictures checked as a person would look at them: each SVG is parsed and rasterised with
//! resvg, and the colour of the pixel at the centre of each sticker is compared with the
//! state. No browser is needed.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use cubework::draw::colour::{self, Rgb};
use cubework::draw::net::NetLayout;
use cubework::draw::perspective::Frame;
use cubework::draw::{Camera, Only, Picture, PictureFormat, ViewKind, draw, views};
use cubework::rep::RepKind;
use cubework::{Cube, Face, Geometry, Notation, parse_sequence};
use rand::{RngExt, SeedableRng};
use resvg::tiny_skia::{Pixmap, Transform};

/// The picture as pixels.
fn raster(svg: &str) -> Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("not a valid SVG: {e}"));
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a picture has an area");
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

fn pixel(p: &Pixmap, (x, y): (f64, f64)) -> Rgb {
    let c = p
        .pixel(x.round() as u32, y.round() as u32)
        .unwrap_or_else(|| panic!("({x}, {y}) is outside the picture"));
    Rgb(c.red(), c.green(), c.blue())
}

/// A net of the 3×3×3 after F: the up face's bottom row shows the left colour.
fn assert_net_after_f(p: &Pixmap) {
    let centre = NetLayout::new(3).centre(Geometry::of(3).index(Face::U, 2, 1));
    assert_eq!(pixel(p, centre), colour::sticker(Face::L));
}

fn cube(n: usize, alg: &str) -> Cube {
    let mut c = Cube::solved_n(n);
    c.apply_all(&parse_sequence(alg, Notation::Standard).unwrap())
        .unwrap();
    c
}

/// A random sequence of outer and inner turns for an `n`-cube.
fn scramble(n: usize, seed: u64) -> String {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..30)
        .map(|_| {
            let face = ["U", "D", "L", "R", "F", "B"][rng.random_range(0..6)];
            let layer = rng.random_range(1..=n / 2);
            let amount = ["", "'", "2"][rng.random_range(0..3)];
            if layer == 1 {
                format!("{face}{amount}")
            } else {
                format!("{layer}{face}{amount}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn net(c: &Cube, only: Option<Only>) -> Pixmap {
    raster(
        &draw(
            c,
            &Picture {
                view: ViewKind::Net,
                only,
                ..Picture::default()
            },
        )
        .unwrap(),
    )
}

#[test]
fn after_r_the_nets_up_face_shows_front_colours_in_its_right_column() {
    let c = cube(3, "R");
    let p = net(&c, None);
    let layout = NetLayout::new(3);
    let g = Geometry::of(3);
    for row in 0..3 {
        let right = g.index(Face::U, row, 2);
        assert_eq!(pixel(&p, layout.centre(right)), colour::sticker(Face::F));
        let left = g.index(Face::U, row, 0);
        assert_eq!(pixel(&p, layout.centre(left)), colour::sticker(Face::U));
        // And the front's right column now shows the down colour.
        let front = g.index(Face::F, row, 2);
        assert_eq!(pixel(&p, layout.centre(front)), colour::sticker(Face::D));
    }
}

#[test]
fn every_sticker_of_the_net_has_its_colour_for_every_size() {
    for n in 2..=9 {
        let c = cube(n, &scramble(n, n as u64));
        let p = net(&c, None);
        let layout = NetLayout::new(n);
        for (i, &face) in c.stickers().iter().enumerate() {
            assert_eq!(
                pixel(&p, layout.centre(i)),
                colour::sticker(face),
                "n {n} sticker {i}"
            );
        }
    }
}

#[test]
fn only_corners_greys_the_edges_and_centres() {
    let c = cube(3, "R U R' U'");
    let g = Geometry::of(3);
    let p = net(&c, Some(Only::Corners));
    let layout = NetLayout::new(3);
    for (i, &face) in c.stickers().iter().enumerate() {
        let corner = Only::Corners.keeps(g, i);
        let want = if corner {
            colour::sticker(face)
        } else {
            colour::GREY
        };
        assert_eq!(pixel(&p, layout.centre(i)), want, "sticker {i}");
    }
    // In 3-D too.
    let picture = Picture {
        only: Some(Only::Corners),
        ..Picture::default()
    };
    check_3d(&c, &picture);
}

/// Every sticker on a face a view sees shows its colour (grey when not kept) at its centre.
fn check_3d(c: &Cube, picture: &Picture) -> Pixmap {
    let n = c.size();
    let g = Geometry::of(n);
    let pixmap = raster(&draw(c, picture).unwrap());
    let kept = Only::mask(picture.only.as_ref(), n);
    for view in views(picture) {
        let frame = Frame::fit(&view.camera, n, view.frame.0, view.frame.1);
        let page = |p: [f64; 3]| frame.page(view.camera.project(n, p));
        for (i, &face) in c.stickers().iter().enumerate() {
            if !view.camera.sees(n, g.face_of(i)) {
                continue;
            }
            let p = g.position(i).map(f64::from);
            let centre = page(p);
            // Stickers seen almost edge-on are a pixel or two wide, their centre pixel a blend
            // with the border: only those at least 4 pixels wide are checked. The width is
            // the projected parallelogram's area over its longer side (half-unit steps).
            let normal = g.face_of(i).normal();
            let steps: Vec<(f64, f64)> = (0..3)
                .filter(|&axis| normal[axis] == 0)
                .map(|axis| {
                    let mut q = p;
                    q[axis] += 0.5;
                    let e = page(q);
                    (e.0 - centre.0, e.1 - centre.1)
                })
                .collect();
            let (a, b) = (steps[0], steps[1]);
            let width = (a.0 * b.1 - a.1 * b.0).abs() / a.0.hypot(a.1).max(b.0.hypot(b.1));
            if width < 2.0 {
                continue;
            }
            let want = if kept[i] {
                colour::sticker(face)
            } else {
                colour::GREY
            };
            assert_eq!(
                pixel(&pixmap, centre),
                want,
                "n {n} sticker {i} {picture:?}"
            );
        }
    }
    pixmap
}

#[test]
fn the_default_view_shows_up_front_and_right_where_they_should_be() {
    let solved = Cube::solved();
    let p = raster(&draw(&solved, &Picture::default()).unwrap());
    let (w, h) = (p.width() as f64, p.height() as f64);
    // Looked at from above the up-front-right corner: up at the top, front at the lower left,
    // right at the lower right (fixed points in the middle of those centre stickers, so that
    // a change of projection that moves them fails here).
    assert_eq!(pixel(&p, (0.51 * w, 0.19 * h)), colour::sticker(Face::U));
    assert_eq!(pixel(&p, (0.33 * w, 0.59 * h)), colour::sticker(Face::F));
    assert_eq!(pixel(&p, (0.77 * w, 0.55 * h)), colour::sticker(Face::R));
    // The centres, where the projection puts them, and in the right places relative to
    // each other.
    let camera = Camera::default();
    let frame = Frame::fit(&camera, 3, (0.0, 0.0), (w, w));
    let g = Geometry::of(3);
    let at = |face: Face| {
        let i = g.index(face, 1, 1);
        frame.page(camera.project(3, g.position(i).map(f64::from)))
    };
    let (u, f, r) = (at(Face::U), at(Face::F), at(Face::R));
    assert!(u.1 < f.1 && u.1 < r.1 && f.0 < r.0);
    for (face, point) in [(Face::U, u), (Face::F, f), (Face::R, r)] {
        assert_eq!(pixel(&p, point), colour::sticker(face), "{face}");
    }
    // The hidden faces are culled: where the down centre would project, front or right
    // stickers (or plastic) are seen, never blue.
    assert_ne!(pixel(&p, at(Face::D)), colour::sticker(Face::D));
    assert_ne!(pixel(&p, at(Face::B)), colour::sticker(Face::B));
}

#[test]
fn every_visible_sticker_has_its_colour_from_many_angles_and_sizes() {
    for n in [2, 3, 4, 5, 7, 9] {
        let c = cube(n, &scramble(n, 40 + n as u64));
        for (yaw, pitch, distance) in [
            (35.0, 30.0, 4.0),
            (200.0, -30.0, 4.0),
            (-70.0, 50.0, 2.5),
            (0.0, 0.0, 8.0),
        ] {
            let picture = Picture {
                camera: Camera::new(yaw, pitch, distance).unwrap(),
                back: n % 2 == 1,
                ..Picture::default()
            };
            check_3d(&c, &picture);
        }
    }
}

#[test]
fn every_view_of_every_size_is_valid_svg() {
    for n in 2..=9 {
        let c = cube(n, &scramble(n, 7));
        let arrows = parse_sequence("R U R' U'", Notation::Standard).unwrap();
        for view in [ViewKind::ThreeD, ViewKind::Net] {
            for back in [false, view == ViewKind::ThreeD] {
                let picture = Picture {
                    view,
                    back,
                    only: Some(Only::parse("U", n, Notation::Standard).unwrap()),
                    arrows: Some(arrows.clone()),
                    caption: "a <caption> & 'quotes'".into(),
                    ..Picture::default()
                };
                raster(&draw(&c, &picture).unwrap());
            }
        }
    }
    let c = cube(3, "R U F");
    for rep in RepKind::ALL {
        let picture = Picture {
            view: ViewKind::Rep,
            rep,
            ..Picture::default()
        };
        raster(&draw(&c, &picture).unwrap());
    }
}

/// The vector representation's own picture, in `scheme`.
fn vector_picture(scheme: cubework::turn::face::Scheme) -> Picture {
    Picture {
        view: ViewKind::Rep,
        rep: RepKind::Vector,
        scheme,
        ..Picture::default()
    }
}

/// Draws the vector's strip of `c` (`picture` its view) and checks that each of its 54
/// tiles, in paper order, is painted its sticker's colour in the picture's scheme; the
/// drawing, and the stickers in the strip's order.
fn vector_strip(c: &Cube, picture: &Picture) -> (String, Vec<Face>) {
    let svg = draw(c, picture).unwrap();
    let p = raster(&svg);
    let g = Geometry::of(3);
    // Tiles sit at x = 16 + 22 i + 10 (i / 9), y = 58, 22 wide (see src/draw/rep.rs); sample
    // each near its corner, away from the letter drawn in its middle.
    let mut stickers = Vec::new();
    for (i, face) in Face::PAPER
        .iter()
        .flat_map(|&f| (0..9).map(move |k| (f, k)))
        .enumerate()
    {
        let sticker = c.stickers()[g.index(face.0, face.1 / 3, face.1 % 3)];
        let x = 16.0 + 22.0 * i as f64 + 10.0 * (i / 9) as f64 + 5.0;
        assert_eq!(
            pixel(&p, (x, 58.0 + 5.0)),
            colour::sticker_in(picture.scheme, sticker),
            "tile {}",
            i + 1
        );
        stickers.push(sticker);
    }
    (svg, stickers)
}

#[test]
fn representations_are_painted_in_the_states_colours() {
    // The vector's strip: its 54 tiles in paper order, each the colour of its letter.
    let picture = vector_picture(Picture::default().scheme);
    vector_strip(&cube(3, "R U2 F'"), &picture);
}

#[test]
fn the_vectors_picture_under_wca_colours_paints_and_names_each_sticker_in_them() {
    use cubework::turn::face::Scheme;
    let picture = vector_picture(Scheme::Wca);
    let (svg, stickers) = vector_strip(&cube(3, "R U2 F'"), &picture);
    let letters: String = stickers.iter().map(|&s| Scheme::Wca.letter(s)).collect();
    // The tiles' letters, in order, are the WCA's: on the solved cube, in the paper's order
    // of faces (up, down, back, front, left, right), white, yellow, blue, green, orange, red.
    let drawn = |svg: &str| -> String {
        svg.split("</text>")
            .filter_map(|t| t.rsplit('>').next())
            .filter(|t| t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase()))
            .collect()
    };
    assert_eq!(drawn(&svg), letters);
    let solved = draw(&cube(3, ""), &picture).unwrap();
    assert_eq!(
        drawn(&solved),
        ["W", "Y", "B", "G", "O", "R"].map(|l| l.repeat(9)).concat()
    );
}

#[test]
fn the_html_page_is_self_contained() {
    let c = cube(4, "R U 2L'");
    let page = page(
        &c,
        Picture {
            only: Some(Only::Edges),
            back: true,
            ..Picture::default()
        },
    );
    assert!(page.starts_with("<!doctype html>"));
    for outside in ["http://", "https://", "src=", "<link", "import "] {
        assert!(!page.contains(outside), "{outside}");
    }
    assert!(page.contains("const N = 4;"));
    assert!(page.contains("const SHOW_BACK = true;"));
    // Every sticker is in the page's state.
    let list = between(&page, "const START = [", "];").unwrap();
    assert_eq!(list.matches('[').count(), 96);
}

// The command line.

mod common;

fn cubework() -> Command {
    common::cubework()
}

/// A file `name` in a directory of its test's own, removed with the directory when dropped:
/// used where a path is (`Deref`).
struct OwnFile {
    path: std::path::PathBuf,
    _dir: common::OwnDir,
}

impl std::ops::Deref for OwnFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::path::Path> for OwnFile {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for OwnFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// The path of a file `name` (not made) in a new directory of this test's alone.
fn temp(name: &str) -> OwnFile {
    let dir = common::fresh_dir("draw");
    OwnFile {
        path: dir.join(name),
        _dir: dir,
    }
}

#[test]
fn draw_writes_the_pictures_of_the_issue() {
    for (args, what) in [
        (vec![], "3-D view of the 3×3×3 from yaw 35 pitch 30"),
        (vec!["--view", "net"], "net of the 3×3×3"),
        (vec!["--only", "corners"], "only corners in colour"),
        (
            vec!["--yaw", "200", "--pitch", "-30"],
            "from yaw 200 pitch -30",
        ),
        (vec!["--size", "5"], "3-D view of the 5×5×5"),
        (vec!["--back", "--arrows", "U"], "from behind, with arrows"),
        (vec!["--rep", "visual"], "the visual representation"),
    ] {
        let path = temp("cube.svg");
        let out = cubework()
            .arg("draw")
            .arg("R U R' U'")
            .args(&args)
            .arg("-o")
            .arg(&path)
            .output()
            .unwrap();
        common::assert_success(&out, format_args!("{args:?}: "));
        let line = String::from_utf8(out.stdout).unwrap();
        assert!(line.starts_with("wrote ") && line.contains(what), "{line}");
        raster(&std::fs::read_to_string(&path).unwrap());
    }
}

#[test]
fn draw_to_standard_output_and_as_a_page() {
    let out = common::output(cubework().args(["draw", "--view", "net", "-o", "-", "F"]));
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    let p = raster(&svg);
    assert_net_after_f(&p);
    let path = temp("cube.html");
    cubework()
        .args(["draw", "R U", "-o"])
        .arg(&path)
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("<!doctype html>")
    );
}

/// Status `code`, nothing on stdout, one line on stderr containing `message`.
fn one_line_error(args: &[&str], code: i32, message: &str) {
    let outcome = common::outcome(cubework().args(args).output().unwrap());
    common::assert_refused(&outcome, code, message, format_args!("{args:?}: "));
}

#[test]
fn bad_drawing_requests_are_one_line_errors() {
    let file = temp("bad.svg");
    let file = file.to_str().unwrap();
    for (args, message) in [
        (
            vec!["--pitch", "100"],
            "pitch 100 is out of range (-90 to 90 degrees)",
        ),
        (vec!["--yaw", "nan"], "yaw NaN is out of range"),
        (vec!["--distance", "1"], "distance 1 is out of range"),
        (vec!["--view", "side"], "invalid value 'side' for '--view"),
        (vec!["--format", "png"], "invalid value 'png' for '--format"),
        (vec!["--only", "wings"], "--only wings"),
        (vec!["--only", "M", "--size", "4"], "--only M"),
        (vec!["--rep", "cubic"], "unknown representation 'cubic'"),
        (
            vec!["--rep", "local", "--size", "4"],
            "the rep view draws the paper's 3×3×3 arrays",
        ),
        (
            vec!["--rep", "composite", "--size", "4"],
            "the composite representation holds the 2×2×2 and 3×3×3 cubes, not the 4×4×4",
        ),
        (vec!["--view", "net", "--back"], "--back"),
        (vec!["--arrows", "R Q"], "unknown move 'Q'"),
        (vec!["--size", "10"], "cube size 10 is not supported"),
        (vec!["R", "Q"], "unknown move 'Q'"),
    ] {
        let mut all = vec!["draw", "-o", file];
        all.extend(args);
        one_line_error(&all, 2, message);
    }
    one_line_error(&["draw", "R"], 2, "-o FILE");
}

#[test]
fn an_unwritable_file_is_an_environment_error_naming_the_file() {
    let missing = temp("no-such-dir").join("cube.svg");
    let path = missing.to_str().unwrap();
    // Exit status 1, as for every file the environment refuses (status 2 is bad input).
    one_line_error(&["draw", "R", "-o", path], 1, "cannot write");
    one_line_error(&["order", "--plot", path, "R U"], 1, "no-such-dir");
}

/// `cubework ARGS PATH REST`, which must succeed: what it wrote to standard output.
fn succeeds_with_file(args: &[&str], path: &std::path::Path, rest: &[&str]) -> String {
    let out = common::output(cubework().args(args).arg(path).args(rest));
    common::assert_success(&out, "");
    String::from_utf8(out.stdout).unwrap()
}

/// `cubework order --plot PATH "R U"`, which must succeed: what it wrote to standard output.
fn order_plotted_to(path: &std::path::Path) -> String {
    succeeds_with_file(&["order", "--plot"], path, &["R U"])
}

#[test]
fn charts_of_order_and_pocket_table() {
    let path = temp("order.svg");
    let text = order_plotted_to(&path);
    assert!(text.starts_with("wrote "));
    assert_eq!(text.lines().last(), Some("105"), "the answer stays last");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("order 105"));
    raster(&svg);

    let path = temp("pocket.svg");
    let text = succeeds_with_file(&["pocket", "table", "--plot"], &path, &[]);
    assert_eq!(text.lines().last(), Some("11"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("11 (HTM), 14 (QTM)"));
    assert!(svg.contains("1,887,748") && svg.contains("1,350,852"));
    raster(&svg);
    one_line_error(
        &["pocket", "table", "--plot", "-"],
        2,
        "--plot needs a file",
    );
}

#[test]
fn compare_chart_has_every_representation_and_its_paper_rank() {
    let path = temp("compare.svg");
    let out = cubework()
        .args(["compare", "--turns", "300", "--format", "csv", "--plot"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    for kind in RepKind::ALL {
        assert!(svg.lines().any(|l| l.trim() == kind.name()), "{kind}");
    }
    for rank in 1..=7 {
        assert!(svg.contains(&format!("paper {rank},")), "{rank}");
    }
    raster(&svg);
}

#[test]
fn the_net_of_a_small_cube_as_text() {
    // The whole SVG of the 2×2×2's net after R, arrows for R included: a figure, kept as a
    // snapshot so that any change to what is written shows in review.
    let picture = Picture {
        view: ViewKind::Net,
        arrows: Some(parse_sequence("R", Notation::Standard).unwrap()),
        caption: "R".into(),
        ..Picture::default()
    };
    insta::assert_snapshot!("net_2x2_after_r", draw(&cube(2, "R"), &picture).unwrap());
}

/// The polygons of a drawing, in the order painted: fill, and the points as numbers.
fn polygons(svg: &str) -> Vec<(String, Vec<f64>)> {
    svg.split("<polygon points=\"")
        .skip(1)
        .map(|p| {
            let (points, rest) = p.split_once('"').unwrap();
            let fill = rest
                .split("fill=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            let numbers = points
                .split([' ', ','])
                .map(|v| v.parse().unwrap())
                .collect();
            (fill.to_string(), numbers)
        })
        .collect()
}

#[test]
fn the_pages_script_draws_and_turns_as_the_rust_code_does() {
    // The page's model (everything before `// ui:begin` in its script) is run in Node, where
    // Node is installed: after the same moves, its scene must paint the same polygons in the
    // same colours, in the same order, as `draw` does in Rust.
    for (n, start, moves, only) in [
        (3, "R U", "D L B' y z' F2 x' U2 R", None),
        (4, "R 2U'", "F R' x2 B2 U' z", Some(Only::Corners)),
        (2, "", "R U R' U' y'", None),
        (5, "Rw 2F", "L' D2 x", Some(Only::Edges)),
    ] {
        let list: Vec<String> = moves.split(' ').map(|m| format!("{m:?}")).collect();
        let tail = format!(
            "for (const m of [{}]) if (!turn(m)) throw new Error('bad move ' + m);\n\
             process.stdout.write(scene(camera(CAMERA.yaw, CAMERA.pitch, CAMERA.distance), 420));",
            list.join(",")
        );
        let picture = Picture {
            only: only.clone(),
            ..Picture::default()
        };
        let Some(out) = run_model_of(&cube(n, start), picture, &tail, &format!("model-{n}")) else {
            return;
        };
        let from_js = polygons(&out);
        let from_rust = polygons(
            &draw(
                &cube(n, &format!("{start} {moves}")),
                &Picture {
                    only,
                    ..Picture::default()
                },
            )
            .unwrap(),
        );
        assert_eq!(from_js.len(), 3 + 3 * n * n, "n {n}");
        assert_eq!(from_js.len(), from_rust.len());
        // Faces in the same (painter's) order, each its body then its stickers; within a
        // face, where stickers never overlap, the page paints them in its own order, so each
        // of its polygons is matched with the Rust one at the same place (to 0.01 px).
        let per = n * n + 1;
        for (js, rs) in from_js.chunks(per).zip(from_rust.chunks(per)) {
            for (fill, points) in js {
                let twin = rs.iter().find(|(_, other)| {
                    other.len() == points.len()
                        && other.iter().zip(points).all(|(a, b)| (a - b).abs() < 0.011)
                });
                let Some((twin_fill, _)) = twin else {
                    panic!("n {n} {moves}: no Rust polygon at {:?}", &points[..2]);
                };
                assert_eq!(fill, twin_fill, "n {n} {moves} at {:?}", &points[..2]);
            }
        }
    }
}

// Text, as a person sees it: rendered with the machine's fonts, as resvg finds them.

/// The concrete font families the pictures name, before the generic `sans-serif`.
fn named_families() -> Vec<&'static str> {
    cubework::draw::svg::FONT_FAMILIES
        .split(',')
        .map(str::trim)
        .filter(|f| *f != "sans-serif")
        .collect()
}

/// resvg's options with the machine's fonts loaded, when one of the families the pictures
/// name is installed; `None` (the test says so and checks nothing) on a machine without any.
fn with_fonts() -> Option<resvg::usvg::Options<'static>> {
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let named = named_families();
    let found = options.fontdb.faces().any(|face| {
        face.families
            .iter()
            .any(|(name, _)| named.contains(&name.as_str()))
    });
    if !found {
        eprintln!("none of the fonts {named:?} is installed: text was not checked");
        return None;
    }
    Some(options)
}

fn raster_with(svg: &str, options: &resvg::usvg::Options) -> Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

/// How many pixels in the rows `rows` are ink (dark, as text is).
fn ink(p: &Pixmap, rows: std::ops::Range<u32>, columns: std::ops::Range<u32>) -> usize {
    rows.flat_map(|y| columns.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let c = p.pixel(x, y).unwrap();
            c.alpha() > 0 && (c.red() as u32 + c.green() as u32 + c.blue() as u32) < 3 * 110
        })
        .count()
}

#[test]
fn a_chart_rendered_by_resvg_shows_its_title() {
    let Some(options) = with_fonts() else { return };
    let path = temp("titled.svg");
    order_plotted_to(&path);
    let svg = std::fs::read_to_string(&path).unwrap();
    let p = raster_with(&svg, &options);
    // The title is the chart's caption, dark text across the top of the chart.
    let top = ink(&p, 0..40, 0..p.width());
    assert!(
        top > 100,
        "the chart's title shows no text ({top} dark pixels)"
    );
}

#[test]
fn a_long_caption_is_shown_whole_inside_the_picture() {
    let Some(options) = with_fonts() else { return };
    let t_perm = "R U R' U' R' F R2 U' R' U' R U R' F'";
    let caption = format!("{t_perm} · arrows: {t_perm}");
    let picture = Picture {
        camera: Camera::new(35.0, 50.0, 4.0).unwrap(),
        arrows: Some(parse_sequence(t_perm, Notation::Standard).unwrap()),
        caption: caption.clone(),
        ..Picture::default()
    };
    let p = raster_with(&draw(&cube(3, t_perm), &picture).unwrap(), &options);
    let band = cubework::draw::VIEW as u32..p.height();
    let shown = ink(&p, band.clone(), 0..p.width());
    // The same caption alone on a page wide enough for it: all the ink it has.
    let mut alone = cubework::draw::svg::Svg::new(2000.0, 40.0, "caption");
    let white = cubework::draw::svg::Style::fill(&colour::PAPER.hex());
    alone.rect((0.0, 0.0), (2000.0, 40.0), 0.0, &white);
    alone.text(
        (1000.0, 20.0),
        &caption,
        cubework::draw::CAPTION_SIZE,
        cubework::draw::svg::Anchor::Middle,
        &cubework::draw::svg::Style::fill(&colour::INK.hex()),
    );
    let whole = ink(&raster_with(&alone.finish(), &options), 0..40, 0..2000);
    assert!(whole > 500, "the caption alone has ink ({whole})");
    assert!(
        shown as f64 > 0.9 * whole as f64,
        "only {shown} of the caption's {whole} dark pixels show"
    );
    // Nothing touches the picture's edges.
    let edges = ink(&p, band.clone(), 0..3) + ink(&p, band, p.width() - 3..p.width());
    assert_eq!(edges, 0, "the caption runs off the picture");
}

#[test]
fn a_png_name_gets_a_png_image() {
    let path = temp("net.png");
    let out = cubework()
        .args(["draw", "F", "--view", "net", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    common::assert_success(&out, "");
    let bytes = std::fs::read(&path).unwrap();
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(
        line.starts_with("wrote ") && line.contains("net of the 3×3×3"),
        "{line}"
    );
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG file");
    let p = Pixmap::decode_png(&bytes).unwrap();
    assert_net_after_f(&p); // as in the SVG
    // Charts too.
    let chart = temp("order.PNG");
    order_plotted_to(&chart);
    let bytes = std::fs::read(&chart).unwrap();
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "the chart is not a PNG file"
    );
    // The HTML page cannot be one.
    let page = temp("page.png");
    let page = page.to_str().unwrap();
    one_line_error(
        &["draw", "R", "--format", "html", "-o", page],
        2,
        "name it .html",
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_with_no_reader_is_refused_at_once() {
    let fifo = temp("no-reader.fifo");
    let _ = std::fs::remove_file(&fifo);
    common::make_fifo(&fifo);
    for args in [
        vec!["draw", "R", "-o", fifo.to_str().unwrap()],
        vec!["order", "--plot", fifo.to_str().unwrap(), "R U"],
    ] {
        // A generous timeout turns the old wait for ever into a failure.
        let out = cubework()
            .args(&args)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        common::assert_one_line(&err, "is a FIFO", "");
    }
    std::fs::remove_file(&fifo).unwrap();
    // A directory is refused the same way.
    let dir = temp("a-directory.svg");
    std::fs::create_dir_all(&dir).unwrap();
    one_line_error(
        &["draw", "R", "-o", dir.to_str().unwrap()],
        1,
        "is a directory",
    );
}

#[test]
fn names_and_numbers_are_echoed_escaped_and_cut() {
    // Control characters in a file name reach the terminal escaped.
    let path = temp("a\u{1b}[31mb\u{7}c\nd.svg");
    let line = succeeds_with_file(&["draw", "R", "-o"], &path, &[]);
    assert_eq!(line.lines().count(), 1, "{line:?}");
    assert!(!line.contains(['\u{1b}', '\u{7}']), "{line:?}");
    assert!(line.contains("a\\u{1b}[31mb\\u{7}c\\nd.svg"), "{line:?}");
    std::fs::remove_file(&path).unwrap();
    // A long name is cut, keeping its end.
    let long = temp("no-such-dir").join("d".repeat(5000)).join("cube.svg");
    let out = cubework()
        .args(["draw", "R", "-o"])
        .arg(&long)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.len() < 300 && err.contains('…') && err.contains("ddd/cube.svg"),
        "{err}"
    );
    // A huge number is echoed short.
    let file = temp("never.svg");
    one_line_error(
        &["draw", "R", "--yaw", "1e308", "-o", file.to_str().unwrap()],
        2,
        "yaw 1e308 is out of range",
    );
    let out = cubework()
        .args(["draw", "R", "--yaw", "1e308", "-o"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.stderr.len() < 120,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The page `picture` asks for of `c`, drawn as a page whatever its format.
fn page(c: &Cube, picture: Picture) -> String {
    let picture = Picture {
        format: PictureFormat::Html,
        ..picture
    };
    draw(c, &picture).unwrap()
}

/// What `text` holds between its first `start` and the next `end` (or the next `start`).
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    text.split(start).nth(1).and_then(|s| s.split(end).next())
}

/// `script` run in Node from the file `{name}.js` in the temp directory, which must succeed:
/// its standard output.
fn node(script: &str, name: &str) -> String {
    let file = temp(&format!("{name}.js"));
    std::fs::write(&file, script).unwrap();
    let out = std::process::Command::new("node")
        .arg(&file)
        .output()
        .unwrap();
    common::assert_success(&out, "");
    String::from_utf8(out.stdout).unwrap()
}

/// The page's model (its script before `// ui:begin`) of `c`, run in Node with `tail` after it;
/// its standard output, or `None` when Node is not installed.
fn run_model(c: &Cube, tail: &str, name: &str) -> Option<String> {
    run_model_of(c, Picture::default(), tail, name)
}

/// [`run_model`] for the page of `c` drawn as `picture` says.
fn run_model_of(c: &Cube, picture: Picture, tail: &str, name: &str) -> Option<String> {
    if !node_installed() {
        return None;
    }
    let page = page(c, picture);
    let script = between(&page, "<script>", "// ui:begin").unwrap();
    Some(node(&format!("{script}\n{tail}\n"), name))
}

#[test]
fn the_page_makes_every_move_of_a_big_cube_as_rust_does_and_names_the_rest() {
    for (n, moves) in [
        (4, "2R Rw' 3r2 2-3Uw 4F' 3B2' l d2 x y' z2 3Lw R3 2D"),
        (5, "M E' S2 2R 3R' Rw 4Fw' 2-4Uw2 3l 5B x' 2L M3 E2'"),
        (7, "3R 4U' 2-5Fw M2 S' 6l 7D 3-4Bw2 y"),
        (3, "R Rw M E S 2U 3F' r x"),
    ] {
        let list: Vec<String> = moves.split(' ').map(|m| format!("{m:?}")).collect();
        let tail = format!(
            "for (const m of [{}]) if (!turn(m)) throw new Error('bad move ' + m);\n\
             process.stdout.write(stickers.map(s => s.p.join(',') + ' ' + s.c).join('\\n'));",
            list.join(",")
        );
        let Some(out) = run_model(&Cube::solved_n(n), &tail, &format!("every-{n}")) else {
            return;
        };
        // Where each sticker is, by colour, in Rust: the same state from the same moves.
        let want = cube(n, moves);
        let g = Geometry::of(n);
        let mut from_rust: Vec<String> = (0..g.sticker_count())
            .map(|i| {
                let [x, y, z] = g.position(i);
                format!("{x},{y},{z} {}", want.stickers()[i].index())
            })
            .collect();
        from_rust.sort();
        let mut from_js: Vec<String> = out.lines().map(String::from).collect();
        from_js.sort();
        assert_eq!(from_js, from_rust, "n {n}: {moves}");
        // Undoing every move goes back to the start.
        let tail = format!(
            "for (const m of [{}]) turn(m);\nwhile (history.length) undo();\n\
             process.stdout.write(JSON.stringify(stickers.every((s, i) => s.p.join() === START[i].slice(0, 3).join())));",
            list.join(",")
        );
        let back = run_model(&Cube::solved_n(n), &tail, &format!("undo-{n}")).unwrap();
        assert_eq!(back, "true", "n {n}");
    }
    // What is not a move of the cube is said, with why, and nothing is made.
    let tail = "process.stdout.write(JSON.stringify(readMoves(\"R Q 5R M 2-3R R2' (R\")));";
    let out = run_model(&Cube::solved_n(4), tail, "problems").unwrap();
    assert!(out.contains("\"moves\":[]"), "{out}");
    for says in [
        "Q (not a move)",
        "5R (the 4×4×4 has 4 layers)",
        "M (the 4×4×4 has no middle layer)",
        "2-3R (not a move",
        "\\\"(\\\" (never closed)",
    ] {
        assert!(out.contains(says), "{out} lacks {says}");
    }
}

#[test]
fn the_pages_distance_slider_reaches_as_far_as_the_command_line() {
    let page = page(&Cube::solved(), Picture::default());
    let slider = between(&page, "<input id=\"distance\"", ">").unwrap();
    assert!(
        slider.contains(&format!("max=\"{}\"", Camera::MAX_DISTANCE))
            && slider.contains(&format!("min=\"{}\"", Camera::MIN_DISTANCE)),
        "{slider}"
    );
    // And the page says where what is not understood goes.
    assert!(page.contains("id=\"problems\""));
}

#[test]
fn a_jpeg_or_other_image_name_is_refused_in_one_line_and_nothing_is_written() {
    for name in ["x.jpg", "x.JPEG", "x.gif", "x.webp", "x.pdf", "x.eps"] {
        let path = temp(name);
        let _ = std::fs::remove_file(&path);
        let file = path.to_str().unwrap();
        one_line_error(&["draw", "R", "-o", file], 2, "name it .svg, .png or .html");
        assert!(!path.exists(), "{name} was written");
        let out = cubework()
            .write_stdin(format!("R\ndraw {file}\n"))
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        common::assert_one_line(&err, "name it .svg, .png or .html", "");
        assert!(!path.exists(), "{name} was written by the REPL");
    }
}

// The player: its sequence, its controls and its address, in Node (its model, and its
// controls on a stand-in document); tests/browser.rs plays it in a real browser.

/// Whether Node runs here; where it does not, the page's script is not run, which under CI
/// (`CI` set; `.ci/run` installs Node) fails the test instead.
fn node_installed() -> bool {
    if std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none_or(|v| v.is_empty()),
        "node is not installed, and CI must run the page's script (.ci/run installs it)"
    );
    eprintln!("node is not installed: the page's script was not run");
    false
}

/// The page's whole script for `c` drawn with the moves `setup` and `alg` (`--from-url`), run
/// in Node on the stand-in document of `tests/page_dom.js` with `address` as the page's
/// address, `tail` after it; its standard output, or `None` when Node is not installed.
fn run_page(address: &str, tail: &str, name: &str) -> Option<String> {
    if !node_installed() {
        return None;
    }
    let out = common::output(cubework().args(["draw", "--format", "html", "-o", "-", "R U"]));
    common::assert_success(&out, "");
    let page = String::from_utf8(out.stdout).unwrap();
    let script = between(&page, "<script>", "</script>").unwrap();
    let dom = include_str!("page_dom.js");
    let harness = format!(
        "const ADDRESS = {address:?};\n{dom}\n{script}\n\
         const seq = () => document.getElementById('history').children.filter(c => c.className)\
         .map(c => c.textContent + (c.className.includes('current') ? '*' : '')).join(' ');\n{tail}\n"
    );
    Some(node(&harness, name))
}

/// Runs the page as [`run_page`] does (nothing to check without Node) and checks that it
/// printed exactly `lines`.
fn page_prints(address: &str, tail: &str, name: &str, lines: &[&str]) {
    if let Some(out) = run_page(address, tail, name) {
        assert_eq!(out.lines().collect::<Vec<_>>(), lines, "{out}");
    }
}

#[test]
fn the_page_plays_steps_and_scrubs_its_sequence_and_writes_it_into_the_address() {
    let tail = r#"
const log = [];
log.push(seq());
$("typed").value = "D2 L'"; $("do").click();
setTimeout(() => {
  log.push(seq(), frames > 4 ? "animated" : "not animated", written[written.length - 1]);
  $("start").click(); log.push(seq());
  $("scrub").fire("input", {target: {value: "2"}}); log.push(seq(), history.join(" "));
  $("back").click();
  setTimeout(() => {
    log.push(seq());
    $("play").click();
    setTimeout(() => { log.push(seq(), String(playing)); console.log(log.join("\n")); }, 300);
  }, 100);
}, 300);
"#;
    page_prints(
        "#setup=F&alg=R_U",
        tail,
        "player",
        &[
            "F R U*",
            "F R U D2 L'*",
            "animated",
            "#setup=F&alg=R_U_D2_L'",
            "F R U D2 L'",
            "F R* U D2 L'",
            "F R",
            "F* R U D2 L'",
            "F R U D2 L'*",
            "false",
        ],
    );
}

#[test]
fn the_page_refuses_a_line_it_cannot_read_whole_and_makes_none_of_it() {
    let tail = r#"

const before = seq();
$("typed").value = "Q R"; $("do").click();
console.log(before + "\n" + seq() + "\n" + $("problems").textContent + "\n" + written.length);
"#;
    let Some(out) = run_page("", tail, "refuse") else {
        return;
    };
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "R U*", "{out}");
    assert_eq!(lines[1], "R U*", "R was made: {out}");
    assert!(
        lines[2].contains("Q (not a move)") && lines[2].contains("nothing was made"),
        "{out}"
    );
    assert_eq!(lines[3], "0", "the address changed: {out}");
    // An address with a word that is not a move makes nothing of it either.
    let Some(out) = run_page(
        "#setup=F&alg=R_Q",
        "console.log(seq() + '\\n' + document.getElementById('problems').textContent);",
        "refuse-address",
    ) else {
        return;
    };
    assert!(out.starts_with("R U*\n"), "{out}");
    assert!(out.contains("Q (not a move)"), "{out}");
}

#[test]
fn the_pages_scramble_never_puts_two_moves_on_one_axis_side_by_side() {
    let tail = "process.stdout.write(scrambleMoves(3000, Math.random).join(' '));";
    let Some(out) = run_model(&Cube::solved(), tail, "scramble") else {
        return;
    };
    let axis = |m: &str| "UDLRFB".find(&m[..1]).unwrap() / 2;
    let moves: Vec<&str> = out.split(' ').collect();
    assert_eq!(moves.len(), 3000);
    for pair in moves.windows(2) {
        assert_ne!(axis(pair[0]), axis(pair[1]), "{pair:?}");
    }
}

#[test]
fn a_move_under_way_ends_where_the_move_puts_the_stickers() {
    // Each move's animation at its end (f = 1) puts every sticker where the move does.
    for (n, moves) in [(3, "R U' F2 M x' E S2 y2"), (4, "2R Rw' 3Uw2 z l")] {
        let list: Vec<String> = moves.split(' ').map(|m| format!("{m:?}")).collect();
        let tail = format!(
            "let bad = 0;\nfor (const m of [{}]) {{\n  const turns = parseMove(m).turns;\n  \
             const moved = stickers.map(s => (motion(turns, 1, s.p) || (v => v))(s.p).map(Math.round).join(','));\n  \
             turn(m);\n  stickers.forEach((s, i) => {{ if (s.p.join(',') !== moved[i]) bad++; }});\n}}\n\
             const c = camera(CAMERA.yaw, CAMERA.pitch, CAMERA.distance);\n\
             const still = sceneMoving(c, 420, parseMove('R').turns, 0);\n\
             const edge = stickers.find(t => t.p[2] === N && t.p[0] === K);\n\
             const mid = motion(parseMove('R').turns, 0.5, edge.p)(edge.p);\n\
             process.stdout.write(bad + ' ' + (still.match(/<polygon/g) || []).length + ' ' + \
             (mid[1] > edge.p[1] ? 'up' : 'down'));",
            list.join(",")
        );
        let Some(out) = run_model(&Cube::solved_n(n), &tail, &format!("motion-{n}")) else {
            return;
        };
        let parts: Vec<&str> = out.split(' ').collect();
        assert_eq!(
            parts[0], "0",
            "n {n}: stickers not where the move puts them"
        );
        // At its start, the three faces seen: each sticker on its plastic.
        assert_eq!(parts[1], (2 * 3 * n * n).to_string(), "n {n}");
        // Half-way through R, the front's right column is on its way up.
        assert_eq!(parts[2], "up", "n {n}");
    }
}

#[test]
fn draw_from_url_draws_what_the_pages_address_holds() {
    let url = "file:///tmp/cube.html#setup=F2_D&alg=R_U'";
    let out =
        common::output(cubework().args(["draw", "--from-url", url, "--format", "html", "-o", "-"]));
    common::assert_success(&out, "");
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.contains("const SETUP = [\"F2\",\"D\"], ALG = [\"R\",\"U'\"];"),
        "{}",
        &page[..2000]
    );
    let net = |args: &[&str]| {
        let out = cubework()
            .args(["apply", "--show", "facelets"])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let svg = |args: &[&str]| {
        let out = cubework()
            .args(["draw", "--view", "net", "-o", "-"])
            .args(args)
            .output()
            .unwrap();
        common::assert_success(&out, "");
        polygons(&String::from_utf8(out.stdout).unwrap())
    };
    assert_eq!(svg(&["--from-url", url]), svg(&["F2 D R U'"]));
    assert_ne!(net(&["F2 D R U'"]), net(&["R U'"]));
    for (bad, says) in [
        ("cube.html#setup=F&alg=R_Q", "Q"),
        ("cube.html", "#setup"),
        ("cube.html#moves=R", "moves=R"),
    ] {
        let out = common::output(cubework().args(["draw", "--from-url", bad, "-o", "-"]));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(out.stdout.is_empty(), "{bad}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("--from-url") && err.contains(says),
            "{bad}: {err}"
        );
    }
}

/// Whether the page's parser (`readMoves`, run in Node on the model of a `n`×`n`×`n` page)
/// and the Rust parser agree on each of `cases`: both refuse it, or both read the same moves
/// (Rust's: `parse_sequence`, then made on the cube, which refuses a move the cube lacks).
/// The disagreements, described; `None` when Node is not installed.
fn parsers_disagree(n: usize, cases: &[String], name: &str) -> Option<Vec<String>> {
    let list: Vec<String> = cases.iter().map(|c| format!("{c:?}")).collect();
    let tail = format!(
        "for (const text of [{}]) {{\n  const r = readMoves(text);\n  \
         console.log(r.problems.length ? 'refused ' + r.problems.join(', ') : 'read ' + r.moves.join(' '));\n}}",
        list.join(",\n")
    );
    let out = run_model(&Cube::solved_n(n), &tail, name)?;
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), cases.len(), "{out}");
    let mut disagree = Vec::new();
    for (text, js) in cases.iter().zip(answers) {
        let rust = parse_sequence(text, Notation::Standard).map_err(|e| e.to_string());
        let rust = rust.and_then(|moves| {
            let mut cube = Cube::solved_n(n);
            cube.apply_all(&moves).map_err(|e| e.to_string())?;
            Ok(moves)
        });
        let same = match (&rust, js.strip_prefix("read ")) {
            (Ok(moves), Some(names)) => {
                parse_sequence(names, Notation::Standard).as_ref() == Ok(moves)
            }
            (Err(_), None) => true,
            _ => false,
        };
        if !same {
            disagree.push(format!("{text:?}: Rust {rust:?}, the page {js}"));
        }
    }
    Some(disagree)
}

#[test]
fn the_page_reads_brackets_and_tools_as_the_rust_parser_does() {
    let cases: Vec<String> = [
        "[R, U] (R U)3 [F: R2]",
        "(R U)3'",
        "[R U, D]2'",
        "[R: [U, D]]3",
        "[[R: U], [F, D2]]",
        "((R)2 U)2' F",
        "(R U)0 F",
        "FLIP",
        "flip2' SWITCH",
        "Twist' snap LIFT cycle3",
        "RFLIP",
        "R3 R4 U0 R6 R5' R2' U1000003",
        "R.U2.R' F",
        "R U // a comment [ with a bracket",
        "[, R]",
        "[R:]",
        "()",
        "RU R2U' (R)(U)",
        "x y' z2 M E' S2 M3",
        "r 3r' Rw 2R 1R 2-3Rw2 3Rw'",
        "R’ U ʼ",
        "(R U)′ [R, U]’",
        "(R U)\u{305}",
        "(R)1000000 U",
        "(R)1000001",
        "(R U)500001",
        "[R, U",
        "(R U",
        "R)",
        "[R]",
        "[R, U, D]",
        "[R: U: D]",
        "[R, U)",
        "(R U]",
        "Q R",
        "R-",
        "R'2",
        "2-3R",
        "0R",
        "256R",
        "4R",
        "R w",
        "R\u{305}",
        "[R, U]x2",
        "(R U)3)",
        "R U // (",
        "ſwitch",
        "FLIPR",
        "FLIPQ",
        "R,U",
        "R:U",
        "",
        "  .  ",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(std::iter::once(format!(
        "{}R{}",
        "(".repeat(64),
        ")".repeat(64)
    )))
    .chain(std::iter::once(format!(
        "{}R{}",
        "(".repeat(65),
        ")".repeat(65)
    )))
    .collect();
    let Some(disagree) = parsers_disagree(3, &cases, "brackets-3") else {
        return;
    };
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
    // On a cube with more layers (and no middle slice), the same.
    let Some(disagree) = parsers_disagree(4, &cases, "brackets-4") else {
        return;
    };
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}

#[test]
fn the_page_and_the_rust_parser_agree_on_random_text() {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngSeed, TestRunner};
    // A fixed seed, as the crate's property tests use (`PROPTEST_RNG_SEED` explores others).
    let seed = std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0xc0be);
    let mut runner = TestRunner::new(Config {
        rng_seed: RngSeed::Fixed(seed),
        ..Config::default()
    });
    let text = proptest::string::string_regex(
        "([RUFDLBrufdlbMESxyzw0-9 '’.()\\[\\],:/-]|FLIP|snap|// |\\PC){0,16}",
    )
    .unwrap();
    let cases: Vec<String> = (0..600)
        .map(|_| text.new_tree(&mut runner).unwrap().current())
        .collect();
    let Some(disagree) = parsers_disagree(3, &cases, "brackets-random") else {
        return;
    };
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}

#[test]
fn the_pages_title_follows_the_sequence_as_it_changes() {
    let tail = r##"
const log = [document.title, $("title").textContent];
$("typed").value = "D2 L'"; $("do").click();
setTimeout(() => {
  log.push(document.title, $("title").textContent);
  $("moves").children.find(b => b.textContent === "reset").click();
  log.push(document.title);
  location.hash = "#setup=F&alg=R_U'";
  load();
  log.push(document.title);
  console.log(log.join("\n"));
}, 300);
"##;
    page_prints(
        "",
        tail,
        "title",
        &[
            "cubework: 3×3×3 cube: R U",
            "3×3×3 cube: R U",
            "cubework: 3×3×3 cube: R U D2 L'",
            "3×3×3 cube: R U D2 L'",
            "cubework: 3×3×3 cube",
            "cubework: 3×3×3 cube: setup F · R U'",
        ],
    );
}

#[test]
fn the_players_buttons_are_drawn_and_named_and_its_labels_stand_apart() {
    let page = page(&Cube::solved(), Picture::default());
    // No character that only an emoji font has: ⏮ ⏸ ⏭ showed as empty boxes without one.
    for c in ['⏮', '⏸', '⏭', '⏯', '⏹'] {
        assert!(!page.contains(c), "the page has {c}");
    }
    for id in ["start", "back", "play", "forward", "end"] {
        let button = between(&page, &format!("<button id=\"{id}\""), "</button>")
            .unwrap_or_else(|| panic!("no button {id}"));
        let (tag, inside) = button.split_once('>').unwrap();
        assert!(tag.contains("aria-label=\""), "{id}: {tag}");
        assert!(
            inside.starts_with("<svg") && inside.ends_with("</svg>"),
            "{id}: {inside}"
        );
    }
    // The place in the sequence and the speed each have their own words, apart: not
    // "4 / 4 s a quarter-turn".
    let player = between(&page, "<div class=\"player\">", "</div>").unwrap();
    let text: String = {
        let mut out = String::new();
        let mut in_tag = false;
        for c in player.chars() {
            match c {
                '<' => in_tag = true,
                '>' => {
                    in_tag = false;
                    out.push(' ');
                }
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert_eq!(text, "move a quarter-turn takes s", "{player}");
    assert!(
        player.contains("move <output id=\"where\"") && player.contains("<label class=\"speed\""),
        "{player}"
    );
    // Playing names the button "pause", and its picture changes with it.
    let tail = r#"
const before = [$("play").getAttribute("aria-label"), $("play").innerHTML];
$("play").click();
const during = [$("play").getAttribute("aria-label"), $("play").innerHTML];
console.log(JSON.stringify([before[0], during[0], before[1] !== during[1] && during[1].startsWith("<svg")]));
process.exit(0);
"#;
    let Some(out) = run_page("", tail, "play-label") else {
        return;
    };
    assert_eq!(out.trim(), "[\"play\",\"pause\",true]", "{out}");
}
