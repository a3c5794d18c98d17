//! Compiler: AST to an immutable [`Game`]. The only place names are resolved.
//!
//! Each pass reports every problem it finds; compilation stops only before the
//! `Game` is built, so a rule file's author sees all errors at once.

mod betza;
mod bit_counts;
mod bit_tables;
mod board;
mod exposure;
mod layout;
mod leaps;
mod lint;
mod look;
mod move_table;
mod names;
mod pieces;
mod shuffle;
mod sizes;
mod symmetry;
mod work;

use crate::diag::{Diagnostic, Diagnostics, Errors, Span};
use crate::game::{code, Castling, Game, Kind, Outcome, Phase, Side};
use crate::syntax::ast::{self, GoalCondition};
use leaps::Leaps;
use names::Names;

/// Compiles an AST into a [`Game`].
///
/// # Errors
/// Every semantic problem found, in source order.
#[cfg(test)]
pub fn compile(file: &ast::File) -> Result<Game, Errors> {
    compile_warned(file).map(|(game, _)| game)
}

/// Compiles an AST into a [`Game`], with the warnings its rules earn (what
/// compiles but cannot take effect), in source order.
///
/// # Errors
/// Every semantic problem found, in source order.
pub fn compile_warned(file: &ast::File) -> Result<(Game, Vec<Diagnostic>), Errors> {
    // Betza strings become movements of the long form first.
    let mut errors = Diagnostics::default();
    let work = work::Work::default();
    let expanded = betza::expand(file, &work, &mut errors);
    let file = expanded.as_ref().unwrap_or(file);
    // Sizes past a limit would only make the passes below slow: stop first.
    let too_large = sizes::check_file(file);
    if !too_large.is_empty() {
        for d in too_large {
            errors.push(d);
        }
        return Err(errors.into_errors());
    }
    let game = build(file, &work, &mut errors);
    let game = match game {
        Some(g) if errors.is_empty() => g,
        _ => return Err(errors.into_errors()),
    };
    // The start position must be one the side to move can play from.
    let start = crate::Position::start(&game);
    let ended = || crate::engine::outcome::rule_end(&mut start.clone()).is_some();
    if let Some(why) = crate::engine::playable::opposite_check(&start).filter(|_| !ended()) {
        return Err(impossible_setup(file, &why).into());
    }
    lint::check(file, &game, &mut errors);
    Ok((game, errors.take_warnings()))
}

/// The error of a setup whose side not to move is in check: at the cell of
/// the first piece giving check, where the setup names it (else the setup
/// statement), with the two ways out.
fn impossible_setup(file: &ast::File, why: &crate::engine::playable::Problem) -> Diagnostic {
    use crate::engine::playable::Problem;
    let mut span = file.setup_span.unwrap_or_default();
    let mut fix = String::new();
    if let Problem::OppositeCheck { side, checkers } = why {
        let named = checkers.first().and_then(|c| {
            file.setup.iter().find_map(|p| {
                p.cells.iter().find_map(|item| match item {
                    ast::CellItem::One(n) if n.text.as_str() == c.cell_name => Some(n.span),
                    _ => None,
                })
            })
        });
        span = named.unwrap_or(span);
        let mover = side.name();
        fix =
            format!("; move the piece, or let {mover} move first with `turn {mover}` in the setup");
    }
    Diagnostic::new(span, format!("the setup is impossible: {why}{fix}"))
}

