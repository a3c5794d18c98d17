//! Human names of grammar rules, for "expected ..." messages.
//!
//! The match has no wildcard arm on purpose: a new grammar rule does not compile
//! until it is given a name here (or `None` when it never appears in messages).

use super::Rule;

/// The phrase that stands for every statement keyword in a message.
pub const A_STATEMENT: &str = "a statement such as `piece`";

/// Whether `phrase` names a keyword that starts a statement.
pub fn is_statement(phrase: &str) -> bool {
    phrase == A_STATEMENT
        || super::STATEMENT_KEYWORDS
            .iter()
            .any(|k| phrase.strip_prefix('`').and_then(|p| p.strip_suffix('`')) == Some(k))
}

/// Every keyword token of the grammar, as one pattern: `describe` names them and
/// lowering skips them.
macro_rules! keyword_rules {
    () => {
        Rule::kw_after
            | Rule::kw_all
            | Rule::kw_along
            | Rule::kw_also
            | Rule::kw_always
            | Rule::kw_and
            | Rule::kw_answer
            | Rule::kw_at
            | Rule::kw_around
            | Rule::kw_attacked
            | Rule::kw_bare
            | Rule::kw_betza
            | Rule::kw_become
            | Rule::kw_behind
            | Rule::kw_beside
            | Rule::kw_black
            | Rule::kw_bonus
            | Rule::kw_by
            | Rule::kw_captor
            | Rule::kw_capture
            | Rule::kw_captured
            | Rule::kw_captures
            | Rule::kw_capturing
            | Rule::kw_castling
            | Rule::kw_cell
            | Rule::kw_check
            | Rule::kw_checked
            | Rule::kw_checking
            | Rule::kw_checkmated
            | Rule::kw_clock
            | Rule::kw_count
            | Rule::kw_counter
            | Rule::kw_counts
            | Rule::kw_direction
            | Rule::kw_draws
            | Rule::kw_drop
            | Rule::kw_drops
            | Rule::kw_en
            | Rule::kw_every
            | Rule::kw_except
            | Rule::kw_explode
            | Rule::kw_extinct
            | Rule::kw_faces
            | Rule::kw_castles
            | Rule::kw_cannot
            | Rule::kw_castle
            | Rule::kw_first
            | Rule::kw_forced
            | Rule::kw_from
            | Rule::kw_game
            | Rule::kw_gating
            | Rule::kw_goal
            | Rule::kw_grid
            | Rule::kw_group
            | Rule::kw_hop
            | Rule::kw_immune
            | Rule::kw_in
            | Rule::kw_lands
            | Rule::kw_spread
            | Rule::kw_last
            | Rule::kw_moving
            | Rule::kw_attacking
            | Rule::kw_itself
            | Rule::kw_marked
            | Rule::kw_unmarked
            | Rule::kw_fen
            | Rule::kw_most
            | Rule::kw_as
            | Rule::kw_keeping
            | Rule::kw_promotion
            | Rule::kw_jumping
            | Rule::kw_within
            | Rule::kw_king
            | Rule::kw_layout
            | Rule::kw_look
            | Rule::kw_leap
            | Rule::kw_link
            | Rule::kw_loses
            | Rule::kw_lower
            | Rule::kw_mating
            | Rule::kw_may
            | Rule::kw_mirror
            | Rule::kw_move
            | Rule::kw_moves
            | Rule::kw_neutral
            | Rule::kw_not
            | Rule::kw_notation
            | Rule::kw_of
            | Rule::kw_on
            | Rule::kw_once
            | Rule::kw_only
            | Rule::kw_over
            | Rule::kw_pass
            | Rule::kw_passant
            | Rule::kw_passed
            | Rule::kw_san
            | Rule::kw_variant
            | Rule::kw_repeated
            | Rule::kw_perpetual
            | Rule::kw_chase
            | Rule::kw_longer
            | Rule::kw_checks
            | Rule::kw_pawns
            | Rule::kw_outside
            | Rule::kw_back
            | Rule::kw_forth
            | Rule::kw_or
            | Rule::kw_fewer
            | Rule::kw_row
            | Rule::kw_line
            | Rule::kw_square
            | Rule::kw_reach
            | Rule::kw_hold
            | Rule::kw_material
            | Rule::kw_path
            | Rule::kw_per
            | Rule::kw_phase
            | Rule::kw_piece
            | Rule::kw_place
            | Rule::kw_pool
            | Rule::kw_promote
            | Rule::kw_promoted
            | Rule::kw_quiet
            | Rule::kw_reaches
            | Rule::kw_holds
            | Rule::kw_if
            | Rule::kw_shuffle
            | Rule::kw_defended
            | Rule::kw_order
            | Rule::kw_the
            | Rule::kw_other
            | Rule::kw_side
            | Rule::kw_has
            | Rule::kw_full
            | Rule::kw_flip
            | Rule::kw_enclosed
            | Rule::kw_next
            | Rule::kw_flipping
            | Rule::kw_enclosing
            | Rule::kw_until
            | Rule::kw_new
            | Rule::kw_origin
            | Rule::kw_shot
            | Rule::kw_shields
            | Rule::kw_remove
            | Rule::kw_reset
            | Rule::kw_rook
            | Rule::kw_royal
            | Rule::kw_royals
            | Rule::kw_sets
            | Rule::kw_setup
            | Rule::kw_slide
            | Rule::kw_stalemated
            | Rule::kw_start
            | Rule::kw_step
            | Rule::kw_takes
            | Rule::kw_moved
            | Rule::kw_opposite
            | Rule::kw_then
            | Rule::kw_times
            | Rule::kw_to
            | Rule::kw_transfer
            | Rule::kw_turn
            | Rule::kw_up
            | Rule::kw_value
            | Rule::kw_when
            | Rule::kw_white
            | Rule::kw_wins
            | Rule::kw_zone
            | Rule::kw_enemy
            | Rule::kw_top
            | Rule::kw_pushed
            | Rule::kw_sunk
            | Rule::kw_chain
            | Rule::kw_own
    };
}

