#!/usr/bin/env python3
"""The studio of `tessera serve`, driven in headless Chromium through WebDriver.

Starts `tessera serve games/ --port 0` on a scratch copy of games/ (so that
nothing the page does can touch the repository), then:

- loads every game (and copies of chess named `my game`, `échecs` and
  `50%`, names that need escaping) and checks the game list's choice and the
  cells, the pieces and the pools the page draws against the server's own
  answer (POST /api/state), and saves a screenshot of each under
  target/browser-artifacts/ (kept out of git);
- opens on chess, and says so when the address names a game it does not
  serve, offering the nearest name;
- says what each piece is: a legend of the game's pieces (as `tessera show
  --pieces` says them) and a line on hovering a piece;
- plays chess by clicks: captures, and a promotion through the chooser,
  which shows the pieces' pictures, the most valuable first;
  chess by moves typed in the Move box, in SAN and in coordinates, and checks
  the move list, numbered in SAN;
  crazyhouse: a drop out of the hand; Power Chess 98: a captured piece from
  the back field to the front field;
- makes a rule-file error appear in the editor (line, column, message, the
  line marked in the gutter) and disappear, the board redrawn;
- saves an edit and checks that only that file changed;
- measures page load, click to highlighted moves, move to redrawn board,
  and move to the AI's reply at its default strength, and writes them to
  target/browser-artifacts/timings.json.

Needs Debian's chromium and chromium-driver and python's selenium:

    apt-get install -y chromium chromium-driver
    python3 -m venv target/browser-venv && target/browser-venv/bin/pip install selenium==4.51.0
    cargo build --release
    target/browser-venv/bin/python tests/browser/studio_test.py
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser import ARTIFACTS, ROOT, check, failures, headless_chromium


def post(url, path, body):
    request = urllib.request.Request(
        url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def get(url, path):
    with urllib.request.urlopen(url + path) as answer:
        return json.load(answer)


class Studio:
    """A page of the studio in a browser."""

    def __init__(self, driver, url):
        self.d = driver
        self.url = url
        self.wait = WebDriverWait(driver, 30, poll_frequency=0.02)

    def open(self, game, ai="none"):
        """Opens a game; the AI plays Black unless told otherwise (`none`
        for tests that click both sides' moves)."""
        self.d.get(f"{self.url}?game={urllib.parse.quote(game)}")
        self.wait.until(lambda d: d.execute_script("return window.tesseraTimes && window.tesseraTimes.loaded > 0"))
        check(self.js("return document.getElementById('ai').value") == "black", f"{game}: the AI does not play Black by default")
        if ai != "black":
            self.js("const s = document.getElementById('ai'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", ai)
        # A capture-phase listener notes the time of every click, in the
        # page's clock, for the latency figures.
        self.d.execute_script(
            "document.addEventListener('click', () => { window.lastClick = performance.now(); }, true);"
        )

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def board_cells(self):
        return set(self.js("return [...document.querySelectorAll('#board g.cell')].map(e => e.dataset.cell)"))

    def board_pieces(self):
        return set(
            tuple(x)
            for x in self.js(
                "return [...document.querySelectorAll('#board g.piece')]"
                ".map(e => [e.dataset.cell, e.dataset.piece, e.dataset.side])"
            )
        )

    def pool_pieces(self):
        return set(
            tuple(x)
            for x in self.js(
                "return [...document.querySelectorAll('#board .pool-piece')]"
                ".map(e => [e.dataset.pool, e.dataset.side, e.dataset.piece, Number(e.dataset.count)])"
            )
        )

    def moves_played(self):
        # The move list, numbered by move (`1. a4 b5`), one SAN a span.
        return self.js("return [...document.querySelectorAll('#moves span:not(.undone)')].map(e => e.textContent)")

    def targets(self):
        return set(self.js("return [...document.querySelectorAll('#board .marks .target')].map(e => e.dataset.target)"))

    def click_cell(self, name):
        # The piece on the cell if there is one (it lies on top), else the cell.
        found = self.d.find_elements(By.CSS_SELECTOR, f'#board g.piece[data-cell="{name}"]')
        if not found:
            found = self.d.find_elements(By.CSS_SELECTOR, f'#board g.cell[data-cell="{name}"]')
        check(found, f"no cell `{name}` on the board")
        found[0].click()

    def click_move(self, origin, target, choice=None):
        """Plays a move by clicks and waits for the board to show it."""
        count = len(self.moves_played())
        self.click_cell(origin)
        self.wait.until(lambda d: self.targets())
        check(target in self.targets(), f"`{target}` not highlighted after a click on `{origin}`: {sorted(self.targets())}")
        self.click_cell(target)
        if choice:
            self.wait.until(lambda d: d.find_element(By.ID, "chooser").is_displayed())
            self.choices = self.js(
                "return [...document.querySelectorAll('#choices button')]"
                ".map(b => [b.dataset.move, b.querySelector('svg') !== null, b.textContent])"
            )
            self.d.save_screenshot(str(ARTIFACTS / "chooser.png"))
            self.d.find_element(By.CSS_SELECTOR, f'#choices button[data-move="{choice}"]').click()
        self.wait.until(lambda d: len(self.moves_played()) > count)

    def wait_drawn(self, since):
        self.wait.until(lambda d: self.js("return window.tesseraTimes.drawn") > since)


def compare_with_server(studio, url, game):
    view = post(url, "/api/state", {"game": game, "moves": []})
    cells = {c["name"] for c in view["cells"]}
    check(studio.board_cells() == cells, f"{game}: the page's cells differ from the server's")
    pieces = {(p["cell"], p["piece"], p["side"]) for p in view["pieces"]}
    check(studio.board_pieces() == pieces, f"{game}: the page's pieces differ from the server's")
    pooled = {
        (pool["pool"], pool["side"], p["piece"], p["count"]) for pool in view["pools"] for p in pool["pieces"]
    }
    check(studio.pool_pieces() == pooled, f"{game}: the page's pools differ from the server's")
    return view


def every_game(studio, url, games):
    load_ms = []
    for g in games:
        name = g["name"]
        studio.open(name, ai="black")
        load_ms.append(studio.js("return window.tesseraTimes.loaded"))
        compare_with_server(studio, url, name)
        chosen = studio.js("return document.getElementById('games').value")
        check(chosen == name, f"{name}: the game list shows `{chosen}`")
        status = studio.d.find_element(By.ID, "status").text
        check("to move" in status, f"{name}: status `{status}`")
        studio.d.save_screenshot(str(ARTIFACTS / f"{name}.png"))
        print(f"{name}: {len(studio.board_cells())} cells, {len(studio.board_pieces())} pieces, drawn", flush=True)
    return load_ms


def opens_on_chess(studio, url):
    """With no game in the address, the page opens on chess, not on the first
    name in alphabetical order."""
    studio.d.get(url)
    studio.wait.until(lambda d: d.execute_script("return window.tesseraTimes && window.tesseraTimes.loaded > 0"))
    chosen = studio.js("return document.getElementById('games').value")
    check(chosen == "chess", f"the page opens on `{chosen}`, not chess")


def unknown_game(studio, url):
    """An address naming a game the studio does not serve says so, with the
    nearest served name as a link, and shows the opening game meanwhile."""
    studio.open("chesss")
    notice = studio.d.find_element(By.ID, "notice")
    check(notice.is_displayed(), "?game=chesss: no notice")
    check("no game is called `chesss`; did you mean `chess`? Open chess, or choose one of" in notice.text, f"?game=chesss: the notice reads {notice.text!r}")
    link = studio.d.find_elements(By.ID, "notice-suggestion")
    check(link and link[0].get_attribute("href").endswith("?game=chess"), "?game=chesss: no link to chess")
    chosen = studio.js("return document.getElementById('games').value")
    check(chosen == "chess", f"?game=chesss: the game list shows `{chosen}`")
    studio.d.save_screenshot(str(ARTIFACTS / "unknown-game.png"))
    studio.open("xyzzy-plugh")
    notice = studio.d.find_element(By.ID, "notice")
    check("no game is called `xyzzy-plugh`" in notice.text and "did you mean" not in notice.text, f"?game=xyzzy-plugh: the notice reads {notice.text!r}")
    check(not studio.d.find_elements(By.ID, "notice-suggestion"), "?game=xyzzy-plugh: a suggestion offered")
    studio.open("chess")
    check(not studio.d.find_element(By.ID, "notice").is_displayed(), "?game=chess: a notice shown")


def what_pieces_are(studio, url):
    """The legend lists each piece as `tessera show --pieces` does, with its
    pictures; hovering a piece on the board (or in a hand) says what it is."""
    from selenium.webdriver.common.action_chains import ActionChains

    for game, cell, expected in [
        ("chess", "g1", 'White Knight (N): betza "N"'),
        ("chess", "e8", 'Black King (K), royal: betza "K"'),
        ("shogi", "b2", None),
    ]:
        studio.open(game)
        pieces = post(url, "/api/pieces", {"game": game})["pieces"]
        listed = [f"{p['letter']} {p['kind']}" for p in pieces if not p["copy"]]
        studio.wait.until(lambda d: len(studio.js("return [...document.querySelectorAll('#legend li')]")) == len(listed))
        legend = studio.js("return [...document.querySelectorAll('#legend li')].map(li => [li.querySelector('b').textContent, li.querySelectorAll('svg').length, li.querySelector('.moves').textContent])")
        check([l[0] for l in legend] == listed, f"{game}: the legend lists {[l[0] for l in legend]}, not {listed}")
        check(all(l[1] >= 1 for l in legend), f"{game}: a legend entry without a picture")
        moves = {f"{p['letter']} {p['kind']}": p["moves"] for p in pieces}
        check(all(l[2] == moves[l[0]] for l in legend), f"{game}: the legend's moves differ from the server's")
        piece = studio.d.find_element(By.CSS_SELECTOR, f'#board g.piece[data-cell="{cell}"]')
        ActionChains(studio.d).move_to_element(piece).perform()
        studio.wait.until(lambda d: d.find_element(By.ID, "piece-info").text != "")
        info = studio.d.find_element(By.ID, "piece-info").text
        kind = piece.get_attribute("data-kind")
        if expected is None:
            # The game's own names of its sides (`look sides`): shogi's Sente and Gote.
            names = post(url, "/api/state", {"game": game, "moves": []})["side_names"]
            side = names[0] if piece.get_attribute("data-side") == "white" else names[1]
            expected_start = f"{side} {kind} ("
            check(info.startswith(expected_start), f"{game}: hovering {cell} says {info!r}")
        else:
            check(info == expected, f"{game}: hovering {cell} says {info!r}, not {expected!r}")
        title = studio.js("const t = arguments[0].querySelector('title'); return t && t.textContent", piece)
        check(title == info, f"{game}: the tooltip of {cell} reads {title!r}")
        studio.d.save_screenshot(str(ARTIFACTS / f"{game}-hover.png"))
        studio.js("document.getElementById('legend').scrollIntoView()")
        studio.d.save_screenshot(str(ARTIFACTS / f"{game}-legend.png"))


def chess_by_clicks(studio, url):
    studio.open("chess")
    # Captures (a4xb5, b5xa6, a6xb7) and a promotion by capture through the chooser.
    script = [
        ("a2", "a4", None), ("b7", "b5", None), ("a4", "b5", None), ("a7", "a6", None),
        ("b5", "a6", None), ("c8", "b7", None), ("a6", "b7", None), ("b8", "c6", None),
        ("b7", "a8", "b7a8q"),
    ]
    for origin, target, choice in script:
        studio.click_move(origin, target, choice)
    # The chooser showed the four pieces, pictured, the most valuable first.
    check([c[0] for c in studio.choices] == ["b7a8q", "b7a8r", "b7a8b", "b7a8n"], f"chess: the chooser offered {studio.choices}")
    check(all(c[1] for c in studio.choices), f"chess: a choice without a picture: {studio.choices}")
    check([c[2] for c in studio.choices] == ["bxa8=Q", "bxa8=R", "bxa8=B", "bxa8=N"], f"chess: the choices read {studio.choices}")
    played = studio.moves_played()
    check(played == ["a4", "b5", "axb5", "a6", "bxa6", "Bb7", "axb7", "Nc6", "bxa8=Q"], f"chess: played {played}")
    pieces = studio.board_pieces()
    check(("a8", "Q", "white") in pieces, "chess: no white queen on a8 after the promotion")
    check(not any(p[0] == "b7" for p in pieces), "chess: b7 not emptied by the promotion")
    server = post(url, "/api/state", {"game": "chess", "moves": played})
    check(studio.board_pieces() == {(p["cell"], p["piece"], p["side"]) for p in server["pieces"]}, "chess: the page's pieces after the game differ from the server's")
    # Undo and redo.
    studio.d.find_element(By.ID, "undo").click()
    studio.wait.until(lambda d: len(studio.moves_played()) == 8)
    check(("b7", "P", "white") in studio.board_pieces(), "chess: undo did not bring the pawn back to b7")
    studio.d.find_element(By.ID, "redo").click()
    studio.wait.until(lambda d: len(studio.moves_played()) == 9)
    check(("a8", "Q", "white") in studio.board_pieces(), "chess: redo did not promote again")
    studio.d.save_screenshot(str(ARTIFACTS / "chess-after-promotion.png"))


def typed_moves(studio):
    """Moves typed in the Move box, in SAN as players type it (a small letter
    where only one move fits) or in coordinates; a move that is not legal is
    explained and not played; the list is numbered by move, in SAN."""
    studio.open("chess")
    box = studio.d.find_element(By.ID, "move-text")

    def play(text, expected):
        box.clear()
        box.send_keys(text)
        studio.d.find_element(By.ID, "move-play").click()
        studio.wait.until(lambda d: len(studio.moves_played()) == expected)

    play("f3", 1)
    box.clear()
    box.send_keys("Ke7")
    studio.d.find_element(By.ID, "move-play").click()
    studio.wait.until(lambda d: "is not a legal move here" in d.find_element(By.ID, "status").text)
    check(studio.moves_played() == ["f3"], f"chess: typing Ke7 after f3 played {studio.moves_played()}")
    play("e7e5", 2)
    play("g4", 3)
    play("qh4", 4)
    played = studio.moves_played()
    check(played == ["f3", "e5", "g4", "Qh4#"], f"chess: typed moves played as {played}")
    items = studio.js("return [...document.querySelectorAll('#moves li')].map(e => e.value + '. ' + e.textContent)")
    check(items == ["1. f3 e5", "2. g4 Qh4#"], f"chess: the move list reads {items}")


def crazyhouse_drop(studio):
    studio.open("crazyhouse")
    for origin, target in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5")]:
        studio.click_move(origin, target)
    check(("hand", "white", "P", 1) in studio.pool_pieces(), "crazyhouse: the captured pawn is not in White's hand")
    hand = studio.d.find_element(By.CSS_SELECTOR, '#board .pool-piece[data-side="white"][data-piece="P"]')
    hand.click()
    studio.wait.until(lambda d: studio.targets())
    check("e4" in studio.targets(), "crazyhouse: e4 not highlighted for a drop")
    count = len(studio.moves_played())
    studio.click_cell("e4")
    studio.wait.until(lambda d: len(studio.moves_played()) > count)
    check(studio.moves_played()[-1] == "P@e4", f"crazyhouse: played {studio.moves_played()}")
    check(("e4", "P", "white") in studio.board_pieces(), "crazyhouse: no pawn dropped on e4")
    check(not any(p[1] == "white" and p[2] == "P" for p in studio.pool_pieces()), "crazyhouse: the pawn is still in the hand")
    studio.d.save_screenshot(str(ARTIFACTS / "crazyhouse-after-drop.png"))


def power_chess_transfer(studio):
    """A piece captured into its owner's back field moves on to the front field."""
    studio.open("power-chess-98")
    for origin, target in [("a2", "a3"), ("a6", "a5"), ("b1", "b7")]:
        studio.click_move(origin, target)
    back = studio.d.find_element(By.CSS_SELECTOR, '#board .pool-piece[data-pool="back"][data-side="black"]')
    piece = back.get_attribute("data-piece")
    back.click()
    studio.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#board .marks [data-target-pool="front"]'))
    count = len(studio.moves_played())
    studio.d.find_element(By.CSS_SELECTOR, '#board g.pool[data-pool="front"][data-side="black"]').click()
    studio.wait.until(lambda d: len(studio.moves_played()) > count)
    played = studio.moves_played()[-1]
    check(played.endswith("-@front"), f"power-chess-98: played {played}, not a transfer to the front field")
    pooled = studio.pool_pieces()
    check(any(p[0] == "front" and p[1] == "black" and p[2] == piece for p in pooled), f"power-chess-98: the front field holds {pooled}")
    studio.d.save_screenshot(str(ARTIFACTS / "power-chess-98-after-transfer.png"))


def editor_errors(studio, work):
    studio.open("chess")
    area = studio.d.find_element(By.ID, "rules")
    original = area.get_attribute("value")
    lines = original.split("\n")
    line_no = next(i for i, l in enumerate(lines) if l.strip() == "slide all") + 1
    column = lines[line_no - 1].index("all") + 1
    broken = "\n".join(lines[: line_no - 1] + [lines[line_no - 1].replace("all", "alll")] + lines[line_no:])

    def set_text(text):
        studio.js(
            "const a = document.getElementById('rules'); a.value = arguments[0];"
            "a.dispatchEvent(new Event('input', {bubbles: true}));",
            text,
        )

    set_text(broken)
    studio.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#errors li"))
    errors = [e.text for e in studio.d.find_elements(By.CSS_SELECTOR, "#errors li")]
    check(any(e.startswith(f"{line_no}:{column}:") and "alll" in e for e in errors), f"editor: errors {errors}, expected one at {line_no}:{column}")
    bad = studio.js("return [...document.querySelectorAll('#gutter .bad')].map(e => Number(e.textContent))")
    check(bad == [line_no], f"editor: gutter marks {bad}, expected [{line_no}]")
    studio.d.find_element(By.CSS_SELECTOR, "#errors li").click()
    selected = studio.js("const a = document.getElementById('rules'); return a.value.slice(a.selectionStart, a.selectionEnd)")
    check(selected == "alll", f"editor: a click on the error selects `{selected}`")
    studio.d.save_screenshot(str(ARTIFACTS / "editor-error.png"))
    # A change that compiles: the board is drawn again from the start.
    drawn = studio.js("return window.tesseraTimes.drawn")
    set_text(original + "\n# edited in the studio\n")
    studio.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#errors li"))
    studio.wait_drawn(drawn)
    check(studio.d.find_element(By.ID, "check-status").text == "compiles", "editor: no `compiles` once fixed")
    check(studio.js("return document.querySelectorAll('#gutter .bad').length") == 0, "editor: gutter still marked once fixed")
    # Save writes that file alone.
    before = {p.name: p.read_bytes() for p in work.iterdir()}
    studio.d.find_element(By.ID, "save").click()
    studio.wait.until(lambda d: "saved" in d.find_element(By.ID, "save-status").text)
    after = {p.name: p.read_bytes() for p in work.iterdir()}
    changed = sorted(n for n in after if before.get(n) != after[n])
    check(changed == ["chess.game"], f"save: changed {changed}")
    check(after["chess.game"].decode().endswith("# edited in the studio\n"), "save: the file lacks the edit")


def latency(studio):
    """Click to highlighted moves; move to redrawn board; move to the AI's reply."""
    studio.open("chess")
    highlight, move, wall = [], [], []
    for origin, target in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6"), ("f1", "c4"), ("g8", "f6")]:
        started = time.perf_counter()
        studio.click_cell(origin)
        studio.wait.until(lambda d: studio.targets())
        wall.append((time.perf_counter() - started) * 1000)
        highlight.append(studio.js("return window.tesseraTimes.highlighted - window.lastClick"))
        drawn = studio.js("return window.tesseraTimes.drawn")
        studio.click_cell(target)
        studio.wait_drawn(drawn)
        move.append(studio.js("return window.tesseraTimes.drawn - window.lastClick"))
    # Against the AI at its default strength (1 s a move): from the click that
    # makes White's move to the board showing Black's reply.
    # As `tessera play`, the AI plays Black by default.
    studio.open("chess", ai="black")
    check(studio.js("return document.getElementById('strength').value") == "1000", "the default strength is not 1 s")
    ai = []
    for origin, target in [("e2", "e4"), ("d2", "d4"), ("g1", "f3")]:
        count = len(studio.moves_played())
        studio.click_move(origin, target)
        studio.wait.until(lambda d: len(studio.moves_played()) >= count + 2 and d.execute_script("return window.tesseraTimes.drawn > window.tesseraTimes.aiMoved"))
        ai.append(studio.js("return window.tesseraTimes.drawn - window.lastClick"))
    studio.d.save_screenshot(str(ARTIFACTS / "chess-against-ai.png"))
    return {"click_to_highlight_ms": highlight, "click_to_highlight_webdriver_ms": wall, "move_to_board_ms": move, "move_to_ai_reply_ms": ai}


def summary(values):
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1), "max": round(max(values), 1), "n": len(values)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tessera", default=str(ROOT / "target" / "release" / "tessera"))
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    args = parser.parse_args()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="tessera-studio-")) / "games"
    shutil.copytree(ROOT / "games", work, ignore=shutil.ignore_patterns("snapshots", "*.tests"))
    # Names that need escaping in a URL, listed and opened like any other.
    for odd in ["my game", "échecs", "50%"]:
        shutil.copy(ROOT / "games" / "chess.game", work / f"{odd}.game")
    server = subprocess.Popen([args.tessera, "serve", str(work), "--port", "0"], stdout=subprocess.PIPE, text=True)
    driver = None
    try:
        line = server.stdout.readline()
        url = line.split()[2].rstrip("/")
        print("studio at", url, flush=True)
        driver = headless_chromium(args.chromedriver, 1400, 1000)
        studio = Studio(driver, url)
        games = get(url, "/api/games")["games"]
        check(len(games) == len(list(work.glob("*.game"))), "not every game is listed")
        opens_on_chess(studio, url)
        unknown_game(studio, url)
        what_pieces_are(studio, url)
        load_ms = every_game(studio, url, games)
        chess_by_clicks(studio, url)
        typed_moves(studio)
        crazyhouse_drop(studio)
        power_chess_transfer(studio)
        editor_errors(studio, work)
        times = latency(studio)
        times["page_load_ms"] = load_ms
        figures = {k: summary(v) for k, v in times.items()}
        (ARTIFACTS / "timings.json").write_text(json.dumps({"summary": figures, "raw": times}, indent=1))
        for k, v in figures.items():
            print(f"{k}: median {v['median']} ms (min {v['min']}, max {v['max']}, n {v['n']})")
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait()
        shutil.rmtree(work.parent, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    print(f"studio: all checks passed; screenshots in {ARTIFACTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
