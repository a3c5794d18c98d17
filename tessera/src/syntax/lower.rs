//! Lowering: pest pairs to AST, one function per grammar rule.

use super::ast::*;
use super::Rule;
use crate::diag::{Diagnostic, Span};
use crate::limits::{
    MAX_DECIMAL, MAX_PIECE_VALUE, MAX_POOL_COUNT, MAX_RULE_NUMBER, MAX_VECTOR_COMPONENT,
};
use pest::iterators::Pair;

/// A pair of pest's and the offset in the file of the text it was parsed from:
/// the parser reads a file one statement at a time, each from where the last
/// one ended, and spans count from the start of the file.
#[derive(Clone)]
pub struct P<'a> {
    pair: Pair<'a, Rule>,
    base: usize,
}

impl<'a> P<'a> {
    /// `pair`, parsed from the text that starts at byte `base` of the file.
    pub fn new(pair: Pair<'a, Rule>, base: usize) -> P<'a> {
        P { pair, base }
    }

    pub fn as_rule(&self) -> Rule {
        self.pair.as_rule()
    }

    pub fn as_str(&self) -> &'a str {
        self.pair.as_str()
    }

    /// All the children, keyword tokens included.
    fn children(self) -> impl Iterator<Item = P<'a>> {
        let base = self.base;
        self.pair.into_inner().map(move |pair| P { pair, base })
    }
}

/// The children of `pair` that carry meaning: keyword tokens are skipped.
fn inner<'a>(pair: P<'a>) -> impl Iterator<Item = P<'a>> {
    pair.children()
        .filter(|p| !super::expected::is_keyword(p.as_rule()))
}

pub(super) fn span(pair: &P<'_>) -> Span {
    let s = pair.pair.as_span();
    Span::new(pair.base + s.start(), pair.base + s.end())
}

fn name(pair: P<'_>) -> Name {
    let sp = span(&pair);
    let text = match pair.as_rule() {
        Rule::name => return name(inner(pair).next().expect("name has one child")),
        Rule::string => pair.children().next().map_or("", |p| p.as_str()),
        _ => pair.as_str(),
    };
    Name {
        text: text.into(),
        span: sp,
    }
}

/// Every number of the grammar is read here: the text of an `int`, a `uint`,
/// a numbered axis label or a decimal's whole part, refused past `most` either
/// side of 0 with an error at the number ([`crate::limits::read_number`]).
/// Nothing after this needs to fear a number that wraps: every limit is far
/// below where a sum or a product of two of them would.
fn number(text: &str, sp: Span, most: i64, what: &str) -> Result<i64, Diagnostic> {
    crate::limits::read_number(text, most, what).map_err(|message| Diagnostic::new(sp, message))
}

/// What the limit on most numbers is for, as errors say it.
const RULE_NUMBERS: &str = "a rule file's numbers";

/// A `uint` as a `u32`: at most [`MAX_RULE_NUMBER`], so it fits.
fn small(pair: P<'_>) -> Result<u32, Diagnostic> {
    let sp = span(&pair);
    let n = number(pair.as_str(), sp, MAX_RULE_NUMBER, RULE_NUMBERS)?;
    u32::try_from(n).map_err(|_| Diagnostic::new(sp, format!("number `{n}` is below 0")))
}

/// A component of a direction, an offset or a leap vector.
fn component(pair: P<'_>) -> Result<i64, Diagnostic> {
    number(
        pair.as_str(),
        span(&pair),
        MAX_VECTOR_COMPONENT,
        "a direction's or an offset's components",
    )
}

pub fn lower_file(pair: P<'_>) -> Result<File, Diagnostic> {
    let mut file = File::default();
    for stmt in inner(pair) {
        lower_statement(stmt, &mut file)?;
    }
    Ok(file)
}

/// What [`lower_unit`] read.
pub enum Unit {
    /// A whole statement.
    Statement,
    /// The head of a piece (`piece Knight N`), pushed to the file's pieces;
    /// its properties follow, each read by itself.
    PieceHead,
    /// The end of the file.
    End,
}

/// Lowers a `next_statement` pair into `file`.
pub fn lower_unit(unit: P<'_>, file: &mut File) -> Result<Unit, Diagnostic> {
    let mut it = unit.children().peekable();
    let first = it
        .next()
        .expect("a unit holds a statement, a piece head or the end");
    match first.as_rule() {
        Rule::EOI => Ok(Unit::End),
        Rule::kw_piece => {
            file.pieces.push(lower_piece_head(it));
            Ok(Unit::PieceHead)
        }
        _ => lower_statement(first, file).map(|()| Unit::Statement),
    }
}

/// Lowers a `next_piece_prop` pair into `piece`.
pub fn lower_next_piece_prop(unit: P<'_>, piece: &mut PieceDecl) -> Result<(), Diagnostic> {
    let prop = inner(unit).next().expect("one piece property");
    lower_piece_prop(prop, piece)
}