fn build(file: &ast::File, work: &work::Work, errors: &mut Diagnostics) -> Option<Game> {
    let board = board::build(file, work, errors)?;
    let mut zone_names: Names<usize> = Names::new("zone");
    let mut zones = Vec::new();
    for z in &file.zones {
        let sets = match &z.sets {
            ast::ZoneSets::Mirrored(items) => board.zone(board.cell_set(items, work, errors), None),
            ast::ZoneSets::PerSide(w, b) => board.zone(
                board.cell_set(w, work, errors),
                Some(board.cell_set(b, work, errors)),
            ),
        };
        zone_names.declare(&z.name, zones.len(), errors);
        zones.push(sets);
    }
    let pools = build_pools(file, errors);
    let mut leaps = Leaps::default();
    let scope = pieces::Scope {
        board: &board,
        work,
        drops: !file.drops.is_empty(),
        zones: &zone_names,
        pools: &pools.names,
    };
    let (mut pieces, kinds) = pieces::build(file, &scope, &mut leaps, errors);
    for p in pieces.iter_mut() {
        if let Some(decl) = file.pieces.get(p.base as usize) {
            p.betza = betza::print::piece(file, decl);
        }
    }
    let setup = build_setup(file, &board, &kinds, work, errors);
    // `moved CELLS`: the pieces set up there count as having moved.
    let moved: Vec<u16> = board.cell_set(&file.moved, work, errors);
    let setup_pools: Vec<(usize, Kind)> = file
        .setup
        .iter()
        .filter_map(|p| {
            let pool = pools.names.resolve(p.pool.as_ref()?, errors)?;
            Some((pool, code(kinds.resolve(&p.piece, errors)?, side(p.side))))
        })
        .collect();
    let shuffle = shuffle::build(file, &board, &zones, &zone_names, &kinds, &setup, errors);
    let castlings = build_castlings(file, &board, &kinds, &zone_names, errors);
    let castling_opposite = castlings.iter().any(|c| c.opposite);
    for c in &castlings {
        for k in [c.king, c.rook] {
            if let Some(p) = pieces.get_mut(k as usize) {
                p.tracks_unmoved = true;
            }
        }
    }
    let bases: Vec<Kind> = pieces.iter().map(|p| p.base).collect();
    // The kinds whose moves restart the halfmove clock.
    match &file.clock_reset {
        Some((names, _)) => {
            let listed = names
                .iter()
                .filter_map(|n| kinds.resolve(n, errors))
                .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k));
            for (k, p) in pieces.iter_mut().enumerate() {
                p.resets_clock = listed & 1u128 << k != 0;
            }
        }
        None => {
            for p in &mut pieces {
                // A rule `to nothing` only forbids moves.
                p.resets_clock = p
                    .promotions
                    .iter()
                    .any(|r| !r.targets.is_empty() || !r.from_pools.is_empty())
                    || !p.in_place.is_empty();
            }
        }
    }
    let goals = build_goals(file, &board, &pieces, &kinds, &zone_names, &bases, errors);
    let ends_by_rule = goals.bare.is_some()
        || goals.full.is_some()
        || !goals.extinctions.is_empty()
        || !goals.reach_goals.is_empty()
        || goals.check_goal.is_some()
        || goals.passes_goal.is_some()
        || goals.facing.is_some()
        || !goals.rows.is_empty()
        || !goals.castle_goals.is_empty();
    let count_bonus = count_bonus(file, errors);
    let walling = file.walling.as_ref().and_then(|w| {
        let n = &w.kind;
        let k = kinds.resolve(n, errors)?;
        if !pieces[k as usize].neutral {
            errors.push(Diagnostic::new(
                n.span,
                format!("`place` needs a `neutral` piece; `{}` is not", n.text),
            ));
        }
        let zone = match &w.zone {
            Some(z) => Some(zone_names.resolve(z, errors)?),
            None => None,
        };
        Some(crate::game::Walling {
            kind: k,
            new: w.new,
            zone,
            at: match w.at {
                ast::WallAt::Anywhere => crate::game::WallAt::Anywhere,
                ast::WallAt::Origin => crate::game::WallAt::Origin,
                ast::WallAt::Shot => crate::game::WallAt::Shot,
            },
            shields: w.shields,
        })
    });
    let gating = file.gating.as_ref().and_then(|(pool, zone, _)| {
        Some((
            pools.names.resolve(pool, errors)?,
            zone_names.resolve(zone, errors)?,
        ))
    });
    let explosion = file.explosion.as_ref().map(|e| crate::game::Explosion {
        dirs: board.dirs(&e.dirs, errors),
        spared: e
            .spared
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k)),
        immune: e
            .immune
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k)),
        captured: e.captured,
    });
    let royals_at_most = file.check_royals_at_most.and_then(|(n, sp)| {
        if n == 0 {
            errors.push(Diagnostic::new(
                sp,
                "`check when at most 0 royals` leaves no royal piece subject to check; say at least 1",
            ));
            return None;
        }
        if !pieces.iter().any(|p| p.royal) {
            errors.push(Diagnostic::new(
                sp,
                "`check when at most N royals` needs a piece that is `royal`",
            ));
        }
        Some(n)
    });
    let check_capture_only = file
        .check_capture_only
        .iter()
        .filter_map(|k| kinds.resolve(k, errors))
        .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k));
    // `notation en passant always`: every kind, or the kinds it names.
    let mut always_kinds = |given: bool, names: &[crate::syntax::ast::Name]| match (given, names) {
        (false, _) => 0,
        (true, []) => u128::MAX,
        (true, names) => names
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k)),
    };
    let en_passant_always = always_kinds(
        file.en_passant_always.is_some(),
        &file.en_passant_always_kinds,
    );
    let (passed_given, passed_names) = match &file.en_passant_passed {
        Some((_, names)) => (true, &names[..]),
        None => (false, &[][..]),
    };
    let en_passant_passed = always_kinds(passed_given, passed_names);
    // `notation en passant passed`: the cells passed that a capture could use.
    let en_passant_taken = match &file.en_passant_taken {
        Some((_, names)) => always_kinds(true, names),
        None => 0,
    };
    if let Some((span, _)) = &file.en_passant_passed {
        if en_passant_passed & en_passant_always != 0 && en_passant_always != u128::MAX {
            errors.push(Diagnostic::new(
                *span,
                "a kind is named by both `notation en passant always` and `notation en passant always passed`",
            ));
        }
    }
    // A kind that `always passed` names is written so, even where a bare
    // `always` names every kind.
    let en_passant_always = en_passant_always & !en_passant_passed;
    if let Some((span, _)) = &file.en_passant_taken {
        let named = |m: u128| m != u128::MAX && m & en_passant_taken != 0;
        if en_passant_taken != u128::MAX && (named(en_passant_always) || named(en_passant_passed)) {
            errors.push(Diagnostic::new(
                *span,
                "a kind is named by both `notation en passant passed` and `notation en passant always`",
            ));
        }
    }
    // `notation san KIND LETTER...`: a kind given two letters is an error.
    let mut san_letters: Vec<(crate::game::Kind, char)> = Vec::new();
    for (name, letter) in &file.san_letters {
        let Some(k) = kinds.resolve(name, errors) else {
            continue;
        };
        if san_letters.iter().any(|&(seen, _)| seen == k) {
            errors.push(Diagnostic::new(
                name.span,
                format!("`notation san` gives `{}` a letter twice", name.text),
            ));
        }
        san_letters.push((k, *letter));
    }
    // `notation moves STYLE`: a name that is no notation is an error, with
    // the nearest.
    let move_notation = match &file.move_notation {
        None => crate::game::MoveNotation::default(),
        Some(name) => crate::game::MoveNotation::from_name(&name.text).unwrap_or_else(|| {
            let names = crate::game::MoveNotation::ALL.map(|n| n.name());
            let mut message = format!("`notation moves` names no notation `{}`", name.text);
            match crate::suggest::closest(&name.text, names.iter().copied()) {
                Some(near) => message.push_str(&format!("; did you mean `{near}`?")),
                None => message.push_str(&format!(" (one of {})", names.join(", "))),
            }
            errors.push(Diagnostic::new(name.span, message));
            crate::game::MoveNotation::default()
        }),
    };
    let san_checks = file.san_checks.as_ref().map(|(_, names)| {
        names
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k))
    });
    let san_pawns = file.san_pawns.as_ref().map(|(_, names)| {
        names
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .fold(0u128, |m, k| pieces::with_copies(&bases, m | 1u128 << k))
    });
    // A kind that `passed` names is written so, even where a bare `always`
    // names every kind.
    let en_passant_always = en_passant_always & !en_passant_taken;
    let en_passant_passed = en_passant_passed & !en_passant_taken;
    let drops = build_drops(
        file,
        &board,
        &pools.names,
        &kinds,
        &zone_names,
        &bases,
        errors,
    );
    // `drop new` takes its pieces from a pool of its own, after the declared
    // ones, that never runs out.
    let mut pool_names: Vec<String> = file.pools.iter().map(|p| p.text.to_string()).collect();
    let new_pool = file.drops.iter().any(|d| d.pool.is_none()).then(|| {
        pool_names.push("new".to_string());
        pool_names.len() - 1
    });
    let drops: Vec<crate::game::DropRule> = drops
        .into_iter()
        .map(|mut r| {
            if r.pool == usize::MAX {
                r.pool = new_pool.expect("a `drop new` rule");
            }
            r
        })
        .collect::<Vec<_>>();
    let flip = file
        .flip
        .as_ref()
        .map(|(enclosed, dirs, _)| crate::game::Flip {
            enclosed: *enclosed,
            dirs: board.dirs(dirs, errors),
            shifts: Vec::new(),
            drops_next_to_own: file.flip_drops_next_to_own,
        });
    let phases = build_phases(file, &kinds, errors);
    // `loses first move when ...`: the kind, the kinds that take the right
    // and the directions of its lines; the lines are walked once the steps
    // are built.
    let loses_first: Vec<(Kind, u128, Vec<u8>)> = file
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(k, p)| {
            let (names, dirs, span) = p.loses_first.as_ref()?;
            let by = names
                .iter()
                .filter_map(|n| kinds.resolve(n, errors))
                .fold(0u128, |m, k| m | 1u128 << k);
            let dirs = board.dirs(dirs, errors);
            // The lines are walked from every cell, for each side and
            // direction, and kept as a set of cells per cell.
            let cells = board.cells.len() as u64;
            let units = 2 * cells * cells * (dirs.len() as u64).max(1);
            work.charge(units, *span, errors);
            Some((k as Kind, by, dirs))
        })
        .collect();
    for (k, _, _) in &loses_first {
        if let Some(p) = pieces.get_mut(*k as usize) {
            p.tracks_unmoved = true;
        }
    }
    for phase in phases.iter().filter(|p| p.unmoved) {
        for &k in &phase.kinds {
            if let Some(p) = pieces.get_mut(k as usize) {
                p.tracks_unmoved = true;
            }
        }
    }
    let (attack_rays, attack_patterns, forward_attackers) =
        pieces::attack_tables(&pieces, board.dir_list.len(), board.cells.len());
    let rect = rect_of(&board);
    let layout = layout::build(file, &board, errors);
    let look = look::build(
        file,
        &board,
        (&zone_names, &zones),
        &layout,
        &pieces,
        work,
        errors,
    );
    let title = file
        .title
        .as_ref()
        .map_or_else(|| "untitled".to_string(), |t| t.text.to_string());
    let cell_index = board
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.clone(), i as u16))
        .collect();
    let mut game = Game {
        id: crate::game::GameId::fresh(),
        title,
        board: crate::game::Board {
            axes: board.axes,
            cells: board.cells,
            cell_index,
            dir_names: board.dir_list,
            next: dense(&board.steps),
            prev: dense(&board.rev_steps),
            steps: board.steps,
            branches: board.branches,
            rev_steps: board.rev_steps,
            leaps: leaps.tables,
            rev_leaps: leaps.rev,
            zone_names: file.zones.iter().map(|z| z.name.text.to_string()).collect(),
            zones,
            rect,
        },
        pieces,
        start: crate::game::Start {
            setup,
            setup_pools,
            first_turn: file.turn.map_or(Side::White, |(s, _)| side(s)),
            clock: file.setup_clock.map_or(0, |(n, _)| n),
            fullmove: file.setup_move.map_or(1, |(n, _)| n),
            setup_counts: Vec::new(),
            shuffle,
            moved,
        },
        rules: crate::game::Rules {
            castlings,
            castling_takes_rook: file.castling_takes_rook.is_some(),
            san_letters,
            san_checks,
            san_pawns,
            variant_name: file.variant_name.as_ref().map(|n| n.text.to_string()),
            variant_aliases: file
                .variant_aliases
                .iter()
                .map(|n| n.text.to_string())
                .collect(),
            move_notation,
            fen_unmarked: file.fen_unmarked.is_some(),
            castling_only_unmoved: 0,
            unmoved_read: u128::MAX,
            castling_opposite,
            pass: file.pass.is_some(),
            pass_when_stalemated: file.pass_when_stalemated,
            flip,
            forced_capture: file.forced_capture.is_some(),
            forced_drop: file.forced_drop.is_some(),
            en_passant_always,
            en_passant_passed,
            en_passant_taken,
            check_all_royals: file.check_all_royals.is_some(),
            royals_at_most,
            check_capture_only,
            explosion,
            gating,
            walling,
            phases,
            loses_first: Vec::new(),
            not_in_check: false,
            filters_moves: false,
            landing_effects: false,
        },
        goals: crate::game::Goals {
            checkmated: goals.checkmated,
            stalemated: goals.stalemated,
            bare: goals.bare,
            bare_answer: goals.bare_answer,
            extinctions: goals.extinctions,
            reach_goals: goals.reach_goals,
            check_goal: goals.check_goal,
            passes_goal: goals.passes_goal,
            record_goals: goals.record,
            facing: goals.facing,
            count_bonus,
            ends_by_rule,
            full: goals.full,
            rows: goals.rows,
            castles_recorded: goals.castle_goals.iter().any(|g| g.castles),
            castle_goals: goals.castle_goals,
        },
        pools: crate::game::Pools {
            unmoved_drops: drops
                .iter()
                .any(|d: &crate::game::DropRule| d.unmoved_in.is_some()),
            pool_names,
            captured_to: pools.captured_to,
            captured_by_captor: file.captured_by_captor,
            captured_keeps_promotion: file.captured_keeps_promotion,
            transfers: pools.transfers,
            compulsory_drops: drops.iter().any(|r| r.compulsory),
            drops,
            dead_cells: Vec::new(),
            new_pool,
        },
        tables: crate::game::Tables {
            arrivals: Default::default(),
            attack_rays,
            attack_patterns,
            forward_attackers,
            move_table: Default::default(),
            step_masks: Vec::new(),
            bit_tables: None,
            bit_counts: crate::game::BitCountTable::None,
            exposure: None,
            general_legality: false,
            count_by_shifts: [false; 2],
            counts_not_checking: false,
            check_free: false,
        },
        layout,
        look,
    };
    game.start.setup_counts = vec![[0; 2]; game.pieces.len()];
    for &(_, c) in &game.start.setup {
        let slot = &mut game.start.setup_counts[crate::game::kind_of(c) as usize]
            [crate::game::side_of(c).index()];
        *slot = slot.saturating_add(1);
    }
    if let Some((_, zone)) = game.rules.gating {
        // A piece's first move out of the gating zone may gate: the pieces set
        // up there remember whether they have moved.
        for &(c, code) in &game.start.setup {
            let side = crate::game::side_of(code);
            if game.board.zones[zone][side.index()].contains(c) {
                game.pieces[crate::game::kind_of(code) as usize].tracks_unmoved = true;
            }
        }
    }
    let bases: Vec<Kind> = game.pieces.iter().map(|p| p.base).collect();
    // Past the budget the file is refused: the lines would only spend the
    // time the budget was to save.
    if work.is_spent() {
        return None;
    }
    game.rules.loses_first = loses_first
        .into_iter()
        .map(|(kind, by, dirs)| crate::game::LosesFirst {
            kind,
            by: pieces::with_copies(&bases, by),
            lines: [Side::White, Side::Black].map(|side| lines_from(&game, side, &dirs)),
        })
        .collect();
    // The kinds whose unmoved flag anything reads: every kind where gating
    // reads the flags of a zone.
    if game.rules.gating.is_none() {
        game.rules.unmoved_read = (0..game.pieces.len() as Kind)
            .filter(|&k| {
                let p = &game.pieces[k as usize];
                game.rules
                    .castlings
                    .iter()
                    .any(|c| c.king == k || c.rook == k)
                    || p.movements.iter().any(|m| m.first_only || m.later_only)
                    || game.rules.loses_first.iter().any(|l| l.kind == k)
                    || game
                        .rules
                        .phases
                        .iter()
                        .any(|ph| ph.unmoved && ph.kinds.contains(&k))
            })
            .fold(0u128, |m, k| m | 1u128 << k);
    }
    // The kinds whose unmoved flag serves castling alone: once it gives no
    // castling right, a repetition does not tell it apart.
    if game.rules.gating.is_none() {
        game.rules.castling_only_unmoved = game
            .rules
            .castlings
            .iter()
            .flat_map(|c| [c.king, c.rook])
            .filter(|&k| {
                let p = &game.pieces[k as usize];
                !p.movements.iter().any(|m| m.first_only || m.later_only)
                    && !game.rules.loses_first.iter().any(|l| l.kind == k)
                    && !game
                        .rules
                        .phases
                        .iter()
                        .any(|ph| ph.unmoved && ph.kinds.contains(&k))
            })
            .fold(0u128, |m, k| m | 1u128 << k);
    }
    game.rules.not_in_check = game
        .pieces
        .iter()
        .any(|p| p.movements.iter().any(|m| m.not_in_check));
    game.rules.filters_moves = game.rules.not_in_check || game.rules.forced_drop;
    game.rules.landing_effects = game.rules.flip.is_some() || !game.rules.loses_first.is_empty();
    game.tables.general_legality = needs_general_legality(&game);
    game.tables.check_free = game.pieces.iter().all(|p| !p.royal) && game.goals.facing.is_none();
    // Past the budget the file is refused: the tables below would only spend
    // the time that the budget was to save.
    if work.is_spent() {
        return None;
    }
    fill_stuck_zones(&mut game);
    game.tables.move_table = move_table::build(&game);
    // Whether an interpreted movement may capture, and whether its captures
    // are tested forwards (the others are looked up backwards).
    let captures = |kind: Kind, m: u16| {
        let m = &game.pieces[kind as usize].movements[m as usize];
        let captures = m.modality.may_capture();
        (captures, captures && m.attacks_forward())
    };
    let mut table = std::mem::take(&mut game.tables.move_table);
    table.index_captures(&game.tables.forward_attackers, captures);
    game.tables.move_table = table;
    game.tables.step_masks = step_masks(&game);
    game.tables.bit_tables = bit_tables::build(&game);
    game.tables.bit_counts = bit_counts::build(&game);
    game.tables.counts_not_checking = matches!(
        &game.tables.bit_counts,
        crate::game::BitCountTable::Narrow(_, Some(_))
            | crate::game::BitCountTable::Wide(_, Some(_))
    );
    game.tables.count_by_shifts = match &game.tables.bit_counts {
        crate::game::BitCountTable::Narrow(bits, _) => bits.shifting(),
        crate::game::BitCountTable::Wide(bits, _) => bits.shifting(),
        crate::game::BitCountTable::None => [false; 2],
    };
    if let Some(flip) = &game.rules.flip {
        let shifts = bit_tables::shifts(&game, Side::White, &flip.dirs);
        game.rules.flip.as_mut().expect("a flip rule").shifts = shifts;
    }
    for i in 0..game.pools.drops.len() {
        if !game.pools.drops[i].next_to.is_empty() {
            let dirs = &game.pools.drops[i].next_to;
            let shifts =
                [Side::White, Side::Black].map(|side| bit_tables::shifts(&game, side, dirs));
            game.pools.drops[i].next_to_shifts = shifts;
        }
    }
    game.tables.exposure = exposure::build(&game);
    game.pools.dead_cells = dead_cells(&game);
    // A kind named by `clock reset by` resets it with every move; only the
    // default resetters (the promoting kinds) keep their reversible moves out.
    if file.clock_reset.is_none() {
        reversible_moves(&mut game);
    }
    Some(game)
}

