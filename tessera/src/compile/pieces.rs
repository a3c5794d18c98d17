//! Pieces: movements and their modifiers, counters, promotion, and the attack
//! tables derived from movement (attack is never written twice).

use super::board::Board;
use super::leaps::Leaps;
use super::names::Names;
use super::work::{Work, PER_DROP_PROBE, PER_RUN};
use crate::diag::{Diagnostic, Diagnostics};
use crate::game::{
    AttackPattern, AttackRays, Counter, Kind, KindMasks, Leg, Mark, Modality, Movement, PathLine,
    PieceDef, Promotion, Reach, ALL_KINDS, NEAR,
};
use crate::limits::MAX_JUMP_VISITS;
use crate::syntax::ast;

/// The most piece kinds a game may have: codes are bytes.
pub use crate::limits::MAX_KINDS;

/// The name tables a piece refers to.
pub struct Scope<'a> {
    pub board: &'a Board,
    pub work: &'a Work,
    /// Whether the game drops pieces, which costs work per movement.
    pub drops: bool,
    pub zones: &'a Names<usize>,
    pub pools: &'a Names<usize>,
}

/// Compiles the pieces; also returns the table of piece names, for the rules
/// that name pieces (setup, castling, phases).
pub fn build(
    file: &ast::File,
    scope: &Scope<'_>,
    leaps: &mut Leaps,
    errors: &mut Diagnostics,
) -> (Vec<PieceDef>, Names<Kind>) {
    let mut names: Names<Kind> = Names::new("piece");
    let mut letters: Names<Kind> = Names::new("piece letter");
    for (i, p) in file.pieces.iter().enumerate() {
        if i >= MAX_KINDS {
            errors.push(Diagnostic::new(
                p.name.span,
                format!(
                    "the rule file has more than {MAX_KINDS} piece kinds; the limit is {MAX_KINDS}"
                ),
            ));
            break;
        }
        names.declare(&p.name, i as Kind, errors);
        // Letters ignore case: the case tells the side in positions.
        let upper = p.letter.text.to_ascii_uppercase();
        match letters.get(&upper) {
            Some(&k) => errors.push(Diagnostic::new(
                p.letter.span,
                format!(
                    "piece letter `{}` is already `{}`'s (letters ignore case)",
                    p.letter.text, file.pieces[k as usize].name.text
                ),
            )),
            None => letters.declare(
                &ast::Name {
                    text: upper.into(),
                    span: p.letter.span,
                },
                i as Kind,
                errors,
            ),
        }
    }
    let mut pieces: Vec<PieceDef> = file
        .pieces
        .iter()
        .take(MAX_KINDS)
        .enumerate()
        .map(|(k, p)| build_piece(p, k as Kind, scope, &names, leaps, errors))
        .collect();
    for (k, p) in file.pieces.iter().enumerate().take(MAX_KINDS) {
        if let Some(base) = p.letter.text.strip_prefix('+') {
            match letters.get(&base.to_ascii_uppercase()) {
                Some(&b) => {
                    pieces[k].mark = Mark::Promoted(b);
                    pieces[k].letter = pieces[b as usize].letter;
                }
                None => errors.push(Diagnostic::new(
                    p.letter.span,
                    format!("`{}` names the promoted form of a piece lettered `{base}`, but no piece has that letter", p.letter.text),
                )),
            }
        }
    }
    promoted_as(&mut pieces, file, &names, errors);
    // Captures that change sides imply marked promotions (the piece goes back
    // as what it was), unless captured pieces keep their promotion.
    if file.captured_by_captor && !file.captured_keeps_promotion {
        for p in pieces.iter_mut() {
            for r in p.promotions.iter_mut() {
                r.marked = true;
            }
            for r in p.in_place.iter_mut() {
                r.marked = true;
            }
        }
    }
    add_promoted_copies(&mut pieces, file, scope, errors);
    undoable_promotions(&mut pieces);
    let bases: Vec<Kind> = pieces.iter().map(|p| p.base).collect();
    for p in pieces.iter_mut() {
        for m in p.movements.iter_mut() {
            m.capture_kinds = with_copies(&bases, m.capture_kinds);
            m.screen_kinds = with_copies(&bases, m.screen_kinds);
        }
    }
    (pieces, names)
}