fn lower_statement(stmt: P<'_>, file: &mut File) -> Result<(), Diagnostic> {
    match stmt.as_rule() {
        Rule::game_stmt => {
            let sp = span(&stmt);
            if file.title.is_some() {
                return Err(Diagnostic::new(
                    sp,
                    "a rule file has at most one `game` title",
                ));
            }
            file.title = Some(name(inner(stmt).next().expect("title")));
        }
        Rule::grid_stmt => lower_grid(stmt, file)?,
        Rule::cell_stmt => file.cells.push(lower_cell(stmt)),
        Rule::remove_stmt => file
            .removed
            .extend(lower_cell_set(inner(stmt).next().expect("set"))),
        Rule::direction_stmt => {
            for def in inner(stmt) {
                file.directions.push(lower_direction_def(def)?);
            }
        }
        Rule::group_stmt => file.groups.push(lower_group(stmt)),
        Rule::link_stmt => file.links.push(lower_link(stmt)),
        Rule::mirror_stmt => file.mirror.extend(inner(stmt).map(name)),
        Rule::zone_stmt => file.zones.push(lower_zone(stmt)),
        Rule::piece_stmt => file.pieces.push(lower_piece(stmt)?),
        Rule::setup_stmt => lower_setup(stmt, file)?,
        Rule::castling_stmt => file.castlings.push(lower_castling(stmt)?),
        Rule::goal_stmt => file.goals.push(lower_goal(stmt)?),
        Rule::pool_stmt => file.pools.extend(inner(stmt).map(name)),
        Rule::captured_stmt => {
            if file.captured_to.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "a rule file says once where captured pieces go",
                ));
            }
            let mut it = inner(stmt);
            file.captured_to = Some(name(it.next().expect("pool")));
            for p in it {
                match p.as_rule() {
                    Rule::of_captor => file.captured_by_captor = true,
                    _ => file.captured_keeps_promotion = true,
                }
            }
        }
        Rule::transfer_stmt => {
            let mut it = inner(stmt);
            let a = name(it.next().expect("source"));
            let b = name(it.next().expect("destination"));
            file.transfers.push((a, b));
        }
        Rule::drop_stmt => file.drops.push(lower_drop(stmt)?),
        Rule::forced_stmt
            if inner(stmt.clone())
                .next()
                .is_some_and(|p| p.as_rule() == Rule::forced_drop) =>
        {
            if file.forced_drop.is_some() {
                return Err(Diagnostic::new(span(&stmt), "`forced drop` is given twice"));
            }
            file.forced_drop = Some(span(&stmt));
        }
        Rule::forced_stmt => {
            if file.forced_capture.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`forced capture` is given twice",
                ));
            }
            file.forced_capture = Some(span(&stmt));
        }
        Rule::explode_stmt => {
            let sp = span(&stmt);
            if file.explosion.is_some() {
                return Err(Diagnostic::new(sp, "`captures explode` is given twice"));
            }
            let mut it = inner(stmt);
            let dirs = lower_dirs(it.next().expect("directions"));
            let mut spared = Vec::new();
            let mut immune = Vec::new();
            let mut captured = false;
            for part in it {
                if part.as_rule() == Rule::blasted_captured {
                    captured = true;
                    continue;
                }
                let kinds = inner(part.clone())
                    .next()
                    .map(|k| inner(k).map(name).collect())
                    .unwrap_or_default();
                match part.as_rule() {
                    Rule::immune_kinds => immune = kinds,
                    _ => spared = kinds,
                }
            }
            file.explosion = Some(ExplosionDecl {
                dirs,
                spared,
                immune,
                captured,
            });
        }
        Rule::place_stmt => {
            if file.walling.is_some() {
                return Err(Diagnostic::new(span(&stmt), "`place` is given twice"));
            }
            file.walling = Some(lower_place(stmt)?);
        }
        Rule::gating_stmt => {
            let sp = span(&stmt);
            if file.gating.is_some() {
                return Err(Diagnostic::new(sp, "`gating` is given twice"));
            }
            let mut it = inner(stmt);
            let pool = name(it.next().expect("pool"));
            let zone = name(it.next().expect("zone"));
            file.gating = Some((pool, zone, sp));
        }
        Rule::check_stmt
            if inner(stmt.clone())
                .next()
                .is_some_and(|p| p.as_rule() == Rule::check_capture_only) =>
        {
            let p = inner(stmt).next().expect("check_capture_only");
            file.check_capture_only
                .push(name(inner(p).next().expect("kind")));
        }
        Rule::check_stmt
            if inner(stmt.clone())
                .next()
                .is_some_and(|p| p.as_rule() == Rule::check_at_most) =>
        {
            if file.check_royals_at_most.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`check when at most N royals` is given twice",
                ));
            }
            let p = inner(stmt.clone()).next().expect("check_at_most");
            let n = inner(p).next().expect("count");
            let count = small(n)?;
            file.check_royals_at_most = Some((count, span(&stmt)));
        }
        Rule::check_stmt => {
            if file.check_all_royals.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`check when all royals attacked` is given twice",
                ));
            }
            file.check_all_royals = Some(span(&stmt));
        }
        Rule::notation_castling_stmt => {
            if file.castling_takes_rook.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`notation castling king takes rook` is given twice",
                ));
            }
            file.castling_takes_rook = Some(span(&stmt));
        }
        Rule::notation_stmt => {
            let passed = inner(stmt.clone()).any(|p| p.as_rule() == Rule::ep_passed);
            let given = if passed {
                file.en_passant_passed.is_some()
            } else {
                file.en_passant_always.is_some()
            };
            if given {
                return Err(Diagnostic::new(
                    span(&stmt),
                    format!(
                        "`notation en passant always{}` is given twice",
                        if passed { " passed" } else { "" }
                    ),
                ));
            }
            let kinds = inner(stmt.clone())
                .filter(|p| p.as_rule() != Rule::ep_passed)
                .map(name)
                .collect();
            if passed {
                file.en_passant_passed = Some((span(&stmt), kinds));
            } else {
                file.en_passant_always = Some(span(&stmt));
                file.en_passant_always_kinds = kinds;
            }
        }
        Rule::notation_variant_stmt => {
            if file.variant_name.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`notation variant` is given twice",
                ));
            }
            let mut names = inner(stmt).map(name);
            file.variant_name = names.next();
            file.variant_aliases = names.collect();
        }
        Rule::notation_fen_stmt => {
            if file.fen_unmarked.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`notation fen unmarked` is given twice",
                ));
            }
            file.fen_unmarked = Some(span(&stmt));
        }
        Rule::notation_moves_stmt => {
            if file.move_notation.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`notation moves` is given twice",
                ));
            }
            file.move_notation = inner(stmt).last().map(name);
        }
        Rule::notation_san_stmt => {
            let sp = span(&stmt);
            if let Some(checks) = inner(stmt.clone()).find(|p| p.as_rule() == Rule::san_checks) {
                if file.san_checks.is_some() {
                    return Err(Diagnostic::new(sp, "`notation san checks` is given twice"));
                }
                file.san_checks = Some((sp, inner(checks).map(name).collect()));
                return Ok(());
            }
            if let Some(pawns) = inner(stmt.clone()).find(|p| p.as_rule() == Rule::san_pawns) {
                if file.san_pawns.is_some() {
                    return Err(Diagnostic::new(sp, "`notation san pawns` is given twice"));
                }
                file.san_pawns = Some((sp, inner(pawns).map(name).collect()));
                return Ok(());
            }
            let mut parts = inner(stmt);
            while let (Some(kind), Some(letter)) = (parts.next(), parts.next()) {
                let letter = letter.as_str().chars().next().unwrap_or('?');
                file.san_letters
                    .push((name(kind), letter.to_ascii_uppercase()));
            }
        }
        Rule::notation_ep_taken_stmt => {
            if file.en_passant_taken.is_some() {
                return Err(Diagnostic::new(
                    span(&stmt),
                    "`notation en passant passed` is given twice",
                ));
            }
            let kinds = inner(stmt.clone()).map(name).collect();
            file.en_passant_taken = Some((span(&stmt), kinds));
        }
        Rule::pass_stmt => {
            if file.pass.is_some() {
                return Err(Diagnostic::new(span(&stmt), "`pass` is given twice"));
            }
            file.pass = Some(span(&stmt));
            file.pass_when_stalemated = inner(stmt).next().is_some();
        }
        Rule::flip_stmt => {
            let sp = span(&stmt);
            if file.flip.is_some() {
                return Err(Diagnostic::new(sp, "`flip` is given twice"));
            }
            let mut it = inner(stmt);
            let enclosed = it.next().expect("how").as_rule() == Rule::flip_enclosed;
            let dirs = lower_dirs(it.next().expect("directions"));
            file.flip_drops_next_to_own = it.next().is_some();
            file.flip = Some((enclosed, dirs, sp));
        }
        Rule::count_stmt => {
            let sp = span(&stmt);
            let mut it = inner(stmt);
            let side = lower_side(it.next().expect("side"));
            let bonus = thousandths(it.next().expect("bonus"))?;
            file.count_bonus.push((side, bonus, sp));
        }
        Rule::clock_stmt => {
            let sp = span(&stmt);
            if file.clock_reset.is_some() {
                return Err(Diagnostic::new(sp, "`clock reset by` is given twice"));
            }
            let kinds = inner(stmt)
                .find(|p| p.as_rule() == Rule::kind_list)
                .map(|k| inner(k).map(name).collect())
                .unwrap_or_default();
            file.clock_reset = Some((kinds, sp));
        }
        Rule::phase_stmt => file.phases.push(lower_phase(stmt)?),
        Rule::layout_stmt => file.layout.push(lower_layout(stmt)),
        Rule::look_stmt => file.look.push(lower_look(stmt)),
        Rule::shuffle_stmt => file.shuffles.push(lower_shuffle(stmt)),
        Rule::EOI => {}
        r => unreachable!("grammar yields no {r:?} at top level"),
    }
    Ok(())
}

