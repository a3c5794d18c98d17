//! A resolved Fairy-Stockfish variant written as a Tessera rule file, or the
//! option that the language cannot say yet.

mod betza;
mod board;
mod castling;
mod drops;
mod fen;
mod goals;
mod moves;
mod notation;
mod pieces;
mod promotion;
mod refusals;
mod repetition;
mod royal;
mod setup;
mod walls;

use betza::{betza_chunks, fsf_leaps, fsf_reading, lame_knight_halves, ranged_hop, Reading};
use fen::Fen;
use moves::Steps;
use pieces::Facts;

use super::variant::{
    piece_name, predefined_betza, Outcome, PieceSet, Squares, Variant, CUSTOM_FIRST, KING, PAWN,
    PIECE_TYPE_NB,
};
use std::fmt::Write as _;

/// Why a section is not written: the option, and the line that set it.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The line that set the option (the section's header for an inherited one).
    pub line: usize,
    /// What Tessera cannot say, naming the option.
    pub message: String,
}

/// Where the section came from, for the header comment and for refusals.
pub struct Source<'a> {
    /// The ini file's name as header comments write it ([`super::shown_file`]).
    pub file: &'a str,
    /// The section's name.
    pub name: &'a str,
    /// The game's title, as players write its name ([`super::title`]).
    pub title: String,
    /// Its parent, if any.
    pub parent: Option<&'a str>,
    /// The header's line.
    pub line: usize,
}

struct Emitter<'a> {
    v: &'a Variant,
    src: &'a Source<'a>,
    files: i32,
    ranks: i32,
    zones: Vec<String>,
    zone_names: Vec<String>,
    /// A promoted type that only one kind's promotion ever makes, by type:
    /// that kind, whose promoted kind `+X` stands for the type everywhere.
    alias: Vec<Option<usize>>,
    /// The promoted kinds written (`+X`), with the type each stands for.
    promoted_written: Vec<(String, usize)>,
}

/// Writes the variant as a rule file, or refuses it.
pub fn emit(v: &Variant, src: &Source) -> Result<String, Refusal> {
    let mut e = Emitter {
        v,
        src,
        files: v.max_file + 1,
        ranks: v.max_rank + 1,
        zones: Vec::new(),
        zone_names: Vec::new(),
        alias: vec![None; PIECE_TYPE_NB],
        promoted_written: Vec::new(),
    };
    e.alias = e.aliases();
    e.run()
}

/// FSF's janggi cannon, whose moves Betza's `pR` does not say whole.
const JANGGI_CANNON: usize = 28;
const SOLDIER: usize = 29;

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "wins",
        Outcome::Loss => "loses",
        Outcome::Draw | Outcome::None => "draws",
    }
}

