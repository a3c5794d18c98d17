"""tessera.pyffish answers as pyffish 0.0.90 does (the constants and the
shapes of its answers); differential.py compares the answers themselves
with pyffish's along random games."""

import pytest

import tessera.pyffish as sf

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_constants_are_pyffishs():
    assert (sf.VALUE_MATE, sf.VALUE_DRAW, sf.FEN_OK) == (32000, 0, 1)
    assert sf.NOTATION_DEFAULT == 0 and sf.NOTATION_SAN == 1 and sf.NOTATION_XIANGQI_WXF == 7
    assert sf.NOTATION_THAI_LAN == 9
    assert sf.version() == (0, 0, 90)
    assert issubclass(sf.error, Exception)


def test_the_bundled_games_are_its_variants_under_fairy_stockfishs_names():
    names = sf.variants()
    for name in ["chess", "shogi", "xiangqi", "janggi", "crazyhouse", "makruk", "fischerandom"]:
        assert name in names
    assert names == sorted(names)


def test_a_game_through_pyffishs_calls():
    assert sf.start_fen("chess") == START
    assert len(sf.legal_moves("chess", START, [])) == 20
    assert sf.get_fen("chess", START, ["e2e4"]) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert sf.get_san("chess", START, "g1f3") == "Nf3"
    assert sf.get_san("chess", START, "g1f3", False, sf.NOTATION_LAN) == "Ng1-f3"
    assert sf.get_san_moves("chess", START, ["e2e4", "e7e5", "g1f3"]) == ["e4", "e5", "Nf3"]
    mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert sf.gives_check("chess", START, mate)
    assert sf.legal_moves("chess", START, mate) == []
    assert sf.game_result("chess", START, mate) == -sf.VALUE_MATE
    assert sf.is_immediate_game_end("chess", START, []) == (False, 0)
    assert sf.is_capture("chess", START, ["e2e4", "d7d5"], "e4d5")
    assert not sf.is_capture("chess", START, ["e2e4", "d7d5"], "e4e5")


def test_startpos_stands_for_the_start():
    assert sf.get_fen("chess", "startpos", []) == START


def test_the_default_notation_is_hodges_for_shogi_and_san_elsewhere():
    shogi = sf.start_fen("shogi")
    assert sf.get_san("shogi", shogi, "g3g4") == "P-36"
    assert sf.get_san("shogi", shogi, "g3g4", False, sf.NOTATION_SHOGI_HODGES) == "P-3f"
    assert sf.get_san("xiangqi", sf.start_fen("xiangqi"), "h3e3") == "Che3"


def test_captures_to_hand_and_a_sfen():
    assert sf.captures_to_hand("crazyhouse") and sf.captures_to_hand("shogi")
    assert not sf.captures_to_hand("chess")
    assert sf.get_fen("shogi", sf.start_fen("shogi"), [], False, True) == (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    )


def test_validate_fen_gives_fairy_stockfishs_codes():
    assert sf.validate_fen(START, "chess") == sf.FEN_OK
    assert sf.validate_fen("8/8/8/8/8/8/8/8 w - - 0 1", "chess") == sf.FEN_INVALID_NUMBER_OF_KINGS
    assert sf.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "chess") == sf.FEN_INVALID_BOARD_GEOMETRY
    assert sf.validate_fen("", "chess") == sf.FEN_EMPTY


def test_load_variant_config_adds_variants_through_the_importer():
    sf.load_variant_config("[tinyknights:chess]\nstartFen = 4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1\n")
    assert "tinyknights" in sf.variants()
    assert sorted(sf.legal_moves("tinyknights", sf.start_fen("tinyknights"), []))[:2] == ["b1a3", "b1c3"]


def test_bad_input_raises_and_what_tessera_lacks_says_so():
    with pytest.raises(ValueError, match="Invalid move 'e2e5'"):
        sf.legal_moves("chess", START, ["e2e5"])
    with pytest.raises(ValueError, match="unknown variant"):
        sf.start_fen("no-such-game")
    with pytest.raises(NotImplementedError):
        sf.get_fen("chess", START, [], True)
    # Chess does not remember its promotions: no showPromoted FEN.
    with pytest.raises(NotImplementedError, match="showPromoted"):
        sf.get_fen("chess", START, [], False, False, True)


def test_insufficient_material_is_pyffishs():
    # Each side's answer, as pyffish's own tests give them.
    assert sf.has_insufficient_material("chess", START, []) == (False, False)
    assert sf.has_insufficient_material("chess", "k7/b1b5/8/8/8/8/8/K7 w - - 0 1", []) == (True, True)
    assert sf.has_insufficient_material("chess", "k7/bb6/8/8/8/8/8/K7 w - - 0 1", []) == (True, False)
    assert sf.has_insufficient_material("xiangqi", "4k4/9/9/9/9/9/9/9/9/3KN4 w - - 0 1", []) == (False, True)
    assert sf.has_insufficient_material("racingkings", "8/8/8/8/8/8/K6k/8 w - - 0 1", []) == (False, False)


def test_thai_notations_write_a_promoted_met_as_the_bia_ngai():
    # pyffish 0.0.90's answers for the same calls.
    fen = "4k3/8/8/P6p/7P/8/8/4K3 w - - 0 1"
    moves = ["a5a6m", "e8d7", "a6b7"]
    assert sf.get_san("makruk", sf.start_fen("makruk"), "e3e4", False, sf.NOTATION_THAI_SAN) == "จ๔"
    assert sf.get_san_moves("makruk", fen, moves, False, sf.NOTATION_THAI_SAN) == ["ก๖=M", "ข-ง๗", "ง-ข๗"]
    assert sf.get_san_moves("makruk", fen, moves, False, sf.NOTATION_THAI_LAN) == [
        "บ ก๕-ก๖=M",
        "ข จ๘-ง๗",
        "ง ก๖-ข๗",
    ]
    # FEN leaves the promotion out, as pyffish's does; showPromoted writes it,
    # and a FEN that writes it is read so.
    assert sf.get_fen("makruk", fen, moves[:2]) == "8/3k4/M7/7p/7P/8/8/4K3 w - - 1 2"
    marked = sf.get_fen("makruk", fen, moves[:2], False, False, True)
    assert marked == "8/3k4/M~7/7p/7P/8/8/4K3 w - - 1 2"
    assert sf.get_san("makruk", marked, "a6b7", False, sf.NOTATION_THAI_SAN) == "ง-ข๗"
    assert sf.get_san("makruk", sf.get_fen("makruk", fen, moves[:2]), "a6b7", False, sf.NOTATION_THAI_SAN) == "ม็-ข๗"
