"""The Pythonic face: Game and Position, as a program uses them."""

import copy
import os

import pytest

import tessera

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_a_bundled_game_starts_with_its_setup():
    pos = tessera.Game.builtin("chess").start()
    assert pos.fen() == START
    assert pos.turn == "white"
    assert len(pos.legal_moves()) == 20


def test_a_rule_file_loads_from_its_path():
    game = tessera.Game.load(os.path.join(ROOT, "games", "shogi.game"))
    assert game.title == "Shogi"
    assert len(game.cells) == 81
    assert "7g7f" not in game.start().legal_moves()  # moves are written as FSF's UCI
    assert "g3g4" in game.start().legal_moves()


def test_rule_text_compiles_and_its_errors_name_the_line():
    game = tessera.Game.from_str(
        "grid file a..c rank 1..3\ndirection n (0, 1)\npiece King K royal\n  step n\n"
        "setup white King a1 black King c3\n"
    )
    assert sorted(game.start().legal_moves()) == ["a1a2"]
    with pytest.raises(tessera.RulesError, match=r"<string>:3:.*unknown direction"):
        tessera.Game.from_str("grid file a..c rank 1..3\npiece King K royal\n  step nowhere\n")


def test_push_and_pop_play_and_take_back():
    pos = tessera.Game.builtin("chess").start()
    pos.push("e2e4")
    pos.push("e5")  # the game's own notation (SAN) reads too
    assert pos.moves == ["e2e4", "e7e5"]
    assert pos.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert pos.pop() == "e7e5"
    assert pos.pop() == "e2e4"
    assert pos.fen() == START
    with pytest.raises(IndexError):
        pos.pop()


def test_an_illegal_move_is_refused_and_the_position_is_unchanged():
    pos = tessera.Game.builtin("chess").start()
    with pytest.raises(tessera.IllegalMoveError, match="e2e5"):
        pos.push("e2e5")
    assert pos.moves == []


def test_san_is_written_in_the_games_own_notation():
    chess = tessera.Game.builtin("chess").start()
    assert chess.san("g1f3") == "Nf3"
    shogi = tessera.Game.builtin("shogi").start()
    assert shogi.san("g3g4") == "P-36"  # Hodges with numbers, as shogi.game names it


def test_fools_mate_is_checkmate_and_the_result_says_who_won():
    pos = tessera.Game.builtin("chess").start()
    assert not pos.status().is_over
    assert pos.status().result == "*"
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        pos.push(mv)
    status = pos.status()
    assert status.is_over and status.reason == "checkmate"
    assert status.winner == "black" and status.result == "0-1"
    assert pos.is_check()
    assert pos.legal_moves() == []


def test_a_threefold_repetition_ends_the_game_from_the_moves_played():
    pos = tessera.Game.builtin("chess").start()
    for _ in range(2):
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            pos.push(mv)
    status = pos.status()
    assert status.reason == "repetition" and status.result == "1/2-1/2"


def test_perft_counts_from_the_position_reached():
    pos = tessera.Game.builtin("chess").start()
    assert pos.perft(3) == 8902
    pos.push("e2e4")
    assert pos.perft(2) == 600


def test_best_move_finds_a_mate_in_one():
    game = tessera.Game.builtin("chess")
    pos = game.from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert pos.best_move(depth=3) == "a1a8"
    assert game.from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").best_move(time=0.05) == "a1a8"


def test_best_move_is_none_where_the_game_is_over():
    pos = tessera.Game.builtin("chess").start()
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        pos.push(mv)
    assert pos.best_move(depth=2) is None


def test_a_copy_plays_on_alone():
    pos = tessera.Game.builtin("xiangqi").start()
    other = copy.copy(pos)
    other.push(other.legal_moves()[0])
    assert pos.moves == [] and len(other.moves) == 1


def test_tesseras_own_notation_reads_back_for_a_board_fen_cannot_write():
    game = tessera.Game.builtin("cycle-chess")
    pos = game.start()
    with pytest.raises(ValueError, match="FEN"):
        pos.fen()
    again = game.from_text(pos.text())
    assert sorted(again.legal_moves()) == sorted(pos.legal_moves())


def test_a_bad_fen_and_an_unknown_game_raise_value_errors():
    with pytest.raises(ValueError, match="unknown variant 'chesss'.*'chess'"):
        tessera.Game.builtin("chesss")
    with pytest.raises(ValueError, match="invalid FEN"):
        tessera.Game.builtin("chess").from_fen("rnbqkbnr/pppppppp w")
    assert "shogi" in tessera.Game.builtins()


def test_the_board_prints_as_text():
    text = str(tessera.Game.builtin("chess").start())
    assert "r" in text and "K" in text


def test_check_capture_and_the_positions_hash():
    pos = tessera.Game.builtin("chess").start()
    for mv in ["e2e4", "d7d5"]:
        pos.push(mv)
    assert pos.is_capture("e4d5") and not pos.is_capture("e4e5")
    assert pos.gives_check("f1b5") and not pos.gives_check("f1c4")
    key = pos.key()
    pos.push("g1f3")
    assert pos.key() != key
    pos.pop()
    assert pos.key() == key


def test_a_lone_knight_cannot_win_but_a_pawn_may_promote():
    chess = tessera.Game.builtin("chess")
    pos = chess.from_fen("k7/n7/8/8/8/8/8/K7 w - - 0 1")
    assert pos.has_insufficient_material() and pos.has_insufficient_material("black")
    pos = chess.from_fen("k7/p7/8/8/8/8/8/K7 w - - 0 1")
    assert pos.has_insufficient_material("white")
    assert not pos.has_insufficient_material("black")