/// `piece NAME +X as KIND`: the promoted form of X is a piece of KIND,
/// promoted. It takes KIND's movements, promotions and royalty (its own
/// promotion rules come after KIND's), and counts as KIND wherever a rule
/// or goal names KIND; it keeps its own name, letter and `+` mark, and goes
/// back to a hand as X.
fn promoted_as(
    pieces: &mut [PieceDef],
    file: &ast::File,
    names: &Names<Kind>,
    errors: &mut Diagnostics,
) {
    for (k, p) in file.pieces.iter().enumerate().take(pieces.len()) {
        let Some(as_kind) = &p.as_kind else { continue };
        let Some(t) = names.resolve(as_kind, errors) else {
            continue;
        };
        let t = t as usize;
        let fail = |errors: &mut Diagnostics, m: String| {
            errors.push(Diagnostic::new(as_kind.span, m));
        };
        if !matches!(pieces[k].mark, Mark::Promoted(_)) {
            fail(
                errors,
                format!(
                    "`as {}` is for a promoted form, a piece lettered `+X`; `{}` is lettered `{}`",
                    as_kind.text, p.name.text, p.letter.text
                ),
            );
            continue;
        }
        if file.pieces[t].as_kind.is_some() || matches!(pieces[t].mark, Mark::Promoted(_)) {
            fail(
                errors,
                format!(
                    "`as {}`: `{}` is itself a promoted form; name a kind of its own",
                    as_kind.text, as_kind.text
                ),
            );
            continue;
        }
        if t == k || pieces[t].neutral || p.neutral {
            fail(
                errors,
                format!(
                    "`as {}`: a piece is promoted as another kind of a side's own",
                    as_kind.text
                ),
            );
            continue;
        }
        if !p.movements.is_empty() || !p.betza.is_empty() || p.counter.is_some() {
            fail(
                errors,
                format!(
                    "`{}` moves as `{}` does (`as {}`); it has no movements or counter of its own",
                    p.name.text, as_kind.text, as_kind.text
                ),
            );
            continue;
        }
        let own = &pieces[k];
        let mut def = pieces[t].clone();
        def.name = own.name.clone();
        def.letter = own.letter;
        def.mark = own.mark;
        def.base = t as Kind;
        def.royal |= own.royal;
        if p.value.is_some() {
            def.value = own.value;
        }
        def.promotions.extend(own.promotions.iter().cloned());
        def.in_place.extend(own.in_place.iter().cloned());
        if own.on_capture_become.is_some() {
            def.on_capture_become = own.on_capture_become;
        }
        pieces[k] = def;
    }
}

/// Notes, for each kind, the kinds it promotes to (from nowhere) that
/// promote back to it: such a promotion can be undone.
fn undoable_promotions(pieces: &mut [PieceDef]) {
    let promotes_to = |p: &PieceDef, k: usize| {
        p.promotions
            .iter()
            .any(|r| r.from_pools.is_empty() && r.targets.iter().any(|&t| t as usize == k))
    };
    for k in 0..pieces.len() {
        let mut mask = 0u128;
        for (t, target) in pieces.iter().enumerate() {
            if promotes_to(&pieces[k], t) && promotes_to(target, k) {
                mask |= 1u128 << t;
            }
        }
        pieces[k].undoable_promotions = mask;
    }
}

/// `mask` with every kind whose base kind is in it: a promoted copy counts as
/// the kind it copies.
pub fn with_copies(bases: &[Kind], mask: u128) -> u128 {
    bases
        .iter()
        .enumerate()
        .filter(|(_, &b)| mask & (1u128 << b) != 0)
        .fold(mask, |m, (k, _)| m | 1u128 << k)
}

/// In a game where captured pieces change sides, a piece made by promotion
/// must remember what it was, to go back to its captor's hand as that: each
/// target of a marked promotion (`, marked`, implied there) that is an
/// ordinary kind gets a copy per promoting kind, which moves as it does and
/// is written with `~`. `promote in place` rules are marked alike.
fn add_promoted_copies(
    pieces: &mut Vec<PieceDef>,
    file: &ast::File,
    scope: &Scope<'_>,
    errors: &mut Diagnostics,
) {
    let declared = pieces.len();
    for origin in 0..declared {
        // Each marked rule's targets, as (in place, rule, target) indices.
        let mut slots = Vec::new();
        for (r, rule) in pieces[origin].promotions.iter().enumerate() {
            if rule.marked {
                slots.extend((0..rule.targets.len()).map(|t| (false, r, t)));
            }
        }
        for (r, rule) in pieces[origin].in_place.iter().enumerate() {
            if rule.marked {
                slots.extend((0..rule.targets.len()).map(|t| (true, r, t)));
            }
        }
        for (in_place, r, t) in slots {
            let target = if in_place {
                pieces[origin].in_place[r].targets[t]
            } else {
                pieces[origin].promotions[r].targets[t]
            };
            // A demotion (a kind lettered `+X` turning back into `X`)
            // makes the plain kind again, not a copy.
            if pieces[target as usize].mark != Mark::Plain
                || pieces[origin].mark == Mark::Promoted(target)
            {
                continue;
            }
            let Some(copy) = promoted_copy(pieces, origin, target, file, scope, errors) else {
                return;
            };
            if in_place {
                pieces[origin].in_place[r].targets[t] = copy;
            } else {
                pieces[origin].promotions[r].targets[t] = copy;
            }
        }
    }
}