/// For each cell, the cells a slide along `dirs` from it would pass on an
/// empty board, as `side` sees the directions.
fn lines_from(game: &Game, side: Side, dirs: &[u8]) -> Vec<crate::game::CellSet> {
    let n = game.cell_count();
    (0..n as u16)
        .map(|from| {
            let mut set = crate::game::CellSet::new(n);
            for &d in dirs {
                let mut seen = crate::game::CellSet::new(n);
                let mut frontier = vec![from];
                // Each cell once: a looping line ends where it began.
                while let Some(at) = frontier.pop() {
                    for &t in game.step(side, d, at) {
                        if t != from && !seen.contains(t) {
                            seen.insert(t);
                            set.insert(t);
                            frontier.push(t);
                        }
                    }
                }
            }
            set
        })
        .collect()
}

/// Whether the legality shortcuts' assumptions fail, so that every move is
/// made and tested: a hop's screen can be created by any move, a capture
/// limited by kind attacks some royal pieces and not others, a drop that may
/// not mate must be played out, and rules that filter the legal moves look
/// at all of them; where check needs every royal piece attacked, or applies
/// only while few royal pieces are left, one of them may be left attacked.
/// (A forced capture keeps the captures among the legal moves however
/// legality was decided; several promotion rules, or one limited to the
/// pieces captured, change which moves there are, not whether one is legal;
/// a gating move is tested as the move without the gated piece.)
fn needs_general_legality(game: &Game) -> bool {
    let movements = || game.pieces.iter().flat_map(|p| &p.movements);
    game.rules.filters_moves
        || game.pieces.iter().any(|p| p.on_capture_become.is_some())
        || game.rules.pass
        || game.goals.facing.is_some()
        || game.rules.check_all_royals
        || game.rules.royals_at_most.is_some()
        || game.rules.check_capture_only != 0
        || game.rules.explosion.is_some()
        || game.rules.walling.is_some()
        || game
            .pools
            .drops
            .iter()
            .any(|d| d.not_mating || d.not_checking || d.compulsory)
        || movements().any(|m| {
            m.capture_kinds != crate::game::ALL_KINDS
                || m.legs
                    .iter()
                    .any(|l| matches!(l, crate::game::Leg::Hop(..)))
        })
}

