#!/usr/bin/env python3
"""Pages of `tessera export --html`, opened from file:// in headless Chromium
through WebDriver, with no server.

For chess, crazyhouse, shogi, xiangqi, janggi, flipello, cycle chess and the
central squares, each exported to a page of its own:

- the page loads its engine (the WebAssembly unpacked in the page) and draws
  the start: the cells and the pieces equal those of the command line's own
  engine (`tessera list --json`, `tessera show --svg`), and so do the legal
  moves (`tessera moves --json`); the page's size and the time from opening
  it to its first board are measured;
- a person plays by clicks (a piece or a piece in the hand, then one of its
  marked targets, the marked targets being the legal ones, then the
  chooser's button where several moves go there) until the game's page has
  shown what it must: a capture (every game but flipello), a drop
  (crazyhouse, shogi, flipello) and a promotion through the chooser (shogi;
  chess's from a FEN); the position equals the command line's again;
- the AI, in its Web Worker, answers within its time (AI_SECONDS at the
  page's default depth), and the position equals the command line's again;
- Undo takes back the AI's move and the person's (chess); a FEN loaded in
  the FEN box is the position drawn (chess);
- the browser's console holds no error.

A folder exported gives one page per rule file and an index linking each.
Leaves a screenshot of each page in target/browser-artifacts/ (the whole
window, export-GAME.png) and, with `--pictures`, each board's in
docs/pictures/export-GAME.png and chess's window in docs/pictures/export.png.
Prints each page's size, time to first board and AI time, for
docs/export.md.

Needs Debian's chromium and chromium-driver and python's selenium (as
tests/browser/studio_test.py), and a tessera built with the engine of pages:

    cargo build --release
    target/browser-venv/bin/python tests/browser/export_test.py
"""

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser import ARTIFACTS, ROOT, check, failures, headless_chromium


class Tessera:
    """The command line's engine, the page's reference."""

    def __init__(self, binary):
        self.binary = binary

    def run(self, *args):
        return subprocess.run([self.binary, *args], check=True, capture_output=True, text=True).stdout

    def cells(self, game):
        return json.loads(self.run("list", game, "--json"))["games"][0]["cells"]

    def pieces(self, game, moves):
        svg = self.run("show", game, "--svg", *(["--moves", " ".join(moves)] if moves else []))
        return sorted(re.findall(r'<g class="piece" data-cell="([^"]*)" data-piece="([^"]*)"', svg))

    def moves(self, game, moves):
        answer = json.loads(self.run("moves", game, "--json", *(["--moves", " ".join(moves)] if moves else [])))
        return sorted(m if isinstance(m, str) else m["move"] for m in answer["moves"])


class Page:
    def __init__(self, driver, path):
        self.driver = driver
        driver.get(path.as_uri())
        self.wait(lambda d: d.execute_script("return window.tessera && window.tessera.ready"), "the engine never loaded")

    def wait(self, condition, message, timeout=60):
        try:
            WebDriverWait(self.driver, timeout).until(condition)
            return True
        except Exception:
            return check(False, message)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def view(self):
        return self.js("return window.tessera.view()")

    def moves(self):
        """The moves played, as text (coordinates), from the page's start."""
        return self.js("return window.tessera.moves()")

    def drawn_pieces(self):
        return sorted(
            tuple(p) for p in self.js(
                "return [...document.querySelectorAll('#board g.piece')].map(g => [g.dataset.cell, g.dataset.piece])"
            )
        )

    def drawn_cells(self):
        return self.js("return document.querySelectorAll('#board g.cell').length")

    def click_cell(self, cell):
        # Clicks where the cell's square is drawn, on top of whatever stands there.
        self.js(
            """const g = document.querySelector(`#board g.cell[data-cell="${CSS.escape(arguments[0])}"]`);
               g.dispatchEvent(new MouseEvent('click', {bubbles: true}));""",
            cell,
        )

    def targets(self):
        return sorted(self.js("return [...document.querySelectorAll('#board .marks .target')].map(e => e.dataset.target)"))


def same_as_engine(page, tessera, game, what):
    moves = page.moves()
    check(page.drawn_cells() == tessera.cells(game), f"{game} {what}: the page draws other cells than the engine has")
    check(page.drawn_pieces() == tessera.pieces(game, moves), f"{game} {what}: the pieces differ from the engine's")
    check(sorted(m["text"] for m in page.view()["moves"]) == tessera.moves(game, moves),
          f"{game} {what}: the legal moves differ from the engine's")


# What each page must show by clicks, and the moves that open its game (the
# rest is chosen by the page's legal moves: what is still wanted first, else
# a seeded random move).
GAMES = {
    "chess": {"wants": {"capture"}, "opening": ["e2e4", "d7d5"]},
    "crazyhouse": {"wants": {"capture", "drop"}, "opening": ["e2e4", "d7d5"]},
    "shogi": {"wants": {"capture", "promotion", "drop"}, "opening": ["c3c4", "g7g6"]},
    "xiangqi": {"wants": {"capture"}, "opening": []},
    "janggi": {"wants": {"capture"}, "opening": []},
    "flipello": {"wants": {"drop"}, "opening": []},
    "cycle-chess": {"wants": {"capture"}, "opening": []},
    "central-squares": {"wants": {"capture"}, "opening": []},
}
# The most plies a person plays to show what a page must.
MOST_PLIES = 60
# The AI's time at the page's default depth, opening its worker included.
AI_SECONDS = 20


