//! Repetition and counting: perpetual check and chase, back and forth,
//! bikjang, material counting.

use super::*;

impl Emitter<'_> {
    /// `, perpetual check loses` after the repetition goal, where
    /// `perpetualCheckIllegal` is set: Fairy-Stockfish ends a repetition in
    /// which one side gave check with each of its moves as a loss for it.
    pub(super) fn perpetual_check(&self) -> &'static str {
        if self.v.flag("perpetualCheckIllegal") {
            ", perpetual check loses"
        } else {
            ""
        }
    }

    /// Whether `chasingRule = axf` can be said: Fairy-Stockfish's chase
    /// (`Position::chased`) names xiangqi's own types, which
    /// `, perpetual chase` says through the kinds' values and the soldier's
    /// exception; other types, drops and counted values are refused.
    pub(super) fn check_chase(&self) -> Result<(), Refusal> {
        let v = self.v;
        let field = "chasingRule";
        let allowed = [4, 6, 27, SOLDIER, 30, 31, KING];
        if let Some(pt) =
            (1..PIECE_TYPE_NB).find(|&pt| v.pieces[pt].is_some() && !allowed.contains(&pt))
        {
            return Err(self.refuse(
                field,
                format!(
                    "the chasing rule (axf) with a `{}`, which Fairy-Stockfish's chase does not name, cannot be said yet",
                    piece_name(pt)
                ),
            ));
        }
        if v.flag("pieceDrops") {
            return Err(self.refuse(
                field,
                "the chasing rule (axf) with drops cannot be said yet",
            ));
        }
        if v.pieces[SOLDIER].is_some() && !v.soldierPromotionRank_is_set() {
            return Err(self.refuse(
                field,
                "the chasing rule (axf) with soldiers promoted everywhere cannot be said yet",
            ));
        }
        if v.text("materialCounting") != "none" {
            return Err(self.refuse(
                field,
                "the chasing rule (axf) with material counting cannot be said yet",
            ));
        }
        if v.king_betza
            .as_deref()
            .is_some_and(|b| b != "W" && b != "K")
        {
            return Err(self.refuse(
                field,
                "the chasing rule (axf) with a king of another type cannot be said yet",
            ));
        }
        Ok(())
    }

    /// The `value` of a kind in a game with the chasing rule: the order
    /// in which Fairy-Stockfish's chase counts an attack on a protected
    /// piece (a horse or cannon on a rook; an elephant or fers on a rook,
    /// cannon or horse).
    pub(super) fn chase_value(&self, pt: usize) -> Option<i64> {
        if self.v.text("chasingRule") != "axf" {
            return None;
        }
        match pt {
            4 => Some(9),
            27 | 30 => Some(4),
            6 | 31 => Some(2),
            SOLDIER => Some(1),
            _ => None,
        }
    }

    /// `, perpetual chase loses except soldier outside soldier-promoted`
    /// after the repetition goal, where `chasingRule = axf`: a repetition
    /// in which one side chased a piece with each of its moves is a loss
    /// for it; the soldiers chase nothing and are chased once promoted.
    pub(super) fn perpetual_chase(&self) -> String {
        if self.v.text("chasingRule") != "axf" {
            return String::new();
        }
        if self.v.pieces[SOLDIER].is_some() {
            format!(
                ", perpetual chase loses except {} outside soldier-promoted",
                self.kind(SOLDIER)
            )
        } else {
            ", perpetual chase loses".to_string()
        }
    }

    /// `goal back and forth by KINDS wins` for `moveRepetitionIllegal`:
    /// Fairy-Stockfish's janggi rule, read within its n-fold rule, ends the
    /// game for the side that moved a piece back and forth, of a type whose
    /// mobility region meets the region of the other side's king type.
    pub(super) fn back_and_forth(&self, n_fold: i64) -> Result<String, Refusal> {
        let v = self.v;
        let field = "moveRepetitionIllegal";
        if !(2..=255).contains(&n_fold) {
            return Err(self.refuse(field, "move repetition beside this n-fold rule"));
        }
        if v.flag("pass.w") && self.royal_kind().is_none() {
            return Err(self.refuse(field, "move repetition with passes and no king"));
        }
        let all: Squares = (0..self.files)
            .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
            .collect();
        let region = |c: usize, pt: usize| {
            let s = self.mobility_region(c, pt).unwrap_or_default();
            if s.is_empty() {
                all.clone()
            } else {
                s
            }
        };
        let meets = |c: usize, pt: usize| {
            let king = region(1 - c, KING);
            region(c, pt).iter().any(|sq| king.contains(sq))
        };
        let mut kinds = Vec::new();
        let mut every = true;
        for pt in 1..PIECE_TYPE_NB {
            if v.pieces[pt].is_none() {
                continue;
            }
            match (meets(0, pt), meets(1, pt)) {
                (true, true) => kinds.push(self.kind(pt)),
                (false, false) => every = false,
                _ => {
                    return Err(self.refuse(
                        field,
                        "move repetition of a piece that only one side may bring to the other king's region",
                    ))
                }
            }
        }
        Ok(if every {
            "goal back and forth wins\n".to_string()
        } else if kinds.is_empty() {
            String::new()
        } else {
            format!("goal back and forth by {} wins\n", kinds.join(" "))
        })
    }

    /// `goal king faces king along orthogonal ...` for `bikjangRule`: kings
    /// facing on a file or rank with nothing between must be parted by the
    /// side to move, or it passes, which ends the game (a draw, counted
    /// where material is counted), as Fairy-Stockfish's janggi has it.
    pub(super) fn bikjang(&self) -> Result<String, Refusal> {
        let v = self.v;
        let field = "bikjangRule";
        if self.royal_kind().is_none() {
            return Err(self.refuse(field, "the bikjang rule without a king"));
        }
        if v.flag("flyingGeneral") {
            return Err(self.refuse(field, "the bikjang rule beside the flying general"));
        }
        if v.text("wallingRule") != "none" {
            return Err(self.refuse(field, "the bikjang rule beside walls"));
        }
        let king = self.kind(KING);
        Ok(format!(
            "goal {king} faces {king} along orthogonal {}\n",
            self.drawn(Outcome::Draw)
        ))
    }

    /// `white ` before the repetition's outcome where `nFoldValueAbsolute`
    /// gives it from White's point of view.
    pub(super) fn repetition_side(&self) -> &'static str {
        if self.v.flag("nFoldValueAbsolute") {
            "white "
        } else {
            ""
        }
    }

    /// How Fairy-Stockfish counts where a result would be a draw
    /// (`materialCounting`) or a stalemate (`stalematePieceCount`): whether
    /// every kind is worth 1 (pieces counted), and the count bonus, side and
    /// points (`whitedrawodds`: White wins the draws, said as a bonus of 1
    /// with kinds worth nothing; `janggi`: Black's 1.5 beside janggi's
    /// weights, `count_value`); `None` where nothing is counted.
    pub(super) fn counting(&self) -> Result<Option<(bool, Option<&'static str>)>, Refusal> {
        let v = self.v;
        let stalemate_counts =
            v.flag("stalematePieceCount") && v.outcome("stalemateValue") != Outcome::Draw;
        if v.flag("stalematePieceCount") && v.outcome("stalemateValue") == Outcome::Win {
            return Err(self.refuse(
                "stalematePieceCount",
                "a stalemate won by the side with fewer pieces cannot be said yet",
            ));
        }
        let odds = match v.text("materialCounting") {
            "none" | "unweighted" => None,
            "whitedrawodds" => Some("white 1"),
            "blackdrawodds" => Some("black 1"),
            // FSF's JANGGI_MATERIAL: White wins where its weighted count
            // minus Black's, minus 1, is above zero; with whole values, a
            // bonus of 1.5 to Black says it, and no count is equal.
            "janggi" => Some("black 1.5"),
            other => {
                return Err(self.refuse(
                    "materialCounting",
                    format!("material counting ({other}) cannot be imported yet"),
                ))
            }
        };
        let unit = v.text("materialCounting") == "unweighted" || stalemate_counts;
        if unit && odds.is_some() {
            return Err(self.refuse(
                "materialCounting",
                if v.text("materialCounting") == "janggi" {
                    "janggi's weighted count beside stalemates decided by counting pieces cannot be said yet"
                } else {
                    "draw odds beside stalemates decided by counting pieces cannot be said yet"
                },
            ));
        }
        let counts = unit || odds.is_some();
        if counts && v.text("chasingRule") == "axf" {
            // The chase compares the kinds' values, the count adds them up.
            return Err(self.refuse(
                "chasingRule",
                "the chasing rule beside material counting (one value per kind for both) cannot be said yet",
            ));
        }
        Ok(counts.then_some((unit, odds)))
    }

    /// The `value` a kind of FSF's type `pt` is written with, where the
    /// variant counts: 1 for every kind where pieces are counted, janggi's
    /// weights of its six types for `materialCounting = janggi` (FSF's
    /// `material_counting_result`; other types count nothing).
    pub(super) fn count_value(&self, pt: usize, unit: bool) -> Option<i64> {
        if unit {
            return Some(1);
        }
        if self.v.text("materialCounting") != "janggi" {
            return None;
        }
        const ROOK: usize = 4;
        const SOLDIER: usize = 29;
        const HORSE: usize = 30;
        const JANGGI_ELEPHANT: usize = 32;
        const WAZIR: usize = 34;
        match pt {
            ROOK => Some(13),
            JANGGI_CANNON => Some(7),
            HORSE => Some(5),
            JANGGI_ELEPHANT | WAZIR => Some(3),
            SOLDIER => Some(2),
            _ => None,
        }
    }
}
