//! Pictures of positions as SVG (`tessera show --svg`, `tessera::svg::draw`).
//!
//! Every game's picture draws each of its cells once and each piece once; the
//! pictures of docs/pictures/ are those the renderer draws today (run with
//! `TESSERA_WRITE_PICTURES=1` to write them again, as
//! `docs/pictures/generate.sh` does); two small pictures are pinned as
//! snapshots.

mod common;

use common::{stdout_of, tessera};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tessera::engine::legal::legal_moves;
use tessera::notation::uci;
use tessera::svg::{draw, Options};
use tessera::{compile_str, Game, Position};

fn games() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("games/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    paths
}

fn compile(path: &Path) -> Game {
    let src = std::fs::read_to_string(path).expect("rule file");
    compile_str(&src).unwrap_or_else(|e| panic!("{}: {}", path.display(), e.render("", &src)))
}

/// The values of `attribute` on the elements of class `class`, in order.
fn attributes(svg: &str, class: &str, attribute: &str) -> Vec<String> {
    let opening = format!("class=\"{class}\"");
    svg.match_indices(&opening)
        .map(|(i, _)| {
            let tag = &svg[i..i + svg[i..].find('>').expect("tag ends")];
            let key = format!(" {attribute}=\"");
            let start = tag
                .find(&key)
                .unwrap_or_else(|| panic!("no {attribute} in {tag}"))
                + key.len();
            tag[start..start + tag[start..].find('"').expect("value ends")].to_string()
        })
        .collect()
}

/// Checks that the picture of `pos` draws each cell once, each piece on its
/// cell once, and every piece of every pool.
#[track_caller]
fn check_counts(name: &str, pos: &Position<'_>) {
    let game = pos.game();
    let svg = draw(pos, &Options::default());
    let cells = attributes(&svg, "cell", "data-cell");
    assert_eq!(cells.len(), game.cell_count(), "{name}: cells drawn");
    let names: BTreeSet<&str> = game.cell_names().collect();
    assert_eq!(
        cells.iter().map(String::as_str).collect::<BTreeSet<_>>(),
        names,
        "{name}: cell names"
    );
    let occupied: BTreeSet<String> = (0..game.cell_count() as u16)
        .filter(|&c| pos.at(c) != 0)
        .map(|c| game.cell_name(c).to_string())
        .collect();
    let pieces = attributes(&svg, "piece", "data-cell");
    assert_eq!(pieces.len(), occupied.len(), "{name}: pieces drawn");
    assert_eq!(
        pieces.into_iter().collect::<BTreeSet<_>>(),
        occupied,
        "{name}"
    );
    let pooled: usize = (0..game.pool_names().len())
        .flat_map(|p| {
            [
                pos.pool(p, tessera::game::Side::White),
                pos.pool(p, tessera::game::Side::Black),
            ]
        })
        .map(<[_]>::len)
        .sum();
    let drawn: usize = attributes(&svg, "pool-piece", "data-count")
        .iter()
        .map(|n| n.parse::<usize>().expect("a count"))
        .sum();
    assert_eq!(drawn, pooled, "{name}: pieces in pools");
    assert_eq!(
        attributes(&svg, "pool", "data-pool").len(),
        2 * game.pool_names().len(),
        "{name}: pools drawn"
    );
}

#[test]
fn every_game_draws_each_cell_and_piece_once() {
    for path in games() {
        let game = compile(&path);
        let name = path.display().to_string();
        let mut pos = Position::start(&game);
        check_counts(&name, &pos);
        // Twelve plies of the first legal move in the order of their names
        // fill hands and move pieces onto merged and free cells.
        for ply in 0..12 {
            let mut moves = Vec::new();
            legal_moves(&mut pos, &mut moves);
            let Some(mv) = moves.iter().min_by_key(|m| uci::format(&game, m)) else {
                break;
            };
            pos.make(*mv);
            check_counts(&format!("{name} after {} plies", ply + 1), &pos);
        }
    }
}