def set_ai(page, value):
    page.js(f"document.getElementById('ai').value = '{value}'; document.getElementById('ai').dispatchEvent(new Event('change'))")


def what_it_shows(m):
    shown = set()
    if m["capture"]:
        shown.add("capture")
    if m["pool"] is not None:
        shown.add("drop")
    if m["promotion"]:
        shown.add("promotion")
    return shown


def click_move(page, game, m):
    """Plays the legal move `m` (the view's) by clicks, as a person would.
    Returns whether the chooser was used."""
    side = page.view()["side_to_move"]
    before = len(page.moves())
    if m["pool"] is not None:
        held = page.js(
            """return [...document.querySelectorAll('#board .pool-piece')].find(g =>
                 g.dataset.pool === arguments[0] && g.dataset.piece === arguments[1] && g.dataset.side === arguments[2])""",
            m["pool"], m["piece"], side,
        )
        if not check(held is not None, f"{game}: no {m['piece']} in the hand for {m['text']}"):
            return False
        page.js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", held)
        wanted = sorted({x["to"] for x in page.view()["moves"] if x["pool"] == m["pool"] and x["piece"] == m["piece"] and x["to"]})
    else:
        page.click_cell(m["from"])
        wanted = sorted({x["to"] for x in page.view()["moves"] if x["from"] == m["from"] and x["pool"] is None and x["to"]})
    check(page.targets() == wanted, f"{game}: before {m['text']}, the marked targets {page.targets()} are not the legal ones {wanted}")
    page.click_cell(m["to"])
    chooser = page.js("return !document.getElementById('chooser').hidden")
    if chooser:
        page.js("document.querySelector(`#choices button[data-move=\"${arguments[0]}\"]`).click()", m["text"])
    # The AI may have answered already.
    played = page.moves()[before:before + 1]
    check(played == [m["text"]], f"{game}: clicking {m['text']} played {played}")
    return chooser


def play_by_clicks(page, game, wants, opening):
    """Clicks moves until the page has shown each of `wants`: the opening's,
    then a wanted one where there is one, else a seeded random one."""
    wants = set(wants)
    rng = random.Random(game)
    chose = False
    for ply in range(MOST_PLIES):
        v = page.view()
        if v["status"]["over"]:
            break
        moves = sorted((m for m in v["moves"] if m["to"] and not m["pass"]), key=lambda m: m["text"])
        if not moves:
            break
        if ply < len(opening):
            m = next(m for m in moves if m["text"] == opening[ply])
        else:
            if not wants:
                break
            good = [m for m in moves if what_it_shows(m) & wants]
            # A wanted promotion first, then a drop, then a capture.
            good.sort(key=lambda m: [w not in what_it_shows(m) for w in ("promotion", "drop", "capture")])
            m = good[0] if good else rng.choice(moves)
        chose |= click_move(page, game, m) and bool(m["promotion"])
        wants -= what_it_shows(m)
    check(not wants, f"{game}: shown by clicks in {MOST_PLIES} plies, but not {sorted(wants)}")
    print(f"{game}: by clicks {' '.join(page.view()['san'])}", flush=True)
    if "promotion" in GAMES[game]["wants"]:
        check(chose, f"{game}: the promotion was not chosen in the chooser")


def play_game(driver, tessera, folder, game, args):
    page_file = folder / f"{game}.html"
    tessera.run("export", game, "--html", str(page_file))
    opened = time.monotonic()
    page = Page(driver, page_file)
    stats = {
        "size": page_file.stat().st_size,
        "first_board_ms": page.js("return window.tessera.firstBoard"),
        "ready_s": time.monotonic() - opened,
    }
    same_as_engine(page, tessera, game, "at the start")
    set_ai(page, "none")
    play_by_clicks(page, game, GAMES[game]["wants"], GAMES[game]["opening"])
    same_as_engine(page, tessera, game, "after the clicks")
    # The AI answers for the side to move, at the page's default depth.
    if not page.view()["status"]["over"]:
        before = len(page.moves())
        set_ai(page, page.view()["side_to_move"])
        page.wait(lambda d: d.execute_script("return window.tessera.aiMoves") == 1,
                  f"{game}: the AI did not answer within {AI_SECONDS} s", timeout=AI_SECONDS)
        set_ai(page, "none")
        stats["ai_ms"] = (page.js("return window.tessera.aiTimes") or [None])[0]
        check(len(page.moves()) == before + 1, f"{game}: the AI played {len(page.moves()) - before} moves")
        same_as_engine(page, tessera, game, "after the AI's move")
    # The picture: a piece chosen (on the board, else in the hand), its
    # targets marked.
    moves = page.view()["moves"]
    piece = next((m for m in moves if m["from"] and m["pool"] is None and m["to"] and not m["capture"]), None)
    held = next((m for m in moves if m["pool"] is not None), None)
    if piece:
        page.click_cell(piece["from"])
    elif held:
        page.js(
            """[...document.querySelectorAll('#board .pool-piece')].find(g => g.dataset.pool === arguments[0]
                 && g.dataset.piece === arguments[1]).dispatchEvent(new MouseEvent('click', {bubbles: true}))""",
            held["pool"], held["piece"],
        )
    driver.save_screenshot(str(ARTIFACTS / f"export-{game}.png"))
    if args.pictures:
        driver.find_element(By.ID, "board").screenshot(str(ROOT / "docs" / "pictures" / f"export-{game}.png"))
        if game == "chess":
            driver.save_screenshot(str(ROOT / "docs" / "pictures" / "export.png"))
    page.js("window.getSelection().removeAllRanges()")
    return page, stats