impl Emitter<'_> {
    /// A refusal naming `key`, at the line that set `field`.
    fn refuse(&self, field: &str, message: impl Into<String>) -> Refusal {
        let message = message.into();
        match self.v.origin_of(field) {
            Some((key, line)) if *line > 0 => Refusal {
                line: *line,
                message: format!("`{key}`: {message}"),
            },
            Some((key, _)) => Refusal {
                line: self.src.line,
                message: format!(
                    "`{key}` (of the built-in `{}`): {message}",
                    self.src.parent.unwrap_or("?")
                ),
            },
            None => Refusal {
                line: self.src.line,
                message: format!(
                    "`{}`: {message}",
                    field.trim_end_matches(".w").trim_end_matches(".b")
                ),
            },
        }
    }

    fn kind(&self, pt: usize) -> String {
        match self.alias.get(pt).copied().flatten() {
            Some(from) => format!("{}-promoted", piece_name(from)),
            None => piece_name(pt),
        }
    }

    fn kinds_of(&self, set: u64) -> Vec<usize> {
        (1..PIECE_TYPE_NB)
            .filter(|&pt| set & (1 << pt) != 0 && self.v.pieces[pt].is_some())
            .collect()
    }

    /// A letter no kind of the variant is written with (nor read by as a
    /// synonym), for a kind no piece is ever of.
    fn free_letter(&self) -> Option<char> {
        ('A'..='Z').find(|&c| {
            let taken = |l: char| l.to_ascii_uppercase() == c;
            !self.v.pieces.iter().flatten().any(|p| taken(p.letter))
                && !self.v.synonyms.iter().any(|&l| taken(l))
        })
    }

    fn same(&self, field: &str) -> bool {
        self.v.get(&format!("{field}.w")) == self.v.get(&format!("{field}.b"))
    }

    fn run(&mut self) -> Result<String, Refusal> {
        let v = self.v;
        if !(1..=26).contains(&self.files) || !(1..=10).contains(&self.ranks) {
            return Err(self.refuse("maxFile", "a board of this size"));
        }
        self.check_unsupported()?;
        let src = self.src;
        let fen = Fen::parse(v.text("startFen"), self).map_err(|m| self.refuse("startFen", m))?;
        // `gating`: FSF keeps gating rights for the cells the castling field
        // names, and reads no castling right there; with none named (and no
        // Seirawan gating, refused above), it changes nothing.
        if v.flag("gating") && !fen.rights.is_empty() {
            return Err(self.refuse(
                "gating",
                "gating rights in the start FEN's castling field (Fairy-Stockfish writes them until the piece leaves its cell, and reads no castling right there) cannot be said in Tessera's language yet",
            ));
        }

        let mut out = String::new();
        let header = match src.parent {
            Some(p) => format!("[{}:{}]", src.name, p),
            None => format!("[{}]", src.name),
        };
        let _ = writeln!(
            out,
            "# Imported by `tessera import` from {}, section {} (line {}).",
            // The comment is one line whatever the file's name holds.
            src.file.replace(char::is_control, "?"),
            header,
            src.line
        );
        let _ = writeln!(out, "game \"{}\"", src.title.replace('"', "'"));
        let last_file = (b'a' + (self.files - 1) as u8) as char;
        let _ = writeln!(out, "grid file a..{last_file} rank 1..{}", self.ranks);
        out.push_str(
            "direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)\n\
             direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)\n\
             group orthogonal = n e s w\n\
             group diagonal = ne nw se sw\n\
             group all = orthogonal diagonal\n",
        );
        // Fairy-Stockfish turns Black's moves by half a turn: the same as
        // `mirror rank` for pieces as symmetric left and right as chess's.
        if self.asymmetric() {
            out.push_str("mirror file rank\n");
        } else {
            out.push_str("mirror rank\n");
        }

        let mut body = String::new();
        // Pieces.
        let steps = self.pawn_steps()?;
        let promo_rules = self.promotion_rules(&fen)?;
        let royal = self.royal_kind();
        let (pseudo_royal, pseudo_rule) = self.pseudo_royal(&fen)?;
        let petrify = v.set("petrifyOnCaptureTypes");
        if petrify != 0 {
            // FSF forbids a pseudo-royal piece's petrifying capture and leaves
            // an immune piece unpetrified; Tessera's pieces turn regardless.
            if petrify & (pseudo_royal | v.set("extinctionPieceTypes") | (1 << KING)) != 0
                || v.flag("blastOnCapture") && petrify & v.set("blastImmuneTypes") != 0
            {
                return Err(self.refuse(
                    "petrifyOnCaptureTypes",
                    "petrification of royal, extinction or blast-immune kinds cannot be said yet",
                ));
            }
        }
        let ep_types = v.set("enPassantTypes.w");
        let counting = self.counting()?;
        let facts = Facts {
            fen: &fen,
            steps,
            ep_types,
            promo_rules,
            royal,
            pseudo_royal,
            unit_values: counting.is_some_and(|c| c.0),
        };
        let promoted_kinds = self.pieces(&mut body, &facts)?;
        let Facts {
            steps: Steps { ep, triple, .. },
            promo_rules,
            ..
        } = facts;

        let (walling, neutral) = self.walls(&mut body, &fen, royal, pseudo_royal)?;

        // Fairy-Stockfish writes the en-passant squares after every double
        // step where a piece other than its pawn may take en passant.
        // Its own pawn's double step, with the cell passed alone (`d3`);
        // its other pieces', with the cells passed and the one they reach.
        let pawn_only = (ep_types | v.set("enPassantTypes.b")) & !(1u64 << PAWN) == 0;
        if ep && pawn_only && triple.is_some() && v.pieces[PAWN].is_some() {
            // FSF writes each cell its pawn passed where an enemy pawn
            // attacks it (`f3f4` after a triple step).
            if self.alias[PAWN].is_none() {
                let _ = writeln!(body, "\nnotation en passant passed {}", self.kind(PAWN));
            }
        }
        if ep && !pawn_only {
            body.push_str("\nnotation en passant always\n");
            if v.pieces[PAWN].is_some() && self.alias[PAWN].is_none() {
                let _ = writeln!(
                    body,
                    "notation en passant always passed {}",
                    self.kind(PAWN)
                );
            }
        }

        // Fairy-Stockfish writes the moves of a game of the shogi template
        // in Hodges' notation with numbers where no other is asked for
        // (its default notation), so its players read them so.
        if v.text("variantTemplate") == "shogi" {
            body.push_str("\nnotation moves shogi-hodges-number\n");
        }
        body.push_str(&self.san_notation());

        let reversi_walls = v.text("enclosingDrop") == "reversi" && neutral.is_some();
        if matches!(v.text("enclosingDrop"), "top" | "anyside") && neutral.is_some()
            || reversi_walls && walling != "none"
        {
            return Err(self.refuse(
                "enclosingDrop",
                "enclosing drops beside walls that are placed during the game or that pieces rest on cannot be said yet",
            ));
        }
        // Flips after a move or a drop.
        match v.text("flipEnclosedPieces") {
            "reversi" => body.push_str("\nflip enclosed all\n"),
            "ataxx" => body.push_str("\nflip around all\n"),
            "quadwrangle" => body.push_str("\nflip around all: drops next to own\n"),
            _ => {}
        }

        // Castling.
        let dropped_castle = v.flag("castlingDroppedPiece") && v.flag("pieceDrops");
        // The castling pieces whose rights the start FEN does not give.
        let mut moved = Squares::new();
        if v.flag("castling") && (fen.castling || dropped_castle) {
            if let Some((c, pt, _)) = v.mobility_regions.iter().find(|(_, pt, s)| {
                v.pieces[*pt].is_some()
                    && !s.is_empty()
                    && (*pt == v.piece_type("castlingKingPiece.w")
                        || v.set("castlingRookPieces.w") & (1 << pt) != 0)
            }) {
                return Err(self.refuse(
                    &format!("mobility:{c}:{pt}"),
                    "a castling piece confined to a region cannot be said yet",
                ));
            }
            body.push('\n');
            body.push_str(&self.castling(&fen, &mut moved)?);
        }

        // Hands and drops.
        if v.flag("pieceDrops") {
            body.push_str(&self.drops(neutral.filter(|_| reversi_walls))?);
        } else if fen.hand_used {
            return Err(self.refuse("startFen", "pieces in hand without `pieceDrops`"));
        }

        self.setup(&mut body, &fen, &moved, &walling);

        if (v.flag("pass.w") || v.flag("passOnStalemate.w")) && royal.is_none() {
            // FSF writes a pass as a piece standing still, and counts it as a
            // move of that piece: one of a clock-resetting kind resets it, as
            // Tessera's pass does.
            // FSF passes with a piece standing still: a side with no piece on
            // the board cannot (Tessera's `pass` writes `0000`). Said where
            // such a side has lost (`goal extinct all`) and has no hand.
            let all_gone = v.outcome("extinctionValue") != Outcome::None
                && v.set("extinctionPieceTypes") & 1 != 0
                && v.int("extinctionPieceCount") == 0;
            if v.flag("pass.w") && (v.flag("pieceDrops") || !all_gone) {
                return Err(self.refuse(
                    "pass.w",
                    "a pass without a royal piece, which Fairy-Stockfish cannot make once a side has no piece on the board, cannot be said yet",
                ));
            }
        }
        if let Some(rule) = pseudo_rule {
            let _ = writeln!(body, "\n{rule}");
        }
        if v.flag("pass.w") {
            body.push_str("\npass\n");
        } else if v.flag("passOnStalemate.w") {
            body.push_str("\npass when stalemated\n");
        }

        // Goals.
        body.push('\n');
        // A rule `to nothing` promotes to no kind: its kind is not made to
        // reset the clock by it.
        let promoting = promo_rules
            .iter()
            .filter(|(_, rule)| !rule.ends_with(" to nothing"))
            .map(|(pt, _)| *pt)
            .chain(promoted_kinds.iter().copied())
            .fold(0u64, |acc, pt| acc | (1 << pt));
        body.push_str(&self.goals(&fen, royal, promoting)?);

        for z in &self.zones {
            out.push_str(z);
            out.push('\n');
        }
        out.push_str(&body);
        Ok(out)
    }
}

impl Variant {
    #[allow(non_snake_case)]
    pub(super) fn soldierPromotionRank_is_set(&self) -> bool {
        self.int("soldierPromotionRank") != 0 && self.pieces[29].is_some()
    }
}