fn lower_drop(pair: P<'_>) -> Result<DropDecl, Diagnostic> {
    let mut it = inner(pair);
    let first = it.next().expect("pool");
    let mut kinds = Vec::new();
    let pool = if first.as_rule() == Rule::drop_new {
        let list = inner(first).next().expect("kinds");
        kinds.extend(inner(list).map(name));
        None
    } else {
        Some(name(first))
    };
    let mut zone = None;
    let mut once_per = None;
    let mut per_line = 1;
    let mut not_mating = false;
    let mut not_checking = false;
    let mut anywhere = false;
    let mut mating_loses = false;
    let mut next_to = Vec::new();
    let mut flipping = false;
    let mut until_full = false;
    let mut also_promoted = false;
    let mut unmoved_in = None;
    let mut spread = Vec::new();
    let mut compulsory = false;
    let mut not_next_to_enemy = Vec::new();
    let mut on_top = Vec::new();
    let mut pushed_in = Vec::new();
    let mut sunk_in = Vec::new();
    let mut next_to_enemy = Vec::new();
    let mut enclosing = Vec::new();
    let mut enclosing_over = Vec::new();
    for p in it {
        match p.as_rule() {
            Rule::drop_kinds => kinds.extend(inner(p).map(name)),
            Rule::drop_mod => {
                let m = inner(p).next().expect("drop modifier");
                match m.as_rule() {
                    Rule::once_per => once_per = inner(m).next().map(name),
                    Rule::at_most_per => {
                        let mut parts = inner(m);
                        let n = parts.next().expect("count");
                        per_line = small(n)?;
                        once_per = parts.next().map(name);
                    }
                    Rule::not_checking_drop => not_checking = true,
                    Rule::anywhere_kw => anywhere = true,
                    Rule::mating_loses => mating_loses = true,
                    Rule::next_to => {
                        next_to.extend(lower_dirs(inner(m).next().expect("directions")))
                    }
                    Rule::flipping => flipping = true,
                    Rule::until_full => until_full = true,
                    Rule::also_promoted => also_promoted = true,
                    Rule::unmoved_in => {
                        unmoved_in = inner(m).find(|x| x.as_rule() == Rule::bare_name).map(name)
                    }
                    Rule::spread_over => spread.extend(inner(m).map(name)),
                    Rule::compulsory_kw => compulsory = true,
                    Rule::not_next_to_enemy => {
                        not_next_to_enemy.extend(lower_dirs(inner(m).last().expect("directions")))
                    }
                    Rule::on_top => on_top.extend(lower_dirs(inner(m).last().expect("directions"))),
                    Rule::pushed_in => {
                        pushed_in.extend(lower_dirs(inner(m).last().expect("directions")))
                    }
                    Rule::next_to_enemy => {
                        next_to_enemy.extend(lower_dirs(inner(m).last().expect("directions")))
                    }
                    Rule::enclosing => {
                        for part in inner(m) {
                            match part.as_rule() {
                                Rule::enclosing_kinds => {
                                    enclosing_over.extend(inner(part).map(name))
                                }
                                Rule::direction_list => enclosing.extend(lower_dirs(part)),
                                _ => {}
                            }
                        }
                    }
                    Rule::sunk_in => {
                        sunk_in.extend(lower_dirs(inner(m).last().expect("directions")))
                    }
                    _ => not_mating = true,
                }
            }
            _ => zone = Some(name(p)),
        }
    }
    Ok(DropDecl {
        pool,
        kinds,
        zone: zone.expect("the grammar requires a zone"),
        once_per,
        per_line,
        not_checking,
        anywhere,
        not_mating,
        mating_loses,
        next_to,
        flipping,
        until_full,
        also_promoted,
        unmoved_in,
        spread,
        compulsory,
        not_next_to_enemy,
        on_top,
        pushed_in,
        sunk_in,
        next_to_enemy,
        enclosing,
        enclosing_over,
    })
}

fn lower_grid(pair: P<'_>, file: &mut File) -> Result<(), Diagnostic> {
    let sp = span(&pair);
    if file.grid_span.is_some() {
        return Err(Diagnostic::new(sp, "a rule file has at most one `grid`"));
    }
    file.grid_span = Some(sp);
    for axis in inner(pair) {
        let asp = span(&axis);
        let mut it = inner(axis);
        let axis_name = name(it.next().expect("axis name"));
        let range = it.next().expect("axis range");
        let rsp = span(&range);
        let mut r = inner(range);
        let (lo_pair, hi_pair) = (r.next().expect("lo"), r.next().expect("hi"));
        // A label is digits (a number, read as every number is) or one letter.
        let mut numbers = [None, None];
        for (label, n) in [&lo_pair, &hi_pair].into_iter().zip(&mut numbers) {
            let text = label.as_str();
            if text.bytes().all(|b| b.is_ascii_digit()) {
                *n = Some(number(text, span(label), MAX_RULE_NUMBER, RULE_NUMBERS)?);
            } else if text.len() > 1 {
                return Err(Diagnostic::new(
                    span(label),
                    format!("axis label `{text}` must be a single letter or a number"),
                ));
            }
        }
        let (lo, hi) = (lo_pair.as_str(), hi_pair.as_str());
        let labels = match numbers {
            [Some(a), Some(b)] => LabelRange::Numbers(a, b),
            [None, None] if lo.len() == 1 && hi.len() == 1 => LabelRange::Letters(
                lo.chars().next().expect("one"),
                hi.chars().next().expect("one"),
            ),
            _ => {
                return Err(Diagnostic::new(
                    rsp,
                    format!(
                        "axis `{}` mixes letters and numbers in `{lo}..{hi}`",
                        axis_name.text
                    ),
                ))
            }
        };
        file.axes.push(Axis {
            name: axis_name,
            labels,
            span: asp,
        });
    }
    Ok(())
}