/// Gives each `promote stuck` rule a zone of its own (named `stuck KIND`):
/// the cells from which a piece of its kind could never move again
/// ([`dead_cells`]).
fn fill_stuck_zones(game: &mut Game) {
    let stuck = pieces::STUCK_ZONE;
    if !game
        .pieces
        .iter()
        .any(|p| p.promotions.iter().any(|r| r.zone == stuck))
    {
        return;
    }
    // Until then the rules apply nowhere.
    let n = game.cell_count();
    let nowhere = game.board.zones.len();
    game.board
        .zones
        .push([crate::game::CellSet::new(n), crate::game::CellSet::new(n)]);
    game.board.zone_names.push("stuck".to_string());
    for p in game.pieces.iter_mut() {
        for r in p.promotions.iter_mut().filter(|r| r.zone == stuck) {
            r.zone = nowhere;
        }
    }
    let dead = dead_cells_always(game, false);
    for (k, cells) in dead.into_iter().enumerate() {
        let name = format!("stuck {}", game.pieces[k].name);
        let mut own = None;
        for r in 0..game.pieces[k].promotions.len() {
            if game.pieces[k].promotions[r].zone != nowhere {
                continue;
            }
            let z = *own.get_or_insert_with(|| {
                game.board.zones.push(cells.clone());
                game.board.zone_names.push(name.clone());
                game.board.zones.len() - 1
            });
            game.pieces[k].promotions[r].zone = z;
        }
    }
}

/// Per kind and side, the cells from which a piece that has moved could never
/// move again, neither on an empty board nor on one full of enemies: a drop
/// may not land there. Computed only for games with drops.
fn dead_cells(game: &Game) -> Vec<[crate::game::CellSet; 2]> {
    if game.pools.drops.is_empty() {
        return Vec::new();
    }
    dead_cells_always(game, true)
}

/// [`dead_cells`] for any game. Promotion rules play no part: a rule that
/// forbids moves (a compulsory one with nothing on offer) leaves the piece
/// its moves here. `built`: whether the game's move table is built yet.
fn dead_cells_always(game: &Game, built: bool) -> Vec<[crate::game::CellSet; 2]> {
    let forbids = game.pieces.iter().any(|p| {
        p.promotions.iter().any(|r| {
            !r.optional
                && (r.targets.is_empty()
                    || r.only_captured
                    || r.at_most.is_some()
                    || !r.from_pools.is_empty())
        })
    });
    if forbids || !built {
        let mut free = game.clone();
        if forbids {
            for p in free.pieces.iter_mut() {
                p.promotions.clear();
            }
        }
        free.tables.move_table = move_table::build(&free);
        return dead_cells_of(&free);
    }
    dead_cells_of(game)
}