/// What to call `rule` when it was expected and not found.
pub fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "end of file",
        keyword_rules!() => return Some(keyword_phrase(rule)),
        Rule::file | Rule::statement | Rule::next_statement | Rule::rest_of_piece => A_STATEMENT,
        Rule::WHITESPACE | Rule::COMMENT | Rule::name_char => return None,
        Rule::keyword => "a keyword",
        Rule::bare_name | Rule::name | Rule::dir_name => "a name",
        Rule::string | Rule::string_inner => "a quoted string",
        Rule::int => "an integer",
        Rule::uint => "a number",
        Rule::vector => "a vector such as `(1, 2)`",
        Rule::game_stmt => "`game`",
        Rule::grid_stmt => "`grid`",
        Rule::axis => "an axis such as `file a..h`",
        Rule::label_range => "a label range such as `a..h` or `1..8`",
        Rule::label_lo | Rule::label_hi => "a letter or a number",
        Rule::cell_stmt => "`cell`",
        Rule::remove_stmt => "`remove`",
        Rule::direction_stmt => "`direction`",
        Rule::direction_def => "a direction such as `n (0, 1)`",
        Rule::group_stmt => "`group`",
        Rule::link_stmt => "`link`",
        Rule::link_edge => "a link such as `A -> B`",
        Rule::mirror_stmt => "`mirror`",
        Rule::zone_stmt => "`zone`",
        Rule::per_side_sets => "`white` and `black` cell sets",
        Rule::side => "`white` or `black`",
        Rule::cell_set | Rule::cell_item => "a cell",
        Rule::cell_box => "a box of cells such as `a1..h2`",
        Rule::piece_stmt | Rule::piece_head => "`piece`",
        Rule::letter => "a single letter, `+` and a letter, or `*`",
        Rule::value_prop => "`value`",
        Rule::royal_prop => "`royal`",
        Rule::as_prop => "`as KIND`",
        Rule::betza_prop => "`betza`",
        Rule::promote_prop => "`promote`",
        Rule::optional_kw => "`optional`",
        Rule::movement | Rule::leg => "a movement such as `step` or `slide`",
        Rule::piece_prop | Rule::next_piece_prop => "a piece property or movement",
        Rule::step_leg => "`step`",
        Rule::slide_leg => "`slide`",
        Rule::limit => "`up to N`",
        Rule::leap_leg => "`leap`",
        Rule::leap_only => "`only`",
        Rule::leap_around => "`around`",
        Rule::direction_list => "a direction",
        Rule::modifier => "a modifier such as `quiet` or `capture`",
        Rule::quiet_mod => "`quiet`",
        Rule::capture_mod => "`capture`",
        Rule::first_mod => "`first`",
        Rule::from_mod => "`from`",
        Rule::to_mod => "`to`",
        Rule::not_to_mod => "`not to`",
        Rule::not_from_mod => "`not from`",
        Rule::not_first_mod => "`not first`",
        Rule::not_checking_mod => "`not checking`",
        Rule::not_in_check_mod => "`not in check`",
        Rule::loses_first_prop => "`loses first move when KIND lands along DIRS`",
        Rule::lands_kinds => "a piece name",
        Rule::counter_prop => "`counter`",
        Rule::on_capture_prop => "`on capture`",
        Rule::from_kw => "`from`",
        Rule::pool_source => "`from` and pool names",
        Rule::itself_to => "`, itself to POOL`",
        Rule::marked => "`, marked`",
        Rule::promote_on_capture => "`, on capture`",
        Rule::promote_stuck => "`stuck`",
        Rule::promote_nothing => "`nothing`",
        Rule::path_leg => "`path`",
        Rule::pool_stmt => "`pool`",
        Rule::captured_stmt => "`captured`",
        Rule::transfer_stmt => "`transfer`",
        Rule::drop_stmt => "`drop`",
        Rule::phase_stmt => "`phase`",
        Rule::unmoved_kw => "`unmoved`",
        Rule::jumping_mod => "`jumping`",
        Rule::within_mod => "`within`",
        Rule::sets_ep_mod => "`sets en passant`",
        Rule::takes_ep_mod => "`takes en passant`",
        Rule::setup_stmt => "`setup`",
        Rule::setup_side => "a side and its pieces",
        Rule::placement => "a piece and its cells",
        Rule::turn => "`turn`",
        Rule::moved => "`moved`",
        Rule::opposite_mod => "`opposite`",
        Rule::setup_clock => "`clock N`",
        Rule::setup_move => "`move N`",
        Rule::castling_stmt => "`castling`",
        Rule::king_range => "`king N` or `king N..`",
        Rule::open_end => "`..`",
        Rule::rook_place => "where the partner goes: `, rook beside` or `, rook behind`",
        Rule::beside_kw => "`beside`",
        Rule::behind_kw => "`behind`",
        Rule::goal_stmt => "`goal`",
        Rule::condition => "`checkmated`, `stalemated`, `bare` or `full`",
        Rule::outcome => "`wins`, `loses`, `draws` or `counts`",
        Rule::extinct_goal => "`extinct` and piece names",
        Rule::checks_goal => "`checked N times`",
        Rule::reach_goal => "a piece name and `reaches` or `holds`",
        Rule::passes_goal => "`passed N times`",
        Rule::repeats_goal => "`repeated N times`",
        Rule::row_goal => "`row of N`, `line of N` or `square of N`",
        Rule::reach_count => "a number",
        // Optional after a goal, as `answer`.
        Rule::perpetual => return None,
        Rule::chase => return None,
        Rule::longer => return None,
        Rule::chase_except => return None,
        Rule::or_full => return None,
        Rule::clock_goal => "`clock N`",
        Rule::material_goal => "`material` and sets of pieces",
        Rule::material_set => "piece names",
        Rule::faces_goal => "a piece name and `faces`",
        Rule::castle_goal => "`castles` or `cannot castle`",
        Rule::back_goal => "`back and forth`",
        Rule::facing_dirs => "a direction",
        Rule::pass_stmt => "`pass`",
        Rule::become_kind => "`become KIND`",
        Rule::king_to => "`king to ZONE`",
        Rule::rook_to => "where the partner goes: `, rook to ZONE`",
        Rule::except_kinds => "`except`",
        Rule::immune_kinds => "`immune`",
        Rule::at_most => "`at most N`",
        Rule::notation_stmt => "`notation en passant always`",
        Rule::notation_castling_stmt => "`notation castling king takes rook`",
        Rule::notation_ep_taken_stmt => "`notation en passant passed`",
        Rule::notation_san_stmt => "`notation san` and kinds with their letters",
        Rule::san_letter => "a single letter",
        Rule::san_checks => "`checks` and piece names",
        Rule::san_pawns => "`pawns` and piece names",
        Rule::notation_variant_stmt => "`notation variant` and a quoted name",
        Rule::notation_moves_stmt => "`notation moves` and a notation's name",
        Rule::notation_fen_stmt => "`notation fen unmarked`",
        Rule::pass_stalemated => "`when stalemated`",
        Rule::flip_stmt => "`flip`",
        Rule::flip_around => "`around`",
        Rule::flip_enclosed => "`enclosed`",
        Rule::drop_new => "`new` and piece names",
        Rule::next_to => "`next to`",
        Rule::not_next_to_enemy => "`not next to enemy`",
        Rule::next_to_enemy => "`next to enemy`",
        Rule::enclosing => "`enclosing along`",
        Rule::enclosing_kinds => "the kinds a line may run over",
        Rule::on_top => "`on top along`",
        Rule::chain_goal => "`chain of`",
        Rule::flip_drops_next => "`: drops next to own`",
        Rule::pushed_in => "`pushed in along`",
        Rule::sunk_in => "`sunk in along`",
        Rule::flipping => "`flipping`",
        Rule::until_full => "`until full`",
        Rule::compulsory_kw => "`compulsory`",
        Rule::shuffle_stmt => "`shuffle`",
        Rule::shuffle_item => "pieces to place, or `defended`",
        Rule::shuffle_defended => "`defended` and piece names",
        Rule::shuffle_step => "piece names",
        Rule::shuffle_on => "`on` and zone names",
        Rule::in_order => "`in order`",
        // Optional after an extinction goal, as `answer` after every goal.
        Rule::other_has => return None,
        Rule::clock_stmt => "`clock reset by`",
        Rule::captures_and_drops => "`captures and drops`",
        Rule::count_stmt => "`count bonus`",
        Rule::decimal => "a number such as `1.5`",
        // Optional after every goal: naming it in every message would be noise.
        Rule::answer => return None,
        Rule::forced_stmt => "`forced capture`",
        Rule::forced_drop => "`drop`",
        Rule::unmoved_in => "`unmoved in ZONE`",
        Rule::in_place_prop => "`promote in place`",
        Rule::in_place_mod => {
            "`anywhere when last`, `moving`, `not attacking`, `not checking`, `at most N` or `marked`"
        }
        Rule::in_place_last => "`anywhere when last`",
        Rule::in_place_moving => "`moving`",
        Rule::not_attacking => "`not attacking`",
        Rule::in_place_most => "`at most N`",
        Rule::in_place_marked => "`marked`",
        Rule::spread_over => "`spread over ZONE ZONE`",
        Rule::check_stmt => "`check when all royals attacked`",
        Rule::check_all => "`when all royals attacked`",
        Rule::check_at_most => "`when at most N royals`",
        Rule::check_capture_only => "`KIND moves only to capture`",
        Rule::explode_stmt => "`captures explode`",
        Rule::blasted_captured => "`captured`",
        Rule::gating_stmt => "`gating`",
        Rule::place_stmt => "`place`",
        Rule::place_mod => "`new`, `to ZONE`, `at origin`, `shot` or `shields`",
        Rule::place_new => "`new`",
        Rule::place_origin => "`at origin`",
        Rule::place_shot => "`shot`",
        Rule::place_shields => "`shields`",
        Rule::neutral_prop => "`neutral`",
        Rule::pool_place => "a pool such as `@hand`",
        Rule::pool_count => "a number of pieces",
        Rule::of_captor => "`of captor`",
        Rule::keeping_promotion => "`, keeping promotion`",
        Rule::drop_kinds => "piece names",
        Rule::drop_mod => "a drop rule modifier such as `once per AXIS` or `not mating`",
        Rule::once_per => "`once per AXIS`",
        Rule::at_most_per => "`at most N per AXIS`",
        Rule::anywhere_kw => "`anywhere`",
        Rule::also_promoted => "`also promoted`",
        Rule::safely_kw => "`safely`",
        Rule::not_checking_drop => "`not checking`",
        Rule::not_mating => "`not mating`",
        Rule::mating_loses => "`mating loses`",
        Rule::only_captured => "`only captured`",
        Rule::promote_at_most => "`at most N`",
        Rule::promote_not_ep => "`, not en passant`",
        Rule::ep_passed => "`passed`",
        Rule::hop_leg => "`hop`",
        Rule::kind_list => "a piece name",
        Rule::capturing_mod => "`capturing`",
        Rule::not_capturing_mod => "`not capturing`",
        Rule::over_mod => "`over`",
        Rule::layout_stmt => "`layout`",
        Rule::layout_place => "a cell and `at` a coordinate",
        Rule::layout_hexagons => "`hexagons`",
        Rule::layout_stacked => "`stacked`",
        Rule::layout_intersections => "`intersections`",
        Rule::look_stmt => "`look`",
        Rule::look_board => "`board` and a style",
        Rule::look_word_board => "`board`",
        Rule::look_style => "`checkered`, `plain` or `green`",
        Rule::look_sides => "`sides` and two names",
        Rule::look_word_sides => "`sides`",
        Rule::look_river => "`river after` an axis and a label",
        Rule::look_word_river => "`river`",
        Rule::look_lines => "`lines` a zone `along` directions",
        Rule::look_word_lines => "`lines`",
        Rule::look_dots => "`dots` and cells",
        Rule::look_word_dots => "`dots`",
        Rule::look_labels => "`labels`, an axis and quoted labels",
        Rule::look_word_labels => "`labels`",
        Rule::look_edge => "`top`, `bottom`, `left` or `right`",
        Rule::look_prop => "`look`",
        Rule::look_chess => "`chess` and a piece",
        Rule::look_word_chess => "`chess`",
        Rule::look_shape => "`king`, `queen`, `rook`, `bishop`, `knight` or `pawn`",
        Rule::look_thai => "`thai` and a piece",
        Rule::look_word_thai => "`thai`",
        Rule::look_thai_shape => "`khun`, `met`, `khon`, `ma`, `ruea` or `bia`",
        Rule::look_round => "`round` and a quoted character",
        Rule::look_word_round => "`round`",
        Rule::look_pointed => "`pointed` and a quoted character",
        Rule::look_word_pointed => "`pointed`",
        Rule::look_disc => "`disc`",
        Rule::look_letter => "`letter`",
        Rule::look_picture => "`picture` and a quoted file name",
        Rule::look_word_picture => "`picture`",
        Rule::not_over_mod => "`not over`",
    })
}