fn lower_phase(pair: P<'_>) -> Result<PhaseDecl, Diagnostic> {
    let sp = span(&pair);
    let mut it = inner(pair);
    let first = small(it.next().expect("first move"))?;
    let last = small(it.next().expect("last move"))?;
    let mut unmoved = false;
    let mut kinds = Vec::new();
    for p in it {
        match p.as_rule() {
            Rule::unmoved_kw => unmoved = true,
            _ => kinds.push(name(p)),
        }
    }
    Ok(PhaseDecl {
        first,
        last,
        unmoved,
        kinds,
        span: sp,
    })
}

/// A decimal such as `1.5` in thousandths (1500); at most three digits after
/// the point, and at most [`MAX_DECIMAL`].
fn thousandths(pair: P<'_>) -> Result<i64, Diagnostic> {
    let text = pair.as_str();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let bad = |why: &str| Diagnostic::new(span(&pair), format!("number `{text}` {why}"));
    if fraction.len() > 3 {
        return Err(bad("has more than three digits after the point"));
    }
    let whole = number(whole, span(&pair), MAX_DECIMAL, "a decimal's whole part")?;
    // Three digits at most, so the padded fraction is 0 to 999.
    let fraction: i64 = format!("{fraction:0<3}")
        .parse()
        .map_err(|_| bad("has a fraction that is not a number"))?;
    Ok(whole * 1000 + fraction)
}

fn lower_limit(pair: P<'_>) -> Result<Limit, Diagnostic> {
    let inner = inner(pair).next().expect("limit value");
    Ok(match inner.as_rule() {
        Rule::uint => Limit::Steps(small(inner)?),
        _ => Limit::Counter(name(inner)),
    })
}

fn lower_cell(pair: P<'_>) -> CellDecl {
    let mut it = inner(pair);
    let cell_name = name(it.next().expect("cell name"));
    CellDecl {
        name: cell_name,
        at: it.map(name).collect(),
    }
}

fn lower_cell_set(pair: P<'_>) -> Vec<CellItem> {
    inner(pair).map(lower_cell_item).collect()
}

fn lower_cell_item(item: P<'_>) -> CellItem {
    let one = inner(item).next().expect("cell item");
    match one.as_rule() {
        Rule::cell_box => {
            let sp = span(&one);
            let mut b = inner(one);
            let a = name(b.next().expect("box start"));
            let z = name(b.next().expect("box end"));
            CellItem::Box(Box::new((a, z, sp)))
        }
        _ => CellItem::One(name(one)),
    }
}

fn lower_vector(pair: P<'_>) -> Result<Vec<i64>, Diagnostic> {
    inner(pair).map(component).collect()
}

fn lower_direction_def(pair: P<'_>) -> Result<DirectionDecl, Diagnostic> {
    let sp = span(&pair);
    let mut it = inner(pair);
    let n = name(it.next().expect("direction name"));
    let vector = lower_vector(it.next().expect("vector"))?;
    Ok(DirectionDecl {
        name: n,
        vector,
        span: sp,
    })
}

fn lower_group(pair: P<'_>) -> GroupDecl {
    let mut it = inner(pair);
    let n = name(it.next().expect("group name"));
    GroupDecl {
        name: n,
        members: it.map(name).collect(),
    }
}

fn lower_link(pair: P<'_>) -> LinkDecl {
    let mut it = inner(pair);
    let n = name(it.next().expect("link name"));
    let edges = it
        .map(|e| {
            let mut ends = inner(e);
            let a = lower_cell_item(ends.next().expect("from"));
            let b = lower_cell_item(ends.next().expect("to"));
            (a, b)
        })
        .collect();
    LinkDecl { name: n, edges }
}

fn lower_side(pair: P<'_>) -> Side {
    if pair.as_str() == "white" {
        Side::White
    } else {
        Side::Black
    }
}

fn lower_zone(pair: P<'_>) -> ZoneDecl {
    let mut it = inner(pair);
    let n = name(it.next().expect("zone name"));
    let body = it.next().expect("zone body");
    let sets = match body.as_rule() {
        Rule::per_side_sets => {
            let mut parts = inner(body);
            let mut white = Vec::new();
            let mut black = Vec::new();
            while let (Some(side), Some(set)) = (parts.next(), parts.next()) {
                match lower_side(side) {
                    Side::White => white = lower_cell_set(set),
                    Side::Black => black = lower_cell_set(set),
                }
            }
            ZoneSets::PerSide(white, black)
        }
        _ => ZoneSets::Mirrored(lower_cell_set(body)),
    };
    ZoneDecl { name: n, sets }
}

fn lower_piece(pair: P<'_>) -> Result<PieceDecl, Diagnostic> {
    let mut it = inner(pair);
    let mut piece = lower_piece_head(&mut it);
    for prop in it {
        lower_piece_prop(prop, &mut piece)?;
    }
    Ok(piece)
}

/// The name and letter of a piece, keyword tokens skipped, before its properties.
fn lower_piece_head<'a>(it: impl IntoIterator<Item = P<'a>>) -> PieceDecl {
    let mut it = it
        .into_iter()
        .filter(|p| !super::expected::is_keyword(p.as_rule()));
    let piece_name = name(it.next().expect("piece name"));
    let letter = name(it.next().expect("piece letter"));
    PieceDecl {
        name: piece_name,
        letter,
        value: None,
        royal: false,
        as_kind: None,
        neutral: false,
        counter: None,
        on_capture: None,
        on_capture_become: None,
        loses_first: None,
        in_place: Vec::new(),
        promotions: Vec::new(),
        movements: Vec::new(),
        betza: Vec::new(),
        betza_modifiers: Vec::new(),
        look: None,
    }
}