/// The copy of `target` that promoting `origin` makes, added if there is
/// none yet; `None` (with the error said) past the limit of kinds or the
/// compile's budget.
fn promoted_copy(
    pieces: &mut Vec<PieceDef>,
    origin: usize,
    target: Kind,
    file: &ast::File,
    scope: &Scope<'_>,
    errors: &mut Diagnostics,
) -> Option<Kind> {
    if let Some(c) = pieces
        .iter()
        .position(|p| p.mark == Mark::Copy(origin as Kind) && p.base == target)
    {
        return Some(c as Kind);
    }
    if pieces.len() >= MAX_KINDS {
        errors.push(Diagnostic::new(
            file.pieces[origin].name.span,
            format!("the rule file has more than {MAX_KINDS} piece kinds, counting the promoted copies that marked promotions make; the limit is {MAX_KINDS}"),
        ));
        return None;
    }
    let units = pieces[target as usize]
        .movements
        .iter()
        .map(|m| movement_units(m, scope))
        .fold(0, u64::saturating_add);
    if !scope
        .work
        .charge(units, file.pieces[origin].name.span, errors)
    {
        return None;
    }
    let mut c = pieces[target as usize].clone();
    c.name = format!("{}~", c.name);
    c.mark = Mark::Copy(origin as Kind);
    c.base = target;
    pieces.push(c);
    Some((pieces.len() - 1) as Kind)
}

fn build_piece(
    p: &ast::PieceDecl,
    own: Kind,
    scope: &Scope<'_>,
    kinds: &Names<Kind>,
    leaps: &mut Leaps,
    errors: &mut Diagnostics,
) -> PieceDef {
    let counter = p.counter.as_ref().and_then(|c| build_counter(c, errors));
    let movements: Vec<Movement> = p
        .movements
        .iter()
        .filter_map(|m| build_movement(m, p, scope, kinds, leaps, errors))
        .collect();
    let on_capture_lower = match &p.on_capture {
        Some((n, by)) => {
            check_counter_name(p, n, errors);
            // A counter holds 0 to 255, so a larger amount is a mistake to
            // report rather than an amount to cut.
            u8::try_from(*by).unwrap_or_else(|_| {
                errors.push(Diagnostic::new(
                    n.span,
                    format!("`lower {} by N` takes N from 0 to 255; found {by}", n.text),
                ));
                u8::MAX
            })
        }
        None => 0,
    };
    let promotions = p
        .promotions
        .iter()
        .filter_map(|pr| build_promotion(pr, scope, kinds, errors))
        .collect();
    let may_duplicate = movements.len() > 1
        || movements.iter().any(|m| {
            m.legs.len() > 1
                || m.legs
                    .iter()
                    .any(|l| matches!(l, Leg::Path(..) | Leg::Hop(..)))
        })
        || scope.board.branches;
    PieceDef {
        name: p.name.text.to_string(),
        letter: p
            .letter
            .text
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_uppercase(),
        value: p.value.unwrap_or(0),
        royal: p.royal,
        neutral: p.neutral,
        tracks_unmoved: movements.iter().any(|m| m.first_only || m.later_only),
        movements,
        promotions,
        in_place: p
            .in_place
            .iter()
            .filter_map(|d| {
                let zone = scope.zones.resolve(&d.zone, errors);
                let targets: Vec<Kind> = d
                    .targets
                    .iter()
                    .filter_map(|t| kinds.resolve(t, errors))
                    .collect();
                Some(crate::game::InPlace {
                    zone: zone?,
                    targets,
                    last_anywhere: d.last_anywhere,
                    moving: d.moving,
                    not_attacking: d.not_attacking,
                    not_checking: d.not_checking,
                    at_most: d.at_most,
                    marked: d.marked,
                })
            })
            .collect(),
        mark: Mark::Plain,
        base: own,
        may_duplicate,
        counter,
        on_capture_lower,
        on_capture_become: p
            .on_capture_become
            .as_ref()
            .and_then(|k| kinds.resolve(k, errors)),
        undoable_promotions: 0,
        resets_clock: false,
        reversible: None,
        betza: Err(String::new()),
    }
}

fn build_counter(c: &ast::CounterDecl, errors: &mut Diagnostics) -> Option<Counter> {
    if c.low > c.high || !(c.low..=c.high).contains(&c.start) || c.high > 255 {
        errors.push(Diagnostic::new(
            c.span,
            format!(
                "counter `{}` needs low <= start <= high <= 255; found {}..{} start {}",
                c.name.text, c.low, c.high, c.start
            ),
        ));
        return None;
    }
    Some(Counter {
        low: c.low as u8,
        high: c.high as u8,
        start: c.start as u8,
    })
}