fn dead_cells_of(game: &Game) -> Vec<[crate::game::CellSet; 2]> {
    let n = game.cell_count();
    let empty = || [crate::game::CellSet::new(n), crate::game::CellSet::new(n)];
    let mut out = Vec::with_capacity(game.pieces.len());
    let mut moves = Vec::new();
    for kind in 0..game.pieces.len() as Kind {
        let mut dead = empty();
        // A piece with no movement at all is meant to stay where it lands
        // (a reversi stone): it may be dropped anywhere.
        if game.pieces[kind as usize].movements.is_empty() {
            out.push(dead);
            continue;
        }
        for side in [Side::White, Side::Black] {
            let mut bare = crate::Position::empty(game, side);
            let mut full = crate::Position::empty(game, side);
            // Any enemy kind serves: only whether something stands there matters,
            // unless captures are limited by kind, where this is conservative.
            for c in 0..n as u16 {
                full.put(c, code(0, side.opposite()));
            }
            for c in 0..n as u16 {
                let mut stuck = true;
                for probe in [&mut bare, &mut full] {
                    let before = probe.take(c);
                    probe.put(c, code(kind, side));
                    moves.clear();
                    crate::engine::movegen::piece_moves(probe, c, &mut moves);
                    probe.take(c);
                    if before != 0 {
                        probe.put(c, before);
                    }
                    stuck &= moves.is_empty();
                }
                if stuck {
                    dead[side.index()].insert(c);
                }
            }
        }
        out.push(dead);
    }
    out
}

/// For each kind that resets the halfmove clock by default, the cells it reaches from
/// each cell on an empty board, kept only where some move can be taken back
/// (a pawn stepping sideways): such a move does not reset the clock.
fn reversible_moves(game: &mut Game) {
    let n = game.cell_count();
    let mut moves = Vec::new();
    for kind in 0..game.pieces.len() as Kind {
        if !game.pieces[kind as usize].resets_clock || game.pieces[kind as usize].neutral {
            continue;
        }
        let mut reach: [Vec<crate::game::CellSet>; 2] = [Vec::new(), Vec::new()];
        let mut any = false;
        for side in [Side::White, Side::Black] {
            let mut bare = crate::Position::empty(game, side);
            for c in 0..n as u16 {
                bare.put(c, code(kind, side));
                moves.clear();
                crate::engine::movegen::piece_moves(&bare, c, &mut moves);
                bare.take(c);
                let mut set = crate::game::CellSet::new(n);
                for m in &moves {
                    if m.to != c && m.piece == 0 {
                        set.insert(m.to);
                    }
                }
                reach[side.index()].push(set);
            }
            let r = &reach[side.index()];
            any |= (0..n).any(|c| r[c].iter().any(|t| r[t as usize].contains(c as u16)));
        }
        if any {
            game.pieces[kind as usize].reversible = Some(Box::new(reach));
        }
    }
}

/// The most memory the step masks of paths may take; past it, paths step
/// through the lists.
const MAX_STEP_MASK_BYTES: usize = 16 << 20;

/// Step masks for the direction set of every path leg.
fn step_masks(game: &Game) -> Vec<crate::game::StepMasks> {
    let cells = game.cell_count();
    let words = crate::game::words_for(cells);
    let bytes = cells * words * 8 * 4;
    let mut out: Vec<crate::game::StepMasks> = Vec::new();
    let paths = game
        .pieces
        .iter()
        .flat_map(|p| &p.movements)
        .flat_map(|m| &m.legs);
    for leg in paths {
        let crate::game::Leg::Path(dirs, _) = leg else {
            continue;
        };
        if out.iter().any(|m| &m.dirs == dirs) || (out.len() + 1) * bytes > MAX_STEP_MASK_BYTES {
            continue;
        }
        let table = |side: Side, backward: bool| {
            let mut masks = vec![0u64; cells * words];
            for c in 0..cells {
                for &d in dirs {
                    let steps = if backward {
                        game.rev_step(side, d, c as u16)
                    } else {
                        game.step(side, d, c as u16)
                    };
                    for &t in steps {
                        masks[c * words + t as usize / 64] |= 1 << (t % 64);
                    }
                }
            }
            masks
        };
        out.push(crate::game::StepMasks {
            dirs: dirs.clone(),
            masks: [Side::White, Side::Black].map(|s| [table(s, false), table(s, true)]),
        });
    }
    out
}

/// One cell per key instead of a list, where no list holds more than one.
fn dense(tables: &[crate::game::Csr; 2]) -> [Vec<u16>; 2] {
    tables.each_ref().map(|t| {
        (0..t.keys())
            .map(|k| match t.get(k) {
                [] => crate::game::NO_CELL,
                [one] => *one,
                _ => crate::game::BRANCH,
            })
            .collect()
    })
}

fn side(s: ast::Side) -> Side {
    match s {
        ast::Side::White => Side::White,
        ast::Side::Black => Side::Black,
    }
}

fn build_setup(
    file: &ast::File,
    board: &board::Board,
    kinds: &Names<Kind>,
    work: &work::Work,
    errors: &mut Diagnostics,
) -> Vec<(u16, u8)> {
    let mut setup: Vec<(u16, u8)> = Vec::new();
    let mut given = vec![false; board.cells.len()];
    for p in &file.setup {
        let Some(kind) = kinds.resolve(&p.piece, errors) else {
            continue;
        };
        for item in &p.cells {
            // One error per item: a box given twice would give one per cell.
            let mut twice = Vec::new();
            for c in board.cell_set(std::slice::from_ref(item), work, errors) {
                if std::mem::replace(&mut given[c as usize], true) {
                    twice.push(c);
                    continue;
                }
                setup.push((c, code(kind, side(p.side))));
            }
            if let Some(&first) = twice.first() {
                let name = &board.cells[first as usize].name;
                let message = match twice.len() - 1 {
                    0 => format!("cell `{name}` is given two pieces in the setup"),
                    more => format!(
                        "cell `{name}` and {} more of this box are given two pieces in the setup",
                        crate::limits::thousands(more as u128)
                    ),
                };
                errors.push(Diagnostic::new(cell_item_span(item), message));
            }
        }
    }
    setup
}

fn cell_item_span(item: &ast::CellItem) -> Span {
    match item {
        ast::CellItem::One(n) => n.span,
        ast::CellItem::Box(corners) => corners.2,
    }
}