/// Whether `rule` is a keyword token, which lowering skips.
pub fn is_keyword(rule: Rule) -> bool {
    matches!(rule, keyword_rules!())
}

/// "`step`" for `Rule::kw_step`.
fn keyword_phrase(rule: Rule) -> &'static str {
    let name = format!("{rule:?}");
    let word = name.trim_start_matches("kw_");
    // Keywords that only start a longer phrase are named by the phrase.
    let phrase = match word {
        "on" => Some("`on capture`"),
        "up" => Some("`up to`"),
        "sets" => Some("`sets en passant`"),
        "takes" => Some("`takes en passant`"),
        _ => None,
    };
    if let Some(p) = phrase {
        return p;
    }
    KEYWORD_PHRASES
        .iter()
        .find(|p| p.trim_matches('`') == word)
        .copied()
        .unwrap_or("a keyword")
}

/// Every keyword of the grammar.
pub fn keywords() -> impl Iterator<Item = &'static str> {
    KEYWORD_PHRASES.iter().map(|p| p.trim_matches('`'))
}

const KEYWORD_PHRASES: &[&str] = &[
    "`after`",
    "`all`",
    "`along`",
    "`also`",
    "`always`",
    "`and`",
    "`answer`",
    "`at`",
    "`around`",
    "`attacked`",
    "`bare`",
    "`betza`",
    "`become`",
    "`behind`",
    "`beside`",
    "`black`",
    "`bonus`",
    "`by`",
    "`captor`",
    "`capture`",
    "`captured`",
    "`captures`",
    "`capturing`",
    "`castling`",
    "`cell`",
    "`check`",
    "`checked`",
    "`checking`",
    "`checkmated`",
    "`clock`",
    "`count`",
    "`counter`",
    "`counts`",
    "`direction`",
    "`draws`",
    "`drop`",
    "`drops`",
    "`en`",
    "`every`",
    "`except`",
    "`explode`",
    "`extinct`",
    "`faces`",
    "`first`",
    "`forced`",
    "`from`",
    "`game`",
    "`gating`",
    "`goal`",
    "`grid`",
    "`group`",
    "`hop`",
    "`immune`",
    "`in`",
    "`lands`",
    "`spread`",
    "`last`",
    "`moving`",
    "`attacking`",
    "`itself`",
    "`jumping`",
    "`within`",
    "`king`",
    "`layout`",
    "`look`",
    "`leap`",
    "`link`",
    "`loses`",
    "`lower`",
    "`mating`",
    "`may`",
    "`mirror`",
    "`move`",
    "`most`",
    "`as`",
    "`moves`",
    "`neutral`",
    "`not`",
    "`notation`",
    "`fen`",
    "`marked`",
    "`unmarked`",
    "`of`",
    "`on`",
    "`once`",
    "`only`",
    "`over`",
    "`pass`",
    "`passant`",
    "`passed`",
    "`path`",
    "`per`",
    "`phase`",
    "`piece`",
    "`place`",
    "`pool`",
    "`promote`",
    "`promoted`",
    "`quiet`",
    "`reaches`",
    "`holds`",
    "`perpetual`",
    "`chase`",
    "`longer`",
    "`checks`",
    "`outside`",
    "`or`",
    "`fewer`",
    "`row`",
    "`line`",
    "`square`",
    "`reach`",
    "`hold`",
    "`full`",
    "`flip`",
    "`shuffle`",
    "`defended`",
    "`order`",
    "`other`",
    "`side`",
    "`has`",
    "`if`",
    "`the`",
    "`in`",
    "`enclosed`",
    "`next`",
    "`flipping`",
    "`until`",
    "`new`",
    "`origin`",
    "`shot`",
    "`shields`",
    "`remove`",
    "`reset`",
    "`rook`",
    "`royal`",
    "`royals`",
    "`sets`",
    "`setup`",
    "`slide`",
    "`stalemated`",
    "`start`",
    "`step`",
    "`takes`",
    "`then`",
    "`times`",
    "`to`",
    "`transfer`",
    "`turn`",
    "`up`",
    "`value`",
    "`when`",
    "`white`",
    "`wins`",
    "`zone`",
];