/// Reports `name` unless it is the piece's counter.
fn check_counter_name(p: &ast::PieceDecl, name: &ast::Name, errors: &mut Diagnostics) {
    if p.counter.as_ref().is_none_or(|c| c.name.text != name.text) {
        errors.push(Diagnostic::new(
            name.span,
            format!(
                "piece `{}` has no counter `{}`; declare it with `counter {} LOW..HIGH start N`",
                p.name.text, name.text, name.text
            ),
        ));
    }
}

/// The zone of a `promote stuck` rule until the compiler gives it one.
pub(crate) const STUCK_ZONE: usize = usize::MAX;

fn build_promotion(
    pr: &ast::PromotionDecl,
    scope: &Scope<'_>,
    kinds: &Names<Kind>,
    errors: &mut Diagnostics,
) -> Option<Promotion> {
    // `stuck`: a zone of the piece's own, filled in once its moves are known
    // (`compile::fill_stuck_zones`).
    let zone = if pr.stuck {
        Some(STUCK_ZONE)
    } else {
        scope.zones.resolve(&pr.zone, errors)
    };
    let targets: Vec<Kind> = pr
        .targets
        .iter()
        .filter_map(|t| kinds.resolve(t, errors))
        .collect();
    let from_pools: Vec<usize> = pr
        .pools
        .iter()
        .filter_map(|n| scope.pools.resolve(n, errors))
        .collect();
    let itself_to = pr
        .itself_to
        .as_ref()
        .and_then(|n| scope.pools.resolve(n, errors));
    if pr.itself_to.is_some() && pr.pools.is_empty() {
        errors.push(Diagnostic::new(
            pr.span,
            "`itself to` needs the promoted piece to come `from` a pool",
        ));
    }
    if (pr.only_captured || pr.at_most.is_some()) && !pr.pools.is_empty() {
        errors.push(Diagnostic::new(
            pr.span,
            "`only captured` limits promotion by the pieces on the board; it cannot go with `from` pools",
        ));
    }
    Some(Promotion {
        on_origin: pr.on_origin,
        zone: zone?,
        targets,
        from_pools,
        itself_to,
        marked: pr.marked,
        optional: pr.optional,
        only_captured: pr.only_captured,
        at_most: pr.at_most,
        not_en_passant: pr.not_en_passant,
        on_capture: pr.on_capture,
    })
}

fn build_reach(
    limit: Option<&ast::Limit>,
    p: &ast::PieceDecl,
    span: crate::diag::Span,
    errors: &mut Diagnostics,
) -> Reach {
    match limit {
        None => Reach::Steps(u32::MAX),
        Some(ast::Limit::Steps(0)) => {
            errors.push(Diagnostic::new(span, "`up to 0` steps goes nowhere"));
            Reach::Steps(1)
        }
        Some(ast::Limit::Steps(n)) => Reach::Steps(*n),
        Some(ast::Limit::Counter(n)) => {
            check_counter_name(p, n, errors);
            Reach::Counter
        }
    }
}