fn build_castlings(
    file: &ast::File,
    board: &board::Board,
    kinds: &Names<Kind>,
    zone_names: &Names<usize>,
    errors: &mut Diagnostics,
) -> Vec<Castling> {
    let mut out = Vec::new();
    for c in &file.castlings {
        let fixed = c.fixed.as_ref().map(|(k, r)| {
            (
                zone_names.resolve(k, errors).unwrap_or(0),
                zone_names.resolve(r, errors).unwrap_or(0),
            )
        });
        let king = kinds.resolve(&c.king, errors);
        let rook = kinds.resolve(&c.rook, errors);
        let dirs = board.dirs(&c.along, errors);
        if c.king_min == 0 {
            errors.push(Diagnostic::new(
                c.span,
                "the king must move at least one step when castling",
            ));
        }
        if let (Some(king), Some(rook)) = (king, rook) {
            if king == rook {
                errors.push(Diagnostic::new(
                    c.rook.span,
                    "a piece cannot castle with its own kind",
                ));
            }
            out.push(Castling {
                king,
                rook,
                dirs,
                king_min: c.king_min.max(1),
                king_open: c.king_open,
                rook_behind: c.rook_place == ast::RookPlace::Behind,
                fixed,
                not_checking: c.not_checking,
                opposite: c.opposite,
            });
        }
    }
    out
}

fn build_goals(
    file: &ast::File,
    board: &board::Board,
    pieces: &[crate::game::PieceDef],
    kinds: &Names<Kind>,
    zones: &Names<usize>,
    bases: &[Kind],
    errors: &mut Diagnostics,
) -> Goals {
    let mut checkmated = None;
    let mut stalemated = None;
    let mut full = None;
    let mut bare = None;
    let mut goals = Goals::default();
    // Neutral pieces are nobody's: no row or chain counts them.
    let neutral = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.neutral)
        .fold(0u128, |m, (k, _)| m | 1u128 << k);
    let kind_mask = |n: &ast::Name, errors: &mut Diagnostics| {
        kinds
            .resolve(n, errors)
            .map(|k| pieces::with_copies(bases, 1u128 << k))
    };
    for g in &file.goals {
        let outcome = match g.outcome {
            ast::Outcome::Wins => Outcome::Wins,
            ast::Outcome::Loses => Outcome::Loses,
            ast::Outcome::Draws => Outcome::Draws,
            ast::Outcome::Counts => Outcome::Counts,
        };
        let answer_allowed = matches!(
            g.condition,
            GoalCondition::Bare | GoalCondition::Reaches(_, _, false, _)
        );
        if g.answer.is_some() && !answer_allowed {
            errors.push(Diagnostic::new(
                g.span,
                "only `bare` and `reaches` goals may be answered",
            ));
        }
        if let Some((n, span)) = g.other_has {
            if !matches!(g.condition, GoalCondition::Extinct(..)) {
                errors.push(Diagnostic::new(
                    g.span,
                    "only `extinct` and `at most` goals take `, if the other side has N`",
                ));
            } else if n == 0 || n > 255 {
                errors.push(Diagnostic::new(
                    span,
                    "`if the other side has` takes a number from 1 to 255",
                ));
            }
        }
        goal_suffixes(g, errors);
        let slot = match &g.condition {
            GoalCondition::Checkmated => &mut checkmated,
            GoalCondition::Stalemated => &mut stalemated,
            GoalCondition::Full => &mut full,
            GoalCondition::Bare => {
                if let Some(Some(_)) = g.answer {
                    errors.push(Diagnostic::new(
                        g.span,
                        "either bared side may answer: write `, may answer` without a side",
                    ));
                }
                goals.bare_answer = g.answer.is_some();
                &mut bare
            }
            GoalCondition::Extinct(names, at_most) => {
                let all = names.len() == 1 && names[0].text == "all";
                let masks = if all {
                    Vec::new()
                } else {
                    names.iter().filter_map(|n| kind_mask(n, errors)).collect()
                };
                goals.extinctions.push(crate::game::Extinction {
                    kinds: masks,
                    at_most: *at_most,
                    other_at_least: g.other_has.map_or(0, |(n, _)| n.min(255) as u8),
                    outcome,
                });
                continue;
            }
            GoalCondition::Checked(n, span) => {
                if goals.check_goal.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                if *n == 0 || *n > 255 {
                    errors.push(Diagnostic::new(
                        *span,
                        "a side can be checked 1 to 255 times before the game ends",
                    ));
                }
                goals.check_goal = Some(((*n).clamp(1, 255) as u8, outcome));
                continue;
            }
            GoalCondition::Passed(n, span) => {
                if goals.passes_goal.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                if *n == 0 || *n > 127 {
                    errors.push(Diagnostic::new(
                        *span,
                        "a goal on passes counts 1 to 127 of them",
                    ));
                }
                if file.pass.is_none() {
                    errors.push(Diagnostic::new(
                        g.span,
                        "a goal on passes needs the statement `pass`",
                    ));
                }
                goals.passes_goal = Some(((*n).clamp(1, 127) as u8, outcome));
                continue;
            }
            GoalCondition::Repeated(n, span) => {
                if goals.record.repetition.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                if *n < 2 || *n > 255 {
                    errors.push(Diagnostic::new(
                        *span,
                        "a goal on repetition counts 2 to 255 times",
                    ));
                }
                goals.record.repetition = Some(((*n).clamp(2, 255) as u8, outcome));
                goals.record.perpetual = g.perpetual.map(|(o, _)| outcome_of(o));
                if let Some(c) = &g.chase {
                    let mut except = 0u128;
                    for n in &c.except {
                        except |= kind_mask(n, errors).unwrap_or(0);
                    }
                    let outside = c.outside.as_ref().and_then(|z| zones.resolve(z, errors));
                    goals.record.chase = Some(crate::game::ChaseRule {
                        outcome: outcome_of(c.outcome),
                        except,
                        outside,
                    });
                }
                goals.record.repetition_side = g.repeated_side.map(side);
                continue;
            }
            GoalCondition::BackAndForth(names) => {
                if goals.record.back_and_forth.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                let mut mask = 0u128;
                for n in names {
                    mask |= kind_mask(n, errors).unwrap_or(0);
                }
                if names.is_empty() {
                    mask = !0;
                }
                goals.record.back_and_forth = Some((mask, outcome));
                continue;
            }
            GoalCondition::Clock(n, span) => {
                if goals.record.clock.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                if *n == 0 {
                    errors.push(Diagnostic::new(
                        *span,
                        "a goal on the clock needs at least 1 ply",
                    ));
                }
                goals.record.clock = Some(((*n).max(1), outcome));
                goals.record.clock_checks = g.longer.map(|(n, _)| n);
                continue;
            }
            GoalCondition::Material(sets) => {
                if goals.record.material.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                let sets = sets
                    .iter()
                    .map(|set| {
                        let mut groups: Vec<(u128, u8)> = Vec::new();
                        for n in set {
                            let Some(mask) = kind_mask(n, errors) else {
                                continue;
                            };
                            match groups.iter_mut().find(|(m, _)| *m == mask) {
                                Some((_, count)) => *count = count.saturating_add(1),
                                None => groups.push((mask, 1)),
                            }
                        }
                        crate::game::MaterialSet { groups }
                    })
                    .collect();
                goals.record.material = Some((sets, outcome));
                continue;
            }
            GoalCondition::Row(shape, n, nspan, names, dirs) => {
                if let Some(mut row) = row_goal(
                    board,
                    (*shape, *n, *nspan),
                    names,
                    dirs,
                    outcome,
                    &kind_mask,
                    errors,
                ) {
                    row.kinds &= !neutral;
                    goals.rows.push(row);
                }
                continue;
            }
            GoalCondition::Chain(names, from, to, dirs) => {
                let z1 = zones.resolve(from, errors);
                let z2 = zones.resolve(to, errors);
                if let Some(mut row) = row_goal(
                    board,
                    (ast::RowShape::Chain, 2, g.span),
                    names,
                    dirs,
                    outcome,
                    &kind_mask,
                    errors,
                ) {
                    row.kinds &= !neutral;
                    if let (Some(a), Some(b)) = (z1, z2) {
                        row.zones = (a, b);
                        goals.rows.push(row);
                    }
                }
                continue;
            }
            GoalCondition::Castles(who, castles, dirs) => {
                if file.castlings.is_empty() {
                    errors.push(Diagnostic::new(
                        g.span,
                        "a goal on castling needs a `castling` statement",
                    ));
                }
                let dirs = board.dirs(dirs, errors);
                goals.castle_goals.push(crate::game::CastleGoal {
                    side: who.map(side),
                    dirs,
                    castles: *castles,
                    outcome,
                });
                continue;
            }
            GoalCondition::Faces(kind, other, dirs) => {
                if goals.facing.is_some() {
                    errors.push(Diagnostic::new(g.span, "this goal is given twice"));
                }
                let dirs = board.dirs(dirs, errors);
                if let (Some(kinds), Some(others)) =
                    (kind_mask(kind, errors), kind_mask(other, errors))
                {
                    goals.facing = Some(crate::game::Facing {
                        kinds,
                        others,
                        dirs,
                        outcome,
                    });
                }
                continue;
            }
            GoalCondition::Reaches(kind, zone, held, safely) => {
                let k = kind_mask(kind, errors);
                let z = zones.resolve(zone, errors);
                if let (Some(kinds), Some(zone)) = (k, z) {
                    goals.reach_goals.push(crate::game::ReachGoal {
                        kinds,
                        zone,
                        safely: *safely,
                        outcome,
                        answer: g.answer.flatten().map(side),
                        held: *held,
                        count: g.reach_count.map_or(1, |(n, _)| n.clamp(1, 255) as u8),
                        or_full: g.or_full.is_some(),
                    });
                }
                if let Some(None) = g.answer {
                    errors.push(Diagnostic::new(
                        g.span,
                        "say which side may answer a reach: `, black may answer`",
                    ));
                }
                continue;
            }
        };
        if slot.is_some() {
            errors.push(Diagnostic::new(g.span, "this goal is given twice"));
        }
        *slot = Some((outcome, g.span));
    }
    let has_royal = pieces.iter().any(|p| p.royal);
    for (goal, what) in [(checkmated, "checkmate"), (bare, "a bare royal piece")] {
        if let (Some((_, span)), false) = (goal, has_royal) {
            errors.push(Diagnostic::new(
                span,
                format!("{what} is a goal, but no piece is `royal`"),
            ));
        }
    }
    goals.checkmated = checkmated.map_or(Outcome::Loses, |g| g.0);
    goals.stalemated = stalemated.map_or(Outcome::Draws, |g| g.0);
    goals.bare = bare.map(|g| g.0);
    goals.full = full.map(|g| g.0);
    goals
}