def chess_extras(page, tessera, driver):
    # Undo takes back to the start where the AI played one move after the
    # person's (Undo goes back to where a person is to move).
    set_ai(page, "black")
    driver.find_element(By.ID, "new").click()
    first = next(m for m in page.view()["moves"] if m["text"] == "g1f3")
    click_move(page, "chess", first)
    page.wait(lambda d: d.execute_script("return window.tessera.aiMoves") == 2, "chess: the AI never answered g1f3")
    check(len(page.moves()) == 2, f"chess: after g1f3 and the AI's answer, the moves are {page.moves()}")
    driver.find_element(By.ID, "undo").click()
    check(page.moves() == [], f"chess: Undo left {page.moves()}")
    # A FEN loaded is the position drawn (the AI off, so that it stays).
    set_ai(page, "none")
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    box = driver.find_element(By.ID, "fen")
    box.clear()
    box.send_keys(fen)
    driver.find_element(By.ID, "fen-load").click()
    check(page.view()["fen"] == fen, "chess: the FEN loaded is not the position")
    # A promotion by clicks, through the chooser: four pictures, the most
    # valuable first.
    page.click_cell("b7")
    page.click_cell("b8")
    check(page.js("return !document.getElementById('chooser').hidden"), "chess: no chooser for a promotion")
    choices = page.js("return [...document.querySelectorAll('#choices button')].map(b => b.dataset.move)")
    check(choices == ["b7b8q", "b7b8r", "b7b8b", "b7b8n"], f"chess: the chooser offers {choices}")
    check(page.js("return [...document.querySelectorAll('#choices button svg')].length") == 4, "chess: a choice without a picture")
    page.js("document.querySelector('#choices button').click()")
    check(page.view()["san"][:1] == ["b8=Q+"], f"chess: the promotion played is {page.view()['san']}")


def folder_export(driver, tessera, folder):
    games = folder / "games"
    games.mkdir()
    for name in ["chess", "xiangqi"]:
        shutil.copy(ROOT / "games" / f"{name}.game", games / f"{name}.game")
    out = folder / "pages"
    tessera.run("export", str(games), "--html", str(out))
    driver.get((out / "index.html").as_uri())
    links = sorted(a.get_attribute("href").rsplit("/", 1)[1] for a in driver.find_elements(By.CSS_SELECTOR, "a"))
    check(links == ["chess.html", "xiangqi.html"], f"the index links {links}")
    driver.find_element(By.LINK_TEXT, "Xiangqi").click()
    Page(driver, out / "xiangqi.html")


def console_errors(driver, where):
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"{where}: console errors {errors}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tessera", default=str(ROOT / "target" / "release" / "tessera"))
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    parser.add_argument("--pictures", action="store_true", help="also write the pictures of docs/export.md (docs/pictures/export*.png)")
    args = parser.parse_args()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tessera = Tessera(args.tessera)
    folder = Path(tempfile.mkdtemp(prefix="tessera-export-"))
    driver = headless_chromium(args.chromedriver, 1200, 900, console=True)
    table = []
    try:
        for game in GAMES:
            started = time.monotonic()
            page, stats = play_game(driver, tessera, folder, game, args)
            if game == "chess":
                chess_extras(page, tessera, driver)
            console_errors(driver, game)
            stats["seconds"] = time.monotonic() - started
            table.append((game, stats))
            print(f"{game}: done in {stats['seconds']:.1f} s", flush=True)
        folder_export(driver, tessera, folder)
        console_errors(driver, "the folder's pages")
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)
    print("page                 size (KB)  first board (ms)  AI move (ms)")
    for game, stats in table:
        ai = stats.get("ai_ms")
        print(f"{game:20} {stats['size'] / 1000:9.0f}  {stats['first_board_ms']:16.0f}  {ai if ai is None else round(ai):>12}")
    if failures:
        print(f"{len(failures)} failures", file=sys.stderr)
        sys.exit(1)
    print("exported pages: all checks passed")


if __name__ == "__main__":
    main()