/// The directions of a leg (`step n ne`), where a word that names no
/// direction but starts a modifier (`step n quiet`) is reported as the
/// modifier it is, missing its colon, and ends the list.
fn leg_dirs(board: &Board, keyword: &str, dirs: &[ast::Name], errors: &mut Diagnostics) -> Vec<u8> {
    let words = |names: &[ast::Name]| {
        names
            .iter()
            .map(|n| n.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // A modifier's first words tell it (`not to camp`): a few are joined, so
    // that a list of many unknown names costs no more than its length.
    let modifier = dirs.iter().enumerate().position(|(i, n)| {
        let few = &dirs[i..dirs.len().min(i + 4)];
        !board.groups.contains(&n.text) && crate::syntax::starts_modifier(&words(few))
    });
    let Some(at) = modifier else {
        return board.dirs(dirs, errors);
    };
    let (before, after) = dirs.split_at(at);
    errors.push(Diagnostic::new(
        after[0].span,
        format!(
            "unknown direction or group `{}`; a modifier follows a colon: `{keyword} {}: {}`",
            after[0].text,
            words(before),
            words(after)
        ),
    ));
    board.dirs(before, errors)
}

fn build_movement(
    m: &ast::Movement,
    p: &ast::PieceDecl,
    scope: &Scope<'_>,
    kinds: &Names<Kind>,
    leaps: &mut Leaps,
    errors: &mut Diagnostics,
) -> Option<Movement> {
    let board = scope.board;
    let mut legs = Vec::new();
    for leg in &m.legs {
        legs.push(match leg {
            ast::Leg::Step(dirs) => Leg::Step(leg_dirs(board, "step", dirs, errors)),
            ast::Leg::Slide(dirs, limit) => Leg::Slide(
                leg_dirs(board, "slide", dirs, errors),
                build_reach(limit.as_ref(), p, m.span, errors),
            ),
            ast::Leg::Path(dirs, limit) => Leg::Path(
                leg_dirs(board, "path", dirs, errors),
                build_reach(Some(limit), p, m.span, errors),
            ),
            ast::Leg::Leap(offsets, images, span) => {
                Leg::Leap(leaps.tables(board, offsets, *images, *span, scope.work, errors)?)
            }
            ast::Leg::Hop(dirs, limit) => Leg::Hop(
                leg_dirs(board, "hop", dirs, errors),
                build_reach(limit.as_ref(), p, m.span, errors),
            ),
        });
    }
    let mut mv = Movement {
        legs,
        modality: Modality::Both,
        first_only: false,
        later_only: false,
        from_zone: None,
        not_from_zone: None,
        to_zone: None,
        not_to_zone: None,
        sets_en_passant: false,
        takes_en_passant: false,
        jumping: false,
        not_checking: false,
        not_in_check: false,
        breadth_first: false,
        capture_kinds: ALL_KINDS,
        screen_kinds: ALL_KINDS,
        hop_within_bytes: u16::MAX.to_le_bytes(),
    };
    let zones = scope.zones;
    let mut capturing_at = None;
    let mut jumping_at = None;
    for modifier in &m.modifiers {
        match modifier {
            ast::Modifier::Quiet(s) | ast::Modifier::Capture(s) => {
                let want = if matches!(modifier, ast::Modifier::Quiet(_)) {
                    Modality::Quiet
                } else {
                    Modality::Capture
                };
                if mv.modality != Modality::Both && mv.modality != want {
                    errors.push(Diagnostic::new(
                        *s,
                        "a movement cannot be both `quiet` and `capture`",
                    ));
                }
                mv.modality = want;
            }
            ast::Modifier::First => mv.first_only = true,
            ast::Modifier::NotFirst => mv.later_only = true,
            ast::Modifier::From(z) => set_zone(&mut mv.from_zone, "from", z, zones, errors),
            ast::Modifier::To(z) => set_zone(&mut mv.to_zone, "to", z, zones, errors),
            ast::Modifier::NotTo(z) => set_zone(&mut mv.not_to_zone, "not to", z, zones, errors),
            ast::Modifier::NotFrom(z) => {
                set_zone(&mut mv.not_from_zone, "not from", z, zones, errors)
            }
            ast::Modifier::Jumping(s) => {
                mv.jumping = true;
                jumping_at = Some(*s);
            }
            ast::Modifier::NotChecking => mv.not_checking = true,
            ast::Modifier::NotInCheck => mv.not_in_check = true,
            ast::Modifier::SetsEnPassant(s) => {
                if mv.legs.len() < 2 || mv.legs.len() > 3 {
                    errors.push(Diagnostic::new(
                        *s,
                        "`sets en passant` needs a movement of 2 or 3 legs: the cells it passes are the targets",
                    ));
                }
                mv.sets_en_passant = true;
            }
            ast::Modifier::TakesEnPassant => mv.takes_en_passant = true,
            ast::Modifier::Capturing(only, names, s) | ast::Modifier::Over(only, names, s) => {
                let mask = names
                    .iter()
                    .filter_map(|n| kinds.resolve(n, errors))
                    .fold(0u128, |m, k| m | 1u128 << k);
                let limit = if *only { mask } else { !mask };
                match modifier {
                    ast::Modifier::Capturing(..) => {
                        capturing_at = Some(*s);
                        mv.capture_kinds &= limit;
                    }
                    _ => {
                        if !mv.legs.iter().any(|l| matches!(l, Leg::Hop(..))) {
                            errors.push(Diagnostic::new(
                                *s,
                                "`over` limits the screen of a `hop`; this movement has none",
                            ));
                        }
                        mv.screen_kinds &= limit;
                    }
                }
            }
            ast::Modifier::Within(n, s) => {
                if !mv.legs.iter().any(|l| matches!(l, Leg::Hop(..))) {
                    errors.push(Diagnostic::new(
                        *s,
                        "`within` limits how far a `hop` lands; this movement has none",
                    ));
                } else if *n == 0 || *n > 4096 {
                    errors.push(Diagnostic::new(
                        *s,
                        "`within` takes a number of steps from 1 to 4096",
                    ));
                }
                mv.hop_within_bytes = u16::try_from(*n).unwrap_or(u16::MAX).to_le_bytes();
            }
        }
    }
    if let (Some(at), Modality::Quiet) = (capturing_at, mv.modality) {
        errors.push(Diagnostic::new(
            at,
            "a `quiet` movement captures nothing, so `capturing` says nothing",
        ));
    }
    let work = scope.work;
    if mv.jumping && mv.legs.len() > 1 && !mv.sets_en_passant && leaps_only(&mv.legs) {
        let most = MAX_JUMP_VISITS.min(u128::from(work.left()));
        let at = jumping_at.unwrap_or(m.span);
        // Once the compile's budget is spent the file is refused anyway: the
        // composition would only spend the time the budget was to save.
        if !work.is_spent() {
            let (leap, visits) = compose_jump(&mv.legs, board, leaps, most);
            // Refused or not, the visits were made: they count toward the
            // budget, so that many refused movements cannot add up.
            let charged = work.charge(u64::try_from(visits).unwrap_or(u64::MAX), at, errors);
            match leap {
                Some(leap) => {
                    mv.legs = vec![Leg::Leap(leap)];
                    mv.jumping = false;
                }
                None if visits > MAX_JUMP_VISITS => {
                    let message = format!(
                        "turning this `jumping` movement into a leap table visits more cells than the limit, {}",
                        crate::limits::thousands(MAX_JUMP_VISITS)
                    );
                    errors.push(Diagnostic::new(at, message));
                    return None;
                }
                None => {
                    debug_assert!(!charged, "stopped within both limits");
                    return None;
                }
            }
        }
    }
    let paths = path_count(&mv.legs, board, leaps);
    mv.breadth_first = !mv.sets_en_passant && paths > MAX_PATHS;
    if !work.charge(movement_units(&mv, scope), m.span, errors) {
        return None;
    }
    if mv.sets_en_passant && paths > crate::limits::MAX_EN_PASSANT_PATHS {
        // Each path passes its own cells, so these are followed one by one.
        let message = format!(
            "a `sets en passant` movement may follow up to {} paths; the limit is {}",
            crate::limits::thousands(paths),
            crate::limits::thousands(crate::limits::MAX_EN_PASSANT_PATHS)
        );
        errors.push(Diagnostic::new(m.span, message));
    }
    if mv.first_only && mv.later_only {
        errors.push(Diagnostic::new(
            m.span,
            "a movement cannot be both `first` and `not first`",
        ));
    }
    if mv.takes_en_passant && mv.modality == Modality::Quiet {
        errors.push(Diagnostic::new(
            m.span,
            "a `quiet` movement cannot take en passant",
        ));
    }
    Some(mv)
}

/// The work a movement costs after it is compiled: the move table builds its
/// runs from every cell for each side, leg by leg (a movement generated leg
/// by leg over sets of cells has none); and where pieces are dropped, its
/// moves are generated twice from every cell, to find where a dropped piece
/// could never move (`dead_cells`), a slide along a line as long as the
/// longest axis at most, a movement over sets of cells a set per leg.
fn movement_units(m: &Movement, scope: &Scope<'_>) -> u64 {
    let board = scope.board;
    let cells = board.cells.len() as u64;
    let runs = 2 * cells;
    let legs = m.legs.len() as u64;
    let tabled = if m.breadth_first { 1 } else { legs };
    let mut units = runs.saturating_mul(tabled * PER_RUN);
    if scope.drops {
        let longest = board.axes.iter().map(|a| a.len as u64).max().unwrap_or(1);
        let walk: u64 = if m.breadth_first {
            legs * (cells / 64 + 1)
        } else {
            m.legs
                .iter()
                .map(|l| match l {
                    Leg::Step(_) | Leg::Leap(_) => 1,
                    Leg::Slide(..) | Leg::Path(..) | Leg::Hop(..) => longest,
                })
                .fold(0, u64::saturating_add)
        };
        let probes = 2 * runs;
        units = units.saturating_add(probes.saturating_mul(walk.saturating_add(PER_DROP_PROBE)));
    }
    units
}

/// Whether every leg goes a fixed way (steps and leaps), so that a jumping
/// movement's destinations do not depend on the position.
fn leaps_only(legs: &[Leg]) -> bool {
    legs.iter()
        .all(|l| matches!(l, Leg::Step(_) | Leg::Leap(_)))
}

/// A jumping movement of steps and leaps is a leap: its destinations from each
/// cell are fixed, so they become a leap table per side (the knight of The
/// Central Squares, two steps along an axis and one across, is one lookup).
///
/// Where all the legs are alike, the cells reached after each leg soon repeat
/// (with a period of one or two legs, once the walk has spread as far as it
/// can), and the rest of the legs is skipped: a thousand steps cost about as
/// much as the board is wide.
///
/// The work is counted in cells visited (each cell of each frontier, once per
/// way it goes on); the tables are `None` past `most` visits, at most
/// [`MAX_JUMP_VISITS`], which bounds the time of every composition. Following
/// such a movement leg by leg at each move instead would cost its work over
/// again at every move generated. Also returns the visits made.
fn compose_jump(
    legs: &[Leg],
    board: &Board,
    leaps: &mut Leaps,
    most: u128,
) -> (Option<[usize; 2]>, u128) {
    let cells = board.cells.len();
    let mut visits: u128 = 0;
    let alike = legs.windows(2).all(|w| same_leg(&w[0], &w[1]));
    // Per cell, the last frontier it was added to, so that each is added once.
    let mut stamps = vec![usize::MAX; cells];
    let mut stamp = 0;
    let mut tables = [0; 2];
    for (side, table) in tables.iter_mut().enumerate() {
        let mut lists: Vec<Vec<u16>> = Vec::with_capacity(cells);
        for from in 0..cells as u16 {
            let (mut before, mut frontier) = (None, vec![from]);
            for (k, leg) in legs.iter().enumerate() {
                stamp += 1;
                let mut next: Vec<u16> = Vec::new();
                for &c in &frontier {
                    let targets: &[u16] = match leg {
                        Leg::Step(dirs) => {
                            for &d in dirs {
                                let key = d as usize * cells + c as usize;
                                let step = board.steps[side].get(key);
                                visits += step.len() as u128;
                                for &t in step {
                                    if stamps[t as usize] != stamp {
                                        stamps[t as usize] = stamp;
                                        next.push(t);
                                    }
                                }
                            }
                            &[]
                        }
                        Leg::Leap(n) => leaps.tables[n[side]].get(c as usize),
                        _ => unreachable!("leaps_only checked the legs"),
                    };
                    visits += targets.len() as u128;
                    for &t in targets {
                        if stamps[t as usize] != stamp {
                            stamps[t as usize] = stamp;
                            next.push(t);
                        }
                    }
                }
                if visits > most {
                    return (None, visits);
                }
                next.sort_unstable();
                let left = legs.len() - (k + 1);
                if alike && (next == frontier || before.as_ref() == Some(&next)) {
                    // Period one or two: the last frontier is known.
                    if next != frontier && left % 2 == 1 {
                        next = frontier;
                    }
                    frontier = next;
                    break;
                }
                before = Some(std::mem::replace(&mut frontier, next));
            }
            frontier.retain(|&t| t != from);
            lists.push(frontier);
        }
        *table = leaps.add(&lists);
    }
    (Some(tables), visits)
}

/// Whether two legs of steps and leaps go the same ways.
fn same_leg(a: &Leg, b: &Leg) -> bool {
    match (a, b) {
        (Leg::Step(x), Leg::Step(y)) => x == y,
        (Leg::Leap(x), Leg::Leap(y)) => x == y,
        _ => false,
    }
}

/// Above this many paths a movement is generated leg by leg over sets of cells.
const MAX_PATHS: u128 = 16;

/// An upper bound on the number of paths through the legs before the last.
fn path_count(legs: &[Leg], board: &Board, leaps: &Leaps) -> u128 {
    let cells = board.cells.len();
    // The widest steps and leaps are known per direction and table, so a
    // movement of a thousand legs costs a thousand lookups, not cells each.
    let fanout = |leg: &Leg| -> u128 {
        match leg {
            Leg::Step(dirs) => dirs
                .iter()
                .map(|&d| board.widest_step[d as usize] as u128)
                .sum(),
            Leg::Slide(dirs, _) => dirs.len() as u128 * cells as u128,
            Leg::Path(..) => cells as u128,
            Leg::Leap(n) => leaps.widest[n[0]] as u128,
            Leg::Hop(dirs, _) => dirs.len() as u128 * cells as u128,
        }
    };
    let mut count: u128 = 1;
    for leg in legs.iter().take(legs.len().saturating_sub(1)) {
        count = count.saturating_mul(fanout(leg).max(1));
    }
    count
}

/// Splits capturing movements three ways: unconditional steps, slides and leaps
/// grouped by direction and leap table; other single-leg patterns, looked up
/// backwards one by one; and kinds whose multi-leg or jumping captures are
/// generated forwards.
pub fn attack_tables(
    pieces: &[PieceDef],
    dirs: usize,
    cells: usize,
) -> (AttackRays, Vec<AttackPattern>, Vec<Kind>) {
    let mut rays = AttackRays {
        near: vec![[KindMasks::default(); NEAR]; dirs],
        far: vec![KindMasks::default(); dirs],
        reach: vec![0; dirs],
        slide_kinds: vec![0; dirs],
        origin_rules: vec![None; pieces.len()],
        ..AttackRays::default()
    };
    let mut patterns = Vec::new();
    let mut forward = Vec::new();
    for (k, p) in pieces.iter().enumerate() {
        let bit = 1u128 << k;
        // A pawn that promotes only out of a pool attacks the promotion zone
        // only while the pool holds something: a condition on the position.
        let lands_anywhere = p.promotions.iter().all(|pr| {
            pr.optional || (pr.from_pools.is_empty() && !pr.only_captured && pr.at_most.is_none())
        });
        if !lands_anywhere && p.movements.iter().any(|m| m.modality.may_capture()) {
            // A `stuck` rule (never from pools) is no such condition.
            for pr in p.promotions.iter().filter(|pr| pr.zone != STUCK_ZONE) {
                rays.pool_zones.push(pr.zone);
            }
        }
        for (i, m) in p
            .movements
            .iter()
            .enumerate()
            .filter(|(_, m)| m.modality.may_capture())
        {
            // A single-leg capture is looked up backwards; its destination zones
            // are conditions on the attacked cell, known when asked.
            // A hop `within` some steps is generated forwards too, so that
            // the backward lookups stay as they are for every other game.
            let backward = !m.attacks_forward();
            if m.legs.iter().any(|l| matches!(l, Leg::Hop(..))) {
                // A piece moving onto a hop's line becomes a screen: any move
                // may create an attack.
                rays.uncovers_anywhere = true;
            }
            if !backward {
                // Its attacks are tested along the move table's runs, whose
                // passed cells give the shields (`legal::Shields::find`).
                if !forward.contains(&(k as Kind)) {
                    forward.push(k as Kind);
                }
                continue;
            }
            match &m.legs[0] {
                Leg::Slide(ds, _) => {
                    for &d in ds {
                        if !rays.slide_dirs.contains(&d) {
                            rays.slide_dirs.push(d);
                        }
                        rays.slide_kinds[d as usize] |= bit;
                    }
                }
                Leg::Path(ds, reach) => {
                    let most = match reach {
                        Reach::Steps(n) => (*n).min(cells as u32),
                        Reach::Counter => p.counter.as_ref().map_or(0, |c| u32::from(c.high)),
                    };
                    rays.path_lines.push(PathLine {
                        kind: k as Kind,
                        dirs: ds.clone(),
                        reach: *reach,
                        most,
                    });
                }
                _ => {}
            }
            let groupable = lands_anywhere
                && m.capture_kinds == ALL_KINDS
                && m.to_zone.is_none()
                && m.not_to_zone.is_none()
                && origin_rule_fits(&mut rays, k, m);
            if !(groupable && group(&mut rays, &m.legs[0], bit, m, cells)) {
                patterns.push(AttackPattern {
                    kind: k as Kind,
                    movement: i,
                    leg: m.legs[0].clone(),
                });
            }
        }
    }
    rays.dirs = (0..dirs)
        .filter(|&d| rays.reach[d] > 0)
        .map(|d| d as u8)
        .collect();
    rays.adjacent_or_far = (0..dirs)
        .map(|d| rays.near[d][1..].iter().all(|m| *m == rays.far[d]))
        .collect();
    (rays, patterns, forward)
}

/// Whether a movement's origin zones can go with its kind into the attack rays:
/// a kind has one origin rule for all its zoned entries, and a movement with
/// origin zones is grouped only without first-move conditions.
fn origin_rule_fits(rays: &mut AttackRays, kind: usize, m: &Movement) -> bool {
    let rule = (m.from_zone, m.not_from_zone);
    if rule == (None, None) {
        return true;
    }
    if m.first_only || m.later_only {
        return false;
    }
    match &mut rays.origin_rules[kind] {
        Some(existing) => *existing == rule,
        slot => {
            *slot = Some(rule);
            true
        }
    }
}

/// Adds one leg to the attack rays, if it is a step, a slide of fixed reach or a
/// leap; returns whether it did.
fn group(rays: &mut AttackRays, leg: &Leg, bit: u128, m: &Movement, cells: usize) -> bool {
    let zoned = m.from_zone.is_some() || m.not_from_zone.is_some();
    let (first, later) = (m.first_only, m.later_only);
    let mut line = |ds: &[u8], n: u32| {
        for &d in ds {
            let d = d as usize;
            for near in rays.near[d].iter_mut().take(n as usize) {
                near.add(bit, first, later, zoned);
            }
            if n as usize >= cells {
                rays.far[d].add(bit, first, later, zoned);
            }
            rays.reach[d] = rays.reach[d].max(n);
        }
    };
    match leg {
        Leg::Step(ds) => line(ds, 1),
        Leg::Slide(ds, Reach::Steps(n)) if *n as usize >= cells || *n as usize <= NEAR => {
            line(ds, *n)
        }
        Leg::Leap(tables) => {
            for (side, &n) in tables.iter().enumerate() {
                let leapers = &mut rays.leapers[side];
                match leapers.iter_mut().find(|(t, _)| *t == n) {
                    Some((_, masks)) => masks.add(bit, first, later, zoned),
                    None => {
                        let mut masks = KindMasks::default();
                        masks.add(bit, first, later, zoned);
                        leapers.push((n, masks));
                    }
                }
            }
        }
        _ => return false,
    }
    true
}

/// Sets a movement's zone condition; a second one of the same kind would
/// silently replace the first, so it is an error.
fn set_zone(
    slot: &mut Option<usize>,
    what: &str,
    zone: &ast::Name,
    zones: &Names<usize>,
    errors: &mut Diagnostics,
) {
    if slot.is_some() {
        errors.push(Diagnostic::new(
            zone.span,
            format!(
                "`{what}` is given twice on this movement; declare one zone with the cells of both"
            ),
        ));
    }
    *slot = zones.resolve(zone, errors);
}