fn outcome_of(o: ast::Outcome) -> Outcome {
    match o {
        ast::Outcome::Wins => Outcome::Wins,
        ast::Outcome::Loses => Outcome::Loses,
        ast::Outcome::Draws => Outcome::Draws,
        ast::Outcome::Counts => Outcome::Counts,
    }
}

/// The checks of the phrases after a goal's outcome that only some goals
/// take: `, perpetual check`, a count of pieces to reach, `, or fewer when
/// full`.
fn goal_suffixes(g: &ast::GoalDecl, errors: &mut Diagnostics) {
    if let Some((_, span)) = g.perpetual {
        if !matches!(g.condition, GoalCondition::Repeated(..)) {
            errors.push(Diagnostic::new(
                span,
                "only a `repeated` goal takes `, perpetual check`",
            ));
        }
    }
    if let Some((_, span)) = g.longer {
        if !matches!(g.condition, GoalCondition::Clock(..)) {
            errors.push(Diagnostic::new(
                span,
                "only a `clock` goal takes `, longer after N checks`",
            ));
        }
    }
    if let Some(c) = &g.chase {
        if !matches!(g.condition, GoalCondition::Repeated(..)) {
            errors.push(Diagnostic::new(
                c.span,
                "only a `repeated` goal takes `, perpetual chase`",
            ));
        }
    }
    let reaches = matches!(g.condition, GoalCondition::Reaches(..));
    if let Some((n, span)) = g.reach_count {
        if n == 0 || n > 255 {
            errors.push(Diagnostic::new(
                span,
                "a goal on reaching a zone counts 1 to 255 pieces",
            ));
        }
        if reaches && g.answer.is_some() && n != 1 {
            errors.push(Diagnostic::new(
                g.span,
                "a goal on several pieces reaching a zone cannot be answered",
            ));
        }
    }
    if let Some(span) = g.or_full {
        if !reaches {
            errors.push(Diagnostic::new(
                span,
                "only a goal on reaching a zone takes `, or fewer when full`",
            ));
        }
    }
}

/// A goal on pieces in a row, a line or a square, checked.
fn row_goal(
    board: &board::Board,
    (shape, n, nspan): (ast::RowShape, u32, crate::diag::Span),
    names: &[ast::Name],
    dirs: &[ast::Name],
    outcome: Outcome,
    kind_mask: &dyn Fn(&ast::Name, &mut Diagnostics) -> Option<u128>,
    errors: &mut Diagnostics,
) -> Option<crate::game::RowGoal> {
    if n == 0 || n > 64 {
        errors.push(Diagnostic::new(
            nspan,
            "a goal on pieces in a row counts 1 to 64 of them",
        ));
        return None;
    }
    let all = names.len() == 1 && names[0].text == "all";
    let mut kinds = if all { u128::MAX } else { 0 };
    if !all {
        for name in names {
            kinds |= kind_mask(name, errors)?;
        }
    }
    let dirs = board.dirs(dirs, errors);
    if shape == ast::RowShape::Square && dirs.len() != 2 {
        errors.push(Diagnostic::new(
            nspan,
            "a square is spanned by two directions: `square of 2 all along e n`",
        ));
        return None;
    }
    Some(crate::game::RowGoal {
        shape,
        n: n as u8,
        kinds,
        dirs,
        outcome,
        zones: (0, 0),
    })
}

/// The goals of a game.
struct Goals {
    checkmated: Outcome,
    stalemated: Outcome,
    full: Option<Outcome>,
    bare: Option<Outcome>,
    bare_answer: bool,
    extinctions: Vec<crate::game::Extinction>,
    reach_goals: Vec<crate::game::ReachGoal>,
    check_goal: Option<(u8, Outcome)>,
    passes_goal: Option<(u8, Outcome)>,
    facing: Option<crate::game::Facing>,
    record: crate::game::RecordGoals,
    rows: Vec<crate::game::RowGoal>,
    castle_goals: Vec<crate::game::CastleGoal>,
}