fn lower_piece_prop(prop: P<'_>, piece: &mut PieceDecl) -> Result<(), Diagnostic> {
    match prop.as_rule() {
        Rule::value_prop => {
            let n = inner(prop).next().expect("value");
            let value = number(n.as_str(), span(&n), MAX_PIECE_VALUE, "a piece's value")?;
            piece.value = Some(value);
        }
        Rule::royal_prop => piece.royal = true,
        Rule::as_prop => {
            if piece.as_kind.is_some() {
                return Err(Diagnostic::new(
                    span(&prop),
                    format!("piece `{}` has a second `as`", piece.name.text),
                ));
            }
            piece.as_kind = Some(name(inner(prop).next().expect("kind")));
        }
        Rule::neutral_prop => piece.neutral = true,
        Rule::look_prop => {
            if piece.look.is_some() {
                return Err(Diagnostic::new(
                    span(&prop),
                    format!("piece `{}` has a second `look`", piece.name.text),
                ));
            }
            let sp = span(&prop);
            piece.look = Some((lower_piece_look(prop), sp));
        }
        Rule::counter_prop => {
            let sp = span(&prop);
            if piece.counter.is_some() {
                return Err(Diagnostic::new(
                    sp,
                    format!(
                        "piece `{}` has a second `counter`; a piece carries one",
                        piece.name.text
                    ),
                ));
            }
            let mut it = inner(prop);
            let counter_name = name(it.next().expect("counter name"));
            let low = small(it.next().expect("low"))?;
            let high = small(it.next().expect("high"))?;
            let start = small(it.next().expect("start"))?;
            piece.counter = Some(CounterDecl {
                name: counter_name,
                low,
                high,
                start,
                span: sp,
            });
        }
        Rule::on_capture_prop => {
            if piece.on_capture.is_some() || piece.on_capture_become.is_some() {
                return Err(Diagnostic::new(
                    span(&prop),
                    format!("piece `{}` has a second `on capture`", piece.name.text),
                ));
            }
            let mut it = inner(prop);
            let first = it.next().expect("counter name");
            if first.as_rule() == Rule::become_kind {
                piece.on_capture_become = Some(name(inner(first).next().expect("kind")));
                return Ok(());
            }
            let counter_name = name(first);
            piece.on_capture = Some((counter_name, small(it.next().expect("amount"))?));
        }
        Rule::loses_first_prop => {
            let sp = span(&prop);
            if piece.loses_first.is_some() {
                return Err(Diagnostic::new(
                    sp,
                    format!(
                        "piece `{}` has a second `loses first move`",
                        piece.name.text
                    ),
                ));
            }
            let mut it = inner(prop);
            let kinds = inner(it.next().expect("kinds")).map(name).collect();
            let dirs = lower_dirs(it.next().expect("directions"));
            piece.loses_first = Some((kinds, dirs, sp));
        }
        Rule::in_place_prop => {
            let mut it = inner(prop);
            let zone = name(it.next().expect("zone"));
            let mut d = InPlaceDecl {
                zone,
                targets: Vec::new(),
                last_anywhere: false,
                moving: false,
                not_attacking: false,
                not_checking: false,
                at_most: None,
                marked: false,
            };
            for p in it {
                match p.as_rule() {
                    Rule::bare_name => d.targets.push(name(p)),
                    _ => {
                        let m = inner(p).next().expect("modifier");
                        match m.as_rule() {
                            Rule::in_place_last => d.last_anywhere = true,
                            Rule::in_place_moving => d.moving = true,
                            Rule::not_attacking => d.not_attacking = true,
                            Rule::not_checking_mod => d.not_checking = true,
                            Rule::in_place_marked => d.marked = true,
                            _ => d.at_most = Some(small(inner(m).next().expect("count"))?),
                        }
                    }
                }
            }
            piece.in_place.push(d);
        }
        Rule::promote_prop => piece.promotions.push(lower_promote(prop)?),
        Rule::movement => piece.movements.push(lower_movement(prop)?),
        Rule::betza_prop => {
            let mut it = inner(prop);
            piece.betza.push(name(it.next().expect("string")));
            let mods = it
                .map(|m| lower_modifier(inner(m).next().expect("modifier")))
                .collect::<Result<_, _>>()?;
            piece.betza_modifiers.push(mods);
        }
        r => unreachable!("grammar yields no {r:?} in a piece"),
    }
    Ok(())
}

fn lower_promote(pair: P<'_>) -> Result<PromotionDecl, Diagnostic> {
    let sp = span(&pair);
    let mut it = inner(pair).peekable();
    let on_origin = it.next_if(|p| p.as_rule() == Rule::from_kw).is_some();
    let stuck = it
        .peek()
        .is_some_and(|p| p.as_rule() == Rule::promote_stuck);
    let zone = name(it.next().expect("zone"));
    let mut targets = Vec::new();
    let mut pools = Vec::new();
    let mut itself_to = None;
    let mut marked = false;
    let mut optional = false;
    let mut only_captured = false;
    let mut at_most = None;
    let mut not_en_passant = false;
    let mut on_capture = false;
    for p in it {
        match p.as_rule() {
            Rule::optional_kw => optional = true,
            Rule::only_captured => only_captured = true,
            Rule::promote_at_most => {
                at_most = inner(p)
                    .find(|x| x.as_rule() == Rule::uint)
                    .map(small)
                    .transpose()?
            }
            Rule::promote_on_capture => on_capture = true,
            Rule::promote_not_ep => not_en_passant = true,
            Rule::pool_source => pools.extend(
                inner(p)
                    .filter(|x| x.as_rule() == Rule::bare_name)
                    .map(name),
            ),
            Rule::itself_to => itself_to = inner(p).next().map(name),
            Rule::marked => marked = true,
            Rule::promote_nothing => {}
            _ => targets.push(name(p)),
        }
    }
    Ok(PromotionDecl {
        on_origin,
        zone,
        stuck,
        targets,
        pools,
        itself_to,
        marked,
        optional,
        only_captured,
        at_most,
        not_en_passant,
        on_capture,
        span: sp,
    })
}

fn lower_movement(pair: P<'_>) -> Result<Movement, Diagnostic> {
    let sp = span(&pair);
    let mut legs = Vec::new();
    let mut modifiers = Vec::new();
    for p in inner(pair) {
        match p.as_rule() {
            Rule::step_leg => legs.push(Leg::Step(lower_dirs(inner(p).next().expect("dirs")))),
            Rule::slide_leg => {
                let mut it = inner(p);
                let dirs = lower_dirs(it.next().expect("dirs"));
                let limit = it.next().map(lower_limit).transpose()?;
                legs.push(Leg::Slide(dirs, limit));
            }
            Rule::path_leg => {
                let mut it = inner(p);
                let dirs = lower_dirs(it.next().expect("dirs"));
                let limit = lower_limit(it.next().expect("limit"))?;
                legs.push(Leg::Path(dirs, limit));
            }
            Rule::hop_leg => {
                let mut it = inner(p);
                let dirs = lower_dirs(it.next().expect("dirs"));
                let limit = it.next().map(lower_limit).transpose()?;
                legs.push(Leg::Hop(dirs, limit));
            }
            Rule::leap_leg => {
                let lsp = span(&p);
                let mut images = Images::Symmetric;
                let mut vs = Vec::new();
                for v in inner(p) {
                    match v.as_rule() {
                        Rule::leap_only => images = Images::Listed,
                        Rule::leap_around => images = Images::Board,
                        _ => vs.push(lower_vector(v)?),
                    }
                }
                legs.push(Leg::Leap(vs, images, lsp));
            }
            Rule::modifier => modifiers.push(lower_modifier(inner(p).next().expect("modifier"))?),
            r => unreachable!("grammar yields no {r:?} in a movement"),
        }
    }
    Ok(Movement {
        legs: exact(legs),
        modifiers: exact(modifiers),
        span: sp,
    })
}