#[test]
fn a_hand_is_drawn_with_its_counts() {
    let svg = stdout_of(&[
        "show",
        "games/crazyhouse.game",
        "--svg",
        "--moves",
        "e2e4 d7d5 e4d5 d8d5 b1c3 d5a2 a1a2",
    ]);
    let hand = |side: &str| -> Vec<(String, String)> {
        let pieces = attributes(&svg, "pool-piece", "data-piece");
        let counts = attributes(&svg, "pool-piece", "data-count");
        let sides = attributes(&svg, "pool-piece", "data-side");
        pieces
            .into_iter()
            .zip(counts)
            .zip(sides)
            .filter(|(_, s)| s == side)
            .map(|(pc, _)| pc)
            .collect()
    };
    assert_eq!(hand("black"), [("p".to_string(), "2".to_string())]);
    assert_eq!(
        hand("white"),
        [
            ("Q".to_string(), "1".to_string()),
            ("P".to_string(), "1".to_string())
        ]
    );
}

/// The elements inside the first group of class `class`.
fn group<'s>(svg: &'s str, class: &str) -> Option<&'s str> {
    let start = svg.find(&format!("<g class=\"{class}\">"))?;
    let end = start + svg[start..].find("</g>")?;
    Some(&svg[start..end])
}

#[test]
fn the_last_move_and_a_check_are_marked() {
    let quiet = stdout_of(&["show", "games/chess.game", "--svg", "--moves", "e2e4"]);
    let last = group(&quiet, "last-move").expect("the last move is marked");
    assert_eq!(last.matches("<rect").count(), 2, "{last}");
    assert!(group(&quiet, "check").is_none(), "no check after 1. e4");
    let start = stdout_of(&["show", "games/chess.game", "--svg"]);
    assert!(group(&start, "last-move").is_none());

    let checked = stdout_of(&[
        "show",
        "games/chess.game",
        "--svg",
        "--moves",
        "e2e4 f7f6 d2d4 g7g5 d1h5",
    ]);
    let ring = group(&checked, "check").expect("the check is marked");
    assert_eq!(ring.matches("<circle").count(), 1);
    // The ring is on e8, where the black king stands: column e, row 8.
    assert!(ring.contains(r#"cx="225" cy="25""#), "{ring}");
    assert!(checked.contains("Black to move, in check"));
}

#[test]
fn targets_are_dots_on_empty_cells_and_rings_round_pieces() {
    let game = compile(Path::new("games/chess.game"));
    let mut pos = Position::start(&game);
    for text in ["e2e4", "d7d5"] {
        let mv = uci::parse(&mut pos, text).expect("legal");
        pos.make(mv);
    }
    // The pawn on e4 may go to e5 or take on d5.
    let e4 = game.cell("e4").expect("e4");
    let mut moves = Vec::new();
    legal_moves(&mut pos, &mut moves);
    let targets: Vec<u16> = moves
        .iter()
        .filter(|m| m.origin() == e4)
        .map(|m| m.destination())
        .collect();
    let svg = draw(
        &pos,
        &Options {
            targets,
            ..Options::default()
        },
    );
    let mut marked = attributes(&svg, "target", "data-cell");
    marked.sort();
    assert_eq!(marked, ["d5", "e5"]);
    assert!(svg.contains(r#"data-cell="d5" cx="175" cy="175" r="22.5" fill="none""#));
    assert!(svg.contains(r#"data-cell="e5" cx="225" cy="175" r="7.5"/>"#));
}

#[test]
fn a_flipped_board_puts_a1_top_right() {
    let rect = |svg: &str, cell: &str| -> String {
        let at = svg
            .find(&format!("data-cell=\"{cell}\"><rect"))
            .expect("the cell");
        svg[at..at + svg[at..].find("/>").expect("rect ends")].to_string()
    };
    let plain = stdout_of(&["show", "games/chess.game", "--svg"]);
    let flipped = stdout_of(&["show", "games/chess.game", "--svg", "--flip"]);
    assert!(rect(&plain, "a1").contains(r#"x="0" y="350""#));
    assert!(rect(&flipped, "a1").contains(r#"x="350" y="0""#));
    assert!(rect(&flipped, "h8").contains(r#"x="0" y="350""#));
    // The hands turn with the board: White's on top.
    let sides = |args: &[&str]| attributes(&stdout_of(args), "pool", "data-side");
    assert_eq!(
        sides(&["show", "games/crazyhouse.game", "--svg"]),
        ["black", "white"]
    );
    assert_eq!(
        sides(&["show", "games/crazyhouse.game", "--svg", "--flip"]),
        ["white", "black"]
    );
}

#[test]
fn out_writes_the_picture_to_a_file() {
    let path = std::env::temp_dir().join(format!("tessera-svg-{}.svg", std::process::id()));
    let path_text = path.to_string_lossy().to_string();
    let out = tessera(&["show", "games/chess.game", "--svg", "--out", &path_text]);
    assert!(out.result.is_ok(), "{}", out.stderr());
    assert_eq!(out.stdout, "");
    let written = std::fs::read_to_string(&path).expect("the picture");
    let _ = std::fs::remove_file(&path);
    assert_eq!(written, stdout_of(&["show", "games/chess.game", "--svg"]));
    assert!(written.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
}

#[test]
fn out_and_flip_need_svg() {
    use clap::Parser;
    for extra in [&["--out", "x.svg"][..], &["--flip"]] {
        let args = ["tessera", "show", "games/chess.game"].iter().chain(extra);
        assert!(
            tessera_cli::cli::Cli::try_parse_from(args).is_err(),
            "{extra:?}"
        );
    }
}

// ---------------------------------------------------------------- layout

/// A board of three by three with a cell merged below it, a free cell, and a
/// hand: every kind of shape the renderer draws on a square grid.
const SMALL: &str = r#"
game "Small"
grid file a..c rank 1..3
cell low at a0 b0
cell Z
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
link out a3 -> Z, Z -> a3
mirror rank
pool hand
captured to hand of captor
drop hand -> all
zone all a1..c3
piece King K royal
  step n s e w out
piece Rook R
  slide n s e w
piece Lance L
  slide n
setup white King a1, Rook b2 black King c3, Rook low, Lance Z
"#;

#[test]
fn snapshot_of_a_small_board_with_merged_and_free_cells_and_a_hand() {
    let game = compile_str(SMALL).expect("compiles");
    let mut pos = Position::start(&game);
    // The white king, in check, takes the rook on the merged cell: the rook
    // goes to White's hand.
    let mut moves = Vec::new();
    legal_moves(&mut pos, &mut moves);
    let low = game.cell("low").expect("low");
    let mv = *moves
        .iter()
        .find(|m| m.destination() == low)
        .expect("Kxlow");
    pos.make(mv);
    let svg = draw(
        &pos,
        &Options {
            last_move: Some(mv),
            ..Options::default()
        },
    );
    insta::assert_snapshot!(svg);
}

/// A hexagon of nineteen cells, three to a side, in axial coordinates.
const HEXAGONS: &str = r#"
game "Little hexagons"
grid file a..e rank 1..5
remove a1 b1 a2 e4 d5 e5
direction n (0, 1) s (0, -1) ne (1, 0) sw (-1, 0) nw (-1, 1) se (1, -1)
layout hexagons
piece King K royal
  step n s ne sw nw se
piece Rook R
  slide n s ne sw nw se
setup white King c1, Rook b3 black King c5
"#;

#[test]
fn snapshot_of_a_hexagonal_board() {
    let game = compile_str(HEXAGONS).expect("compiles");
    let pos = Position::start(&game);
    let svg = draw(&pos, &Options::default());
    assert_eq!(svg.matches("<polygon").count(), 19);
    insta::assert_snapshot!(svg);
}

#[test]
fn a_placed_free_cell_is_drawn_on_its_coordinate_in_text_too() {
    let with = |layout: &str| {
        let src = SMALL.replace("pool hand", &format!("{layout}\npool hand"));
        let game = compile_str(&src).expect("compiles");
        let pos = Position::start(&game);
        let text = tessera::show::draw(&mut pos.clone());
        (draw(&pos, &Options::default()), text)
    };
    let (beside, text) = with("");
    assert!(text.contains("Other cells: Z l"), "{text}");
    let (placed, text) = with("layout Z at a4");
    assert!(!text.contains("Other cells"), "{text}");
    assert!(text.starts_with("Small\nBlack hand: -\n4  l\n"), "{text}");
    // In the picture Z stands on a4, above a3, rather than right of the board.
    let z = |svg: &str| {
        let at = svg.find(r#"data-cell="Z""#).expect("Z");
        svg[at..at + 80].to_string()
    };
    assert!(
        z(&placed).contains(r#"<rect x="0" y="0""#),
        "{}",
        z(&placed)
    );
    assert!(
        !z(&beside).contains(r#"<rect x="0" y="0""#),
        "{}",
        z(&beside)
    );
}

#[test]
fn intersections_are_joined_by_lines() {
    // Xiangqi's 9 by 10 points: 8 lines across each of 10 rows, 9 down each
    // of 9 columns but the 7 inner ones across the river (`look river after
    // rank 5`), and the 2 diagonals of each palace (`look lines`), each of 2
    // steps; each point is an unpainted disc a pointer can find.
    let svg = stdout_of(&["show", "games/xiangqi.game", "--svg"]);
    assert_eq!(svg.matches("<line ").count(), 8 * 10 + 9 * 9 - 7 + 2 * 4);
    assert_eq!(svg.matches(r#"fill-opacity="0""#).count(), 90);
    assert_eq!(
        svg.matches(r#"<rect x="#).count(),
        1,
        "the ground, no squares"
    );
}

#[test]
fn stacked_boards_put_the_highest_on_top() {
    let game = compile(Path::new("games/central-squares.game"));
    let src = std::fs::read_to_string("games/central-squares.game").expect("file");
    let stacked = compile_str(&format!("{src}\nlayout stacked\n")).expect("compiles");
    let y_of = |game: &Game, cell: &str| -> f64 {
        let svg = draw(&Position::start(game), &Options::default());
        let at = svg
            .find(&format!("data-cell=\"{cell}\"><rect"))
            .expect("cell");
        let tag = &svg[at..];
        let y = &tag[tag.find(" y=\"").expect("y") + 4..];
        y[..y.find('"').expect("end")].parse().expect("a number")
    };
    assert_eq!(y_of(&game, "Aa1"), y_of(&game, "Ca1"), "side by side");
    assert!(y_of(&stacked, "Ca1") < y_of(&stacked, "Ba1"));
    assert!(y_of(&stacked, "Ba1") < y_of(&stacked, "Aa1"));
}

// ---------------------------------------------------------------- looks

/// A small board of intersections with a river, a palace's lines, named
/// sides and round, pointed, disc and lettered pieces.
const LOOKS: &str = r#"
game "Looks"
grid file a..c rank 1..4
direction n (0, 1) ne (1, 1) nw (-1, 1)
mirror rank
zone palace a1 c1 b2
piece General K royal
  look round "帥" "將"
  step n
piece Bishop B
  look pointed "角"
  step ne nw
piece Stone S
  look disc
piece King2 Q
  look letter
  step n
setup
  white General b1, Bishop a1, Stone c1
  black General b4, King2 a4
goal checkmated loses
layout intersections
look sides Red Black
look river after rank 2
look lines palace along ne nw
"#;

#[test]
fn look_names_the_sides_and_draws_the_river_and_lines() {
    let game = compile_str(LOOKS).expect("compiles");
    assert_eq!(game.side_name(tessera::Side::White), "Red");
    let svg = draw(&Position::start(&game), &Options::default());
    assert!(svg.contains("<title>Looks: Red to move</title>"), "{svg}");
    // 2 lines across each of 4 rows, 3 down each of 3 columns, less the
    // middle one across the river; the palace's two diagonals of White's
    // side (a1-b2, c1-b2) and Black's (a4-b3, c4-b3).
    assert_eq!(svg.matches("<line ").count(), 2 * 4 + 3 * 3 - 1 + 4);
}

#[test]
fn look_draws_round_pointed_disc_and_lettered_pieces() {
    let game = compile_str(LOOKS).expect("compiles");
    let svg = draw(&Position::start(&game), &Options::default());
    // Round pieces: White's character in red (`look sides Red ...`), Black's
    // in black.
    assert!(svg.contains(r##"fill="#c0182a">帥</text>"##), "{svg}");
    assert!(svg.contains(r##"fill="#1b1b1b">將</text>"##), "{svg}");
    // A pointed piece of the side at the bottom points up, unturned.
    assert!(svg.contains("rotate(0)"), "{svg}");
    // A lettered piece is a disc with its letter, though Q is a chess letter.
    assert!(svg.contains(">Q</text>"), "{svg}");
    // Flipped, Black's pieces sit at the bottom: White's pointed piece is
    // turned half a turn.
    let flipped = draw(
        &Position::start(&game),
        &Options {
            flipped: true,
            ..Options::default()
        },
    );
    assert!(flipped.contains("rotate(180)"), "{flipped}");
}

/// Makruk's six pieces, each with its Thai look, and a bia whose promotion
/// to a met the game remembers (`, marked`).
const THAI: &str = r#"
game "Thai"
grid file a..f rank 1..8
direction n (0, 1) ne (1, 1) nw (-1, 1)
mirror rank
zone far a6..f6
piece Khun K royal
  look thai khun
  step n
piece Met M
  look thai met
  step ne nw
piece Khon S
  look thai khon
  step n ne nw
piece Ma N
  look thai ma
  leap (1, 2)
piece Ruea R
  look thai ruea
  slide n
piece Bia P
  look thai bia
  step n
  promote far to Met, marked
setup
  white Khun a1, Met b1, Khon c1, Ma d1, Ruea e1, Bia f1 f5
  black Khun a8, Met b8
goal checkmated loses
"#;

/// The figure drawn for the piece on `cell`, without where it stands: from
/// after its scale to the end of its outline and details.
fn figure(svg: &str, cell: &str) -> String {
    let piece = &svg[svg
        .find(&format!(r#"class="piece" data-cell="{cell}""#))
        .unwrap_or_else(|| panic!("a piece on {cell}"))..];
    let scaled = &piece[piece.find("scale(").expect("scaled")..];
    let body = &scaled[scaled.find('>').expect("tag ends") + 1..];
    body[..body.find("</g></g>").expect("figure ends")].to_string()
}

#[test]
fn look_thai_draws_makruk_pieces_and_a_promoted_bia_turned_over() {
    let game = compile_str(THAI).expect("compiles");
    let mut pos = Position::start(&game);
    let svg = draw(&pos, &Options::default());
    let cells = ["a1", "b1", "c1", "d1", "e1", "f1"];
    let figures: Vec<String> = cells.iter().map(|c| figure(&svg, c)).collect();
    // Drawn figures, not lettered discs, and six different ones.
    for (cell, f) in cells.iter().zip(&figures) {
        assert!(f.contains("<path") && !f.contains("<text"), "{cell}: {f}");
    }
    assert_eq!(figures.iter().collect::<BTreeSet<_>>().len(), 6);
    // Both sides drawn alike, each in its colour.
    assert_eq!(
        figure(&svg, "a8").replace("#1b1b1b", "#fdfdfb"),
        figures[0].replace("#1b1b1b", "#fdfdfb")
    );
    assert_ne!(figure(&svg, "a8"), figures[0]);
    // The bia promoted on f6 is a met to the rules, drawn as a bia turned
    // over: mirrored, its underside showing.
    let push = uci::parse(&mut pos, "f5f6m").expect("legal");
    pos.make(push);
    let svg = draw(&pos, &Options::default());
    assert!(svg.contains(r#"data-cell="f6" data-piece="M~""#), "{svg}");
    let promoted = figure(&svg, "f6");
    assert!(
        promoted.starts_with(r#"<g transform="matrix(1 0 0 -1 "#),
        "{promoted}"
    );
    assert!(promoted.contains(&figures[5]), "{promoted}");
    assert_ne!(promoted, figures[5]);
    assert_ne!(promoted, figures[1]);
}

#[test]
fn look_board_styles_paint_the_squares() {
    let chess = std::fs::read_to_string("games/chess.game").expect("chess");
    for (style, colour) in [("plain", "#f1d39a"), ("green", "#2e8b4f")] {
        let game = compile_str(&format!("{chess}\nlook board {style}\n")).expect("compiles");
        let svg = draw(&Position::start(&game), &Options::default());
        assert_eq!(svg.matches(colour).count(), 64, "{style}");
    }
    let game = compile_str(&format!("{chess}\nlook dots c3 f6\n")).expect("compiles");
    let svg = draw(&Position::start(&game), &Options::default());
    let look = &svg[svg.find(r#"<g class="look""#).expect("dots")..];
    assert_eq!(
        look[..look.find("</g>").expect("end")]
            .matches("<circle")
            .count(),
        2
    );
}

/// The label texts of a picture's coordinates with where each stands
/// (x, y), in the order drawn.
fn coordinate_labels(svg: &str) -> Vec<(f64, f64, String)> {
    let group = &svg[svg.find(r#"<g class="coordinates""#).expect("labels")..];
    let group = &group[..group.find("</g>").expect("end")];
    group
        .split("<text ")
        .skip(1)
        .map(|t| {
            let number = |key: &str| -> f64 {
                let at = t.find(&format!("{key}=\"")).expect(key) + key.len() + 2;
                t[at..at + t[at..].find('"').expect("quote")]
                    .parse()
                    .expect("number")
            };
            let text = &t[t.find('>').expect(">") + 1..t.find("</text>").expect("</text>")];
            (number("x"), number("y"), text.to_string())
        })
        .collect()
}

#[test]
fn look_labels_write_the_coordinates_as_players_read_them() {
    // Shogi's: files numbered from the right, above the board; ranks in
    // kanji from the top, right of it.
    let game = compile(Path::new("games/shogi.game"));
    let svg = draw(&Position::start(&game), &Options::default());
    let labels = coordinate_labels(&svg);
    let mut files: Vec<_> = labels.iter().take(9).collect();
    let mut ranks: Vec<_> = labels.iter().skip(9).collect();
    files.sort_by(|a, b| a.0.total_cmp(&b.0));
    ranks.sort_by(|a, b| a.1.total_cmp(&b.1));
    let texts = |l: &[&(f64, f64, String)]| l.iter().map(|t| t.2.clone()).collect::<Vec<_>>();
    // From the left, and from the top.
    assert_eq!(texts(&files), ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
    assert_eq!(
        texts(&ranks),
        ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
    );
    // The files stand above every rank's label, the ranks right of every
    // file's.
    assert!(
        files.iter().all(|f| ranks.iter().all(|r| f.1 < r.1)),
        "{labels:?}"
    );
    assert!(
        ranks.iter().all(|r| files.iter().all(|f| r.0 > f.0)),
        "{labels:?}"
    );
    // Without them, chess's stand below and left, as its own names.
    let chess = compile(Path::new("games/chess.game"));
    let labels = coordinate_labels(&draw(&Position::start(&chess), &Options::default()));
    let at = |text: &str| labels.iter().find(|l| l.2 == text).expect(text);
    assert!(at("a").1 > at("1").1 && at("1").0 < at("a").0, "{labels:?}");
}

#[test]
fn look_mistakes_are_errors_at_their_place() {
    let chess = std::fs::read_to_string("games/chess.game").expect("chess");
    for (line, message) in [
        ("look river after rank 4", "board of intersections"),
        ("look lines nowhere along n", "unknown zone `nowhere`"),
        ("look dots z9", "z9"),
        ("look sides \"\" Black", "1 to 64 bytes"),
        ("look labels file \"1\"", "has 8 coordinates"),
        (
            "look labels file left \"1\" \"2\" \"3\" \"4\" \"5\" \"6\" \"7\" \"8\"",
            "`top` or the `bottom`",
        ),
        (
            "look labels rank top \"1\" \"2\" \"3\" \"4\" \"5\" \"6\" \"7\" \"8\"",
            "`left` or the `right`",
        ),
        ("look labels floor \"1\"", "unknown axis `floor`"),
        (
            "look labels rank \"\" \"2\" \"3\" \"4\" \"5\" \"6\" \"7\" \"8\"",
            "1 to 64 bytes",
        ),
    ] {
        let errors = compile_str(&format!("{chess}\n{line}\n")).expect_err(line);
        assert!(
            format!("{errors:?}").contains(message),
            "{line}: {errors:?}"
        );
    }
    let xiangqi = std::fs::read_to_string("games/xiangqi.game").expect("xiangqi");
    for (line, message) in [
        ("look river after rank 10", "last rank"),
        ("look river after rank 11", "not a label"),
        ("look river after floor 1", "unknown axis `floor`"),
    ] {
        let errors = compile_str(&format!("{xiangqi}\n{line}\n")).expect_err(line);
        assert!(
            format!("{errors:?}").contains(message),
            "{line}: {errors:?}"
        );
    }
    for (piece, message) in [
        ("piece Fool F\n  look disc\n  look letter", "second `look`"),
        (
            "piece Fool F\n  look picture \"../x.svg\"",
            "beside the rule file",
        ),
        ("piece Fool F\n  look chess wizard", "`king`"),
        ("piece Fool F\n  look thai king", "`khun`"),
    ] {
        let errors = compile_str(&format!("{chess}\n{piece}\n")).expect_err(piece);
        assert!(
            format!("{errors:?}").contains(message),
            "{piece}: {errors:?}"
        );
    }
}

#[test]
fn look_picture_draws_the_svg_file_beside_the_rule_file() {
    let folder = std::env::temp_dir().join(format!("tessera-look-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("folder");
    let chess = std::fs::read_to_string("games/chess.game").expect("chess");
    let rules = chess.replace(
        "piece Knight N value 3\n",
        "piece Knight N value 3\n  look picture \"horse.svg\"\n",
    );
    assert_ne!(rules, chess, "the knight's line");
    let file = folder.join("mine.game");
    std::fs::write(&file, &rules).expect("rule file");
    let file = file.to_string_lossy().to_string();
    // Missing: `check` warns at the name, and the knight is a lettered disc.
    let out = tessera(&["check", &file]);
    let said = format!("{}{}", out.stdout, out.stderr());
    assert!(
        said.contains("cannot read the picture `horse.svg`"),
        "{said}"
    );
    let out = tessera(&["show", &file, "--svg"]);
    assert!(out.result.is_ok(), "{}", out.stderr());
    assert!(out.stdout.contains(">N</text>"));
    // Present: each knight is the picture, as an image of its own.
    let horse = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>"#;
    std::fs::write(folder.join("horse.svg"), horse).expect("picture");
    let out = tessera(&["show", &file, "--svg"]);
    let _ = std::fs::remove_dir_all(&folder);
    assert!(out.result.is_ok(), "{}", out.stderr());
    let image = format!(
        "href=\"data:image/svg+xml;base64,{}\"",
        tessera::svg::base64(horse.as_bytes())
    );
    assert_eq!(out.stdout.matches(&image).count(), 4, "{}", out.stdout);
}

// ---------------------------------------------------------------- docs/pictures

/// The pictures docs/ shows: the start of every game, and each `layout`
/// example of docs/language.md that names its picture in a comment
/// (`# Picture: docs/pictures/NAME.svg`).
fn pictures() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in games() {
        let game = compile(&path);
        let stem = path.file_stem().expect("stem").to_string_lossy();
        let svg = draw(&Position::start(&game), &Options::default());
        out.push((format!("docs/pictures/{stem}.svg"), svg));
    }
    let page = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    for block in page.split("```tessera\n").skip(1) {
        let text = &block[..block.find("```").expect("block ends")];
        let Some(target) = text
            .lines()
            .find_map(|l| l.strip_prefix("# Picture: "))
            .map(str::trim)
        else {
            continue;
        };
        let game = compile_str(text).unwrap_or_else(|e| panic!("{target}: {e:?}"));
        out.push((
            target.to_string(),
            draw(&Position::start(&game), &Options::default()),
        ));
    }
    out
}

#[test]
fn the_pictures_of_docs_are_current() {
    let write = std::env::var_os("TESSERA_WRITE_PICTURES").is_some();
    let mut stale = Vec::new();
    for (path, svg) in pictures() {
        if write {
            std::fs::write(&path, &svg).expect("write the picture");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "stale pictures (run docs/pictures/generate.sh): {stale:?}"
    );
}