impl Default for Goals {
    fn default() -> Goals {
        Goals {
            checkmated: Outcome::Loses,
            stalemated: Outcome::Draws,
            full: None,
            bare: None,
            bare_answer: false,
            extinctions: Vec::new(),
            reach_goals: Vec::new(),
            check_goal: None,
            passes_goal: None,
            facing: None,
            record: crate::game::RecordGoals::default(),
            rows: Vec::new(),
            castle_goals: Vec::new(),
        }
    }
}

/// Per side, the `count bonus` in thousandths; each side may have one, and
/// only a game with a goal that `counts` may give it.
fn count_bonus(file: &ast::File, errors: &mut Diagnostics) -> [i64; 2] {
    let mut bonus = [0; 2];
    let mut given = [false; 2];
    let counts = file.goals.iter().any(|g| g.outcome == ast::Outcome::Counts);
    for &(s, points, span) in &file.count_bonus {
        let s = side(s).index();
        if given[s] {
            errors.push(Diagnostic::new(
                span,
                "this side's `count bonus` is given twice",
            ));
        }
        if !counts {
            errors.push(Diagnostic::new(
                span,
                "`count bonus` needs a goal that `counts`",
            ));
        }
        given[s] = true;
        bonus[s] = points;
    }
    bonus
}

fn build_drops(
    file: &ast::File,
    board: &board::Board,
    pools: &Names<usize>,
    kinds: &Names<Kind>,
    zones: &Names<usize>,
    bases: &[Kind],
    errors: &mut Diagnostics,
) -> Vec<crate::game::DropRule> {
    let mut out: Vec<crate::game::DropRule> = Vec::new();
    for d in &file.drops {
        // `drop new`: the pool of new pieces, numbered once the declared
        // pools are known.
        let pool = match &d.pool {
            Some(p) => pools.resolve(p, errors),
            None => Some(usize::MAX),
        };
        let zone = zones.resolve(&d.zone, errors);
        let listed = d
            .kinds
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .fold(0u128, |m, k| m | 1u128 << k);
        let once_per = d.once_per.as_ref().and_then(|axis| {
            let found = board.axes.iter().position(|a| a.name == axis.text);
            if found.is_none() {
                errors.push(Diagnostic::new(
                    axis.span,
                    format!(
                        "`once per` needs an axis of the grid; `{}` is none",
                        axis.text
                    ),
                ));
            }
            found
        });
        if let (Some(pool), Some(zone)) = (pool, zone) {
            out.push(crate::game::DropRule {
                pool,
                kinds: if d.kinds.is_empty() {
                    crate::game::ALL_KINDS
                } else {
                    pieces::with_copies(bases, listed)
                },
                zone,
                once_per,
                per_line: d.per_line,
                not_mating: d.not_mating,
                not_checking: d.not_checking,
                anywhere: d.anywhere,
                mating_loses: d.mating_loses,
                next_to: board.dirs(&d.next_to, errors),
                next_to_shifts: [Vec::new(), Vec::new()],
                flipping: d.flipping,
                not_next_to_enemy: board.dirs(&d.not_next_to_enemy, errors),
                on_top: board.dirs(&d.on_top, errors),
                pushed_in: board.dirs(&d.pushed_in, errors),
                sunk_in: board.dirs(&d.sunk_in, errors),
                next_to_enemy: board.dirs(&d.next_to_enemy, errors),
                enclosing: board.dirs(&d.enclosing, errors),
                enclosing_over: d
                    .enclosing_over
                    .iter()
                    .filter_map(|k| kinds.resolve(k, errors))
                    .fold(0u128, |m, k| pieces::with_copies(bases, m | 1u128 << k)),
                placed: !(d.not_next_to_enemy.is_empty()
                    && d.on_top.is_empty()
                    && d.pushed_in.is_empty()
                    && d.sunk_in.is_empty()
                    && d.next_to_enemy.is_empty()
                    && d.enclosing.is_empty()),
                until_full: d.until_full,
                also_promoted: d.also_promoted,
                unmoved_in: d.unmoved_in.as_ref().and_then(|z| zones.resolve(z, errors)),
                spread: d
                    .spread
                    .iter()
                    .filter_map(|z| zones.resolve(z, errors))
                    .collect(),
                compulsory: d.compulsory,
            });
            if d.flipping && file.flip_drops_next_to_own {
                errors.push(Diagnostic::new(
                    d.zone.span,
                    "`flipping` cannot be used with a `flip` whose drops flip only next to own pieces",
                ));
            }
            if d.flipping && file.flip.is_none() {
                errors.push(Diagnostic::new(
                    d.zone.span,
                    "`flipping` needs a `flip` statement",
                ));
            }
        }
    }
    // A kind listed by some rule of a pool is dropped by those rules only.
    // The kinds listed are gathered per pool first, so that many rules cost
    // their number, not its square.
    let mut listed: Vec<u128> = vec![0; file.pools.len()];
    for r in out
        .iter()
        .filter(|r| r.kinds != crate::game::ALL_KINDS && r.pool != usize::MAX)
    {
        listed[r.pool] |= r.kinds;
    }
    for r in out
        .iter_mut()
        .filter(|r| r.kinds == crate::game::ALL_KINDS && r.pool != usize::MAX)
    {
        r.kinds &= !listed[r.pool];
    }
    out
}

/// Pools, where captures go, pool moves; returns the pool name table.
struct PoolRules {
    names: Names<usize>,
    captured_to: Option<usize>,
    transfers: Vec<(usize, usize)>,
}

fn build_pools(file: &ast::File, errors: &mut Diagnostics) -> PoolRules {
    let mut names = Names::new("pool");
    for (i, p) in file.pools.iter().enumerate() {
        names.declare(p, i, errors);
    }
    let captured_to = file
        .captured_to
        .as_ref()
        .and_then(|p| names.resolve(p, errors));
    let transfers = file
        .transfers
        .iter()
        .filter_map(|(a, b)| Some((names.resolve(a, errors)?, names.resolve(b, errors)?)))
        .collect();
    PoolRules {
        names,
        captured_to,
        transfers,
    }
}

fn build_phases(file: &ast::File, kinds: &Names<Kind>, errors: &mut Diagnostics) -> Vec<Phase> {
    file.phases
        .iter()
        .map(|p| {
            if p.first == 0 || p.first > p.last {
                errors.push(Diagnostic::new(
                    p.span,
                    "a phase needs move numbers `FIRST..LAST` with 1 <= FIRST <= LAST",
                ));
            }
            Phase {
                first: p.first,
                last: p.last,
                unmoved: p.unmoved,
                kinds: p
                    .kinds
                    .iter()
                    .filter_map(|k| kinds.resolve(k, errors))
                    .collect(),
            }
        })
        .collect()
}

/// For a plain two-axis board with no extra or missing cells: cells by rank and file.
fn rect_of(board: &board::Board) -> Option<Vec<Vec<u16>>> {
    if board.axes.len() != 2 {
        return None;
    }
    let (files, ranks) = (board.axes[0].len, board.axes[1].len);
    if board.cells.len() as i64 != files * ranks || board.cells.iter().any(|c| c.coords.len() != 1)
    {
        return None;
    }
    let mut rect = Vec::new();
    for r in 0..ranks {
        let mut row = Vec::new();
        for f in 0..files {
            row.push(*board.by_coord.get(&vec![f, r])?);
        }
        rect.push(row);
    }
    Some(rect)
}