fn lower_dirs(pair: P<'_>) -> Vec<Name> {
    exact(inner(pair).map(name).collect())
}

/// `list` without spare room: a list collected from pairs has room for four
/// at least, and a file may hold a hundred thousand lists of one.
fn exact<T>(mut list: Vec<T>) -> Vec<T> {
    list.shrink_to_fit();
    list
}

fn lower_modifier(pair: P<'_>) -> Result<Modifier, Diagnostic> {
    let sp = span(&pair);
    Ok(match pair.as_rule() {
        Rule::quiet_mod => Modifier::Quiet(sp),
        Rule::capture_mod => Modifier::Capture(sp),
        Rule::first_mod => Modifier::First,
        Rule::from_mod => Modifier::From(name(inner(pair).next().expect("zone"))),
        Rule::to_mod => Modifier::To(name(inner(pair).next().expect("zone"))),
        Rule::not_to_mod => Modifier::NotTo(name(inner(pair).next().expect("zone"))),
        Rule::not_from_mod => Modifier::NotFrom(name(inner(pair).next().expect("zone"))),
        Rule::not_first_mod => Modifier::NotFirst,
        Rule::not_checking_mod => Modifier::NotChecking,
        Rule::not_in_check_mod => Modifier::NotInCheck,
        Rule::jumping_mod => Modifier::Jumping(sp),
        Rule::within_mod => Modifier::Within(
            small(
                inner(pair)
                    .find(|p| p.as_rule() == Rule::uint)
                    .expect("within N"),
            )?,
            sp,
        ),
        Rule::sets_ep_mod => Modifier::SetsEnPassant(sp),
        Rule::takes_ep_mod => Modifier::TakesEnPassant,
        Rule::capturing_mod | Rule::not_capturing_mod | Rule::over_mod | Rule::not_over_mod => {
            let rule = pair.as_rule();
            let kinds = inner(pair)
                .next()
                .map(|k| inner(k).map(name).collect())
                .unwrap_or_default();
            match rule {
                Rule::capturing_mod => Modifier::Capturing(true, kinds, sp),
                Rule::not_capturing_mod => Modifier::Capturing(false, kinds, sp),
                Rule::over_mod => Modifier::Over(true, kinds, sp),
                _ => Modifier::Over(false, kinds, sp),
            }
        }
        r => unreachable!("grammar yields no modifier {r:?}"),
    })
}

fn lower_setup(pair: P<'_>, file: &mut File) -> Result<(), Diagnostic> {
    file.setup_span.get_or_insert(span(&pair));
    for part in inner(pair) {
        match part.as_rule() {
            Rule::setup_side => {
                let mut it = inner(part);
                let side = lower_side(it.next().expect("side"));
                for placement in it {
                    let mut p = inner(placement).peekable();
                    let mut count = 1;
                    if let Some(n) = p.next_if(|n| n.as_rule() == Rule::pool_count) {
                        count = match small(n.clone()) {
                            Ok(c) if (1..=MAX_POOL_COUNT).contains(&c) => c,
                            _ => {
                                return Err(Diagnostic::new(
                                    span(&n),
                                    format!(
                                        "a placement puts 1 to {MAX_POOL_COUNT} pieces into a pool"
                                    ),
                                ))
                            }
                        };
                    }
                    let piece = name(p.next().expect("piece"));
                    let place = p.next().expect("cells");
                    let (cells, pool) = if place.as_rule() == Rule::pool_place {
                        (Vec::new(), inner(place).next().map(name))
                    } else {
                        (lower_cell_set(place), None)
                    };
                    for _ in 0..count {
                        file.setup.push(Placement {
                            side,
                            piece: piece.clone(),
                            cells: cells.clone(),
                            pool: pool.clone(),
                        });
                    }
                }
            }
            Rule::moved => {
                let cells = inner(part).next().expect("cells");
                file.moved.extend(lower_cell_set(cells));
            }
            Rule::turn => {
                let sp = span(&part);
                if file.turn.is_some() {
                    return Err(Diagnostic::new(
                        sp,
                        "the setup names the side to move twice",
                    ));
                }
                file.turn = Some((lower_side(inner(part).next().expect("side")), sp));
            }
            Rule::setup_clock => {
                let sp = span(&part);
                if file.setup_clock.is_some() {
                    return Err(Diagnostic::new(sp, "the setup gives the clock twice"));
                }
                let n = inner(part).next().expect("count");
                let clock = crate::limits::read_move_counter(n.as_str())
                    .map_err(|e| Diagnostic::new(span(&n), e))?;
                file.setup_clock = Some((clock, sp));
            }
            Rule::setup_move => {
                let sp = span(&part);
                if file.setup_move.is_some() {
                    return Err(Diagnostic::new(sp, "the setup gives the move number twice"));
                }
                let n = inner(part).next().expect("count");
                let number = crate::limits::read_move_counter(n.as_str())
                    .map_err(|e| Diagnostic::new(span(&n), e))?;
                if number == 0 {
                    return Err(Diagnostic::new(span(&n), "the move number starts at 1"));
                }
                file.setup_move = Some((number, sp));
            }
            r => unreachable!("grammar yields no {r:?} in setup"),
        }
    }
    Ok(())
}

fn lower_castling(pair: P<'_>) -> Result<CastlingDecl, Diagnostic> {
    let sp = span(&pair);
    let mut it = inner(pair);
    let king = name(it.next().expect("king"));
    let rook = name(it.next().expect("rook"));
    let along = lower_dirs(it.next().expect("along"));
    let kr = it.next().expect("king range");
    if kr.as_rule() == Rule::king_to {
        let king_zone = name(inner(kr).next().expect("zone"));
        let rook_zone = name(inner(it.next().expect("rook to")).next().expect("zone"));
        let rest: Vec<Rule> = it.map(|p| p.as_rule()).collect();
        return Ok(CastlingDecl {
            king,
            rook,
            along,
            king_min: 1,
            king_open: false,
            rook_place: RookPlace::Beside,
            fixed: Some((king_zone, rook_zone)),
            not_checking: rest.contains(&Rule::not_checking_mod),
            opposite: rest.contains(&Rule::opposite_mod),
            span: sp,
        });
    }
    let mut k = inner(kr);
    let n = k.next().expect("king distance");
    let king_min = small(n)?;
    let king_open = k.next().is_some();
    let place = inner(it.next().expect("rook place")).next().expect("place");
    let rook_place = if place.as_rule() == Rule::beside_kw {
        RookPlace::Beside
    } else {
        RookPlace::Behind
    };
    let rest: Vec<Rule> = it.map(|p| p.as_rule()).collect();
    Ok(CastlingDecl {
        king,
        rook,
        along,
        king_min,
        king_open,
        rook_place,
        fixed: None,
        not_checking: rest.contains(&Rule::not_checking_mod),
        opposite: rest.contains(&Rule::opposite_mod),
        span: sp,
    })
}

fn lower_place(stmt: P<'_>) -> Result<WallingDecl, Diagnostic> {
    let sp = span(&stmt);
    let mut it = inner(stmt);
    let kind = name(it.next().expect("kind"));
    let mut decl = WallingDecl {
        kind,
        new: false,
        zone: None,
        at: WallAt::Anywhere,
        shields: false,
        span: sp,
    };
    for m in it {
        let msp = span(&m);
        let m = inner(m).next().expect("modifier");
        let twice = match m.as_rule() {
            Rule::place_new => std::mem::replace(&mut decl.new, true),
            Rule::place_shields => std::mem::replace(&mut decl.shields, true),
            Rule::to_mod => decl
                .zone
                .replace(name(inner(m).next().expect("zone")))
                .is_some(),
            Rule::place_origin | Rule::place_shot => {
                let at = if m.as_rule() == Rule::place_origin {
                    WallAt::Origin
                } else {
                    WallAt::Shot
                };
                std::mem::replace(&mut decl.at, at) != WallAt::Anywhere
            }
            r => unreachable!("grammar yields no {r:?} in `place`"),
        };
        if twice {
            return Err(Diagnostic::new(
                msp,
                "`place` takes each of `new`, `to`, `shields` and one of `at origin` and `shot` once",
            ));
        }
    }
    Ok(decl)
}

fn lower_goal(pair: P<'_>) -> Result<GoalDecl, Diagnostic> {
    let sp = span(&pair);
    let mut it = inner(pair);
    let cond = it.next().expect("condition");
    let mut reach_count = None;
    let mut repeated_side = None;
    let condition = match cond.as_rule() {
        Rule::extinct_goal => {
            let mut at_most = 0;
            let mut names = Vec::new();
            for p in inner(cond) {
                if p.as_rule() == Rule::at_most {
                    let n = inner(p).next().expect("count");
                    let nsp = span(&n);
                    at_most = u8::try_from(small(n)?)
                        .ok()
                        .filter(|&v| v < 255)
                        .ok_or_else(|| {
                            Diagnostic::new(nsp, "`at most` takes a number from 0 to 254")
                        })?;
                } else {
                    names.push(name(p));
                }
            }
            GoalCondition::Extinct(names, at_most)
        }
        Rule::checks_goal => {
            let csp = span(&cond);
            GoalCondition::Checked(small(inner(cond).next().expect("count"))?, csp)
        }
        Rule::reach_goal => {
            let holds = cond
                .clone()
                .children()
                .any(|p| matches!(p.as_rule(), Rule::kw_holds | Rule::kw_hold));
            let mut r = inner(cond).peekable();
            if let Some(n) = r.next_if(|p| p.as_rule() == Rule::reach_count) {
                let n = inner(n).next().expect("count");
                let nsp = span(&n);
                reach_count = Some((small(n)?, nsp));
            }
            let kind = name(r.next().expect("kind"));
            let zone = name(r.next().expect("zone"));
            GoalCondition::Reaches(kind, zone, holds, r.next().is_some())
        }
        Rule::passes_goal => {
            let csp = span(&cond);
            GoalCondition::Passed(small(inner(cond).next().expect("count"))?, csp)
        }
        Rule::repeats_goal => {
            // `repeated N times`, without the side after it.
            let whole = span(&cond);
            let csp = cond
                .clone()
                .children()
                .find(|p| p.as_rule() == Rule::kw_times)
                .map_or(whole, |t| {
                    Span::new(whole.start as usize, span(&t).end as usize)
                });
            let mut r = inner(cond);
            let n = small(r.next().expect("count"))?;
            repeated_side = r.next().map(lower_side);
            GoalCondition::Repeated(n, csp)
        }
        Rule::clock_goal => {
            let csp = span(&cond);
            GoalCondition::Clock(small(inner(cond).next().expect("count"))?, csp)
        }
        Rule::material_goal => GoalCondition::Material(
            inner(cond)
                .map(|set| inner(set).map(name).collect())
                .collect(),
        ),
        Rule::back_goal => GoalCondition::BackAndForth(inner(cond).map(name).collect()),
        Rule::faces_goal => {
            let mut r = inner(cond);
            let kind = name(r.next().expect("kind"));
            let other = name(r.next().expect("kind"));
            GoalCondition::Faces(kind, other, lower_dirs(r.next().expect("directions")))
        }
        Rule::castle_goal => {
            let castles = cond
                .clone()
                .children()
                .any(|p| p.as_rule() == Rule::kw_castles);
            let mut r = inner(cond).peekable();
            let side = r.next_if(|p| p.as_rule() == Rule::side).map(lower_side);
            GoalCondition::Castles(side, castles, lower_dirs(r.next().expect("directions")))
        }
        Rule::row_goal => {
            let shape = match cond.clone().children().next().map(|p| p.as_rule()) {
                Some(Rule::kw_line) => RowShape::Line,
                Some(Rule::kw_square) => RowShape::Square,
                _ => RowShape::Row,
            };
            let mut r = inner(cond).peekable();
            let n = r.next().expect("count");
            let nsp = span(&n);
            let count = small(n)?;
            let mut kinds = Vec::new();
            while let Some(p) = r.next_if(|p| p.as_rule() != Rule::facing_dirs) {
                kinds.push(name(p));
            }
            let dirs = lower_dirs(r.next().expect("directions"));
            GoalCondition::Row(shape, count, nsp, kinds, dirs)
        }
        Rule::chain_goal => {
            let mut kinds = Vec::new();
            let mut r = inner(cond).peekable();
            while let Some(p) = r.next_if(|p| p.as_rule() == Rule::bare_name) {
                kinds.push(name(p));
            }
            // The last two names are the zones.
            let to = kinds.pop().expect("zone");
            let from = kinds.pop().expect("zone");
            let dirs = lower_dirs(r.next().expect("directions"));
            GoalCondition::Chain(kinds, from, to, dirs)
        }
        _ => match cond.as_str() {
            "checkmated" => GoalCondition::Checkmated,
            "bare" => GoalCondition::Bare,
            "full" => GoalCondition::Full,
            _ => GoalCondition::Stalemated,
        },
    };
    let outcome = match it.next().expect("outcome").as_str() {
        "wins" => Outcome::Wins,
        "loses" => Outcome::Loses,
        "counts" => Outcome::Counts,
        _ => Outcome::Draws,
    };
    let mut answer = None;
    let mut other_has = None;
    let mut perpetual = None;
    let mut chase = None;
    let mut longer = None;
    let mut or_full = None;
    if let Some(a) = it.next() {
        if a.as_rule() == Rule::other_has {
            let n = inner(a).next().expect("count");
            let nsp = span(&n);
            other_has = Some((small(n)?, nsp));
        } else if a.as_rule() == Rule::perpetual {
            let psp = span(&a);
            let mut parts = inner(a);
            let o = match parts.next().expect("outcome").as_str() {
                "wins" => Outcome::Wins,
                "loses" => Outcome::Loses,
                "counts" => Outcome::Counts,
                _ => Outcome::Draws,
            };
            perpetual = Some((o, psp));
            chase = parts.next().map(lower_chase);
        } else if a.as_rule() == Rule::chase {
            chase = Some(lower_chase(a));
        } else if a.as_rule() == Rule::longer {
            let n = inner(a).next().expect("count");
            let nsp = span(&n);
            longer = Some((small(n)?, nsp));
        } else if a.as_rule() == Rule::or_full {
            or_full = Some(span(&a));
        } else {
            answer = Some(inner(a).next().map(lower_side));
        }
    }
    Ok(GoalDecl {
        condition,
        outcome,
        answer,
        other_has,
        perpetual,
        chase,
        longer,
        reach_count,
        or_full,
        repeated_side,
        span: sp,
    })
}

/// `, perpetual chase OUTCOME except KINDS outside ZONE`.
fn lower_chase(pair: P<'_>) -> ChaseDecl {
    let sp = span(&pair);
    let mut parts = inner(pair);
    let outcome = match parts.next().expect("outcome").as_str() {
        "wins" => Outcome::Wins,
        "loses" => Outcome::Loses,
        "counts" => Outcome::Counts,
        _ => Outcome::Draws,
    };
    let mut except = Vec::new();
    let mut outside = None;
    if let Some(ex) = parts.next() {
        let mut zone_next = false;
        for p in ex.children() {
            match p.as_rule() {
                Rule::kw_outside => zone_next = true,
                Rule::bare_name if zone_next => outside = Some(name(p)),
                Rule::bare_name => except.push(name(p)),
                _ => {}
            }
        }
    }
    ChaseDecl {
        outcome,
        except,
        outside,
        span: sp,
    }
}

fn lower_shuffle(pair: P<'_>) -> ShuffleDecl {
    let sp = span(&pair);
    let mut it = inner(pair);
    let zone = name(it.next().expect("zone"));
    let mut decl = ShuffleDecl {
        zone,
        steps: Vec::new(),
        defended: Vec::new(),
        span: sp,
    };
    for item in it {
        let item = inner(item).next().expect("shuffle item");
        if item.as_rule() == Rule::shuffle_defended {
            decl.defended.extend(inner(item).map(name));
            continue;
        }
        let mut step = ShuffleStepDecl {
            kinds: Vec::new(),
            zones: Vec::new(),
            in_order: false,
            span: span(&item),
        };
        for p in inner(item) {
            match p.as_rule() {
                Rule::shuffle_on => step.zones.extend(inner(p).map(name)),
                Rule::in_order => step.in_order = true,
                _ => step.kinds.push(name(p)),
            }
        }
        decl.steps.push(step);
    }
    decl
}

/// The meaningful children of a `look` item: the leading word (`board`,
/// `round`...) is skipped as keywords are.
fn look_parts(item: P<'_>) -> impl Iterator<Item = P<'_>> {
    inner(item).filter(|p| {
        !matches!(
            p.as_rule(),
            Rule::look_word_board
                | Rule::look_word_sides
                | Rule::look_word_river
                | Rule::look_word_lines
                | Rule::look_word_dots
                | Rule::look_word_labels
                | Rule::look_word_chess
                | Rule::look_word_thai
                | Rule::look_word_round
                | Rule::look_word_pointed
                | Rule::look_word_picture
        )
    })
}

fn lower_look(pair: P<'_>) -> LookDecl {
    let item = inner(pair).next().expect("look item");
    let rule = item.as_rule();
    let mut it = look_parts(item);
    let mut next = || name(it.next().expect("look part"));
    match rule {
        Rule::look_board => LookDecl::Board(next()),
        Rule::look_sides => {
            let white = next();
            LookDecl::Sides(white, next())
        }
        Rule::look_river => {
            let axis = next();
            LookDecl::River(axis, next())
        }
        Rule::look_lines => {
            let zone = next();
            LookDecl::Lines(zone, lower_dirs(it.next().expect("directions")))
        }
        Rule::look_labels => {
            let axis = next();
            let mut edge = None;
            let mut texts = Vec::new();
            for part in it {
                match part.as_rule() {
                    Rule::look_edge => edge = Some(name(part)),
                    _ => texts.push(name(part)),
                }
            }
            LookDecl::Labels { axis, edge, texts }
        }
        _ => LookDecl::Dots(lower_cell_set(it.next().expect("cells"))),
    }
}

fn lower_piece_look(pair: P<'_>) -> PieceLookDecl {
    let item = inner(pair).next().expect("look item");
    let rule = item.as_rule();
    let mut it = look_parts(item).map(name);
    match rule {
        Rule::look_chess => PieceLookDecl::Chess(it.next().expect("shape")),
        Rule::look_thai => PieceLookDecl::Thai(it.next().expect("shape")),
        Rule::look_round => PieceLookDecl::Round(it.next().expect("text"), it.next()),
        Rule::look_pointed => PieceLookDecl::Pointed(it.next().expect("text"), it.next()),
        Rule::look_disc => PieceLookDecl::Disc,
        Rule::look_letter => PieceLookDecl::Letter,
        _ => PieceLookDecl::Picture(it.next().expect("file")),
    }
}

fn lower_layout(pair: P<'_>) -> LayoutDecl {
    let item = inner(pair).next().expect("layout item");
    match item.as_rule() {
        Rule::layout_hexagons => LayoutDecl::Hexagons(span(&item)),
        Rule::layout_stacked => LayoutDecl::Stacked(span(&item)),
        Rule::layout_intersections => LayoutDecl::Intersections(span(&item)),
        _ => {
            let mut it = inner(item);
            let cell = name(it.next().expect("cell"));
            LayoutDecl::Place(cell, name(it.next().expect("coordinate")))
        }
    }
}
