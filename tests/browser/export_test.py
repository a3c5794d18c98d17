#!/usr/bin/env python3
"""Pages of `tessera export --html`, opened from file:// in headless Chromium
through WebDriver, with no server.

For chess, shogi and xiangqi, each exported to a page of its own:

- the page loads its engine (the WebAssembly unpacked in the page) and draws
  the start: the cells and the pieces equal those of the command line's own
  engine (`tessera list --json`, `tessera show --svg`), and so do the legal
  moves (`tessera moves --json`);
- a person moves by clicks (a piece, then one of its marked targets), and
  the AI, in its Web Worker, answers; the position after both moves equals
  the command line's again;
- Undo takes back the AI's move and the person's; a FEN loaded in the FEN box
  is the position drawn;
- the browser's console holds no error.

A folder exported gives one page per rule file and an index linking each.
Leaves a screenshot of each page in target/browser-artifacts/ and, with
`--pictures`, the chess page's in docs/pictures/export.png.

Needs Debian's chromium and chromium-driver and python's selenium (as
tests/browser/studio_test.py), and a tessera built with the engine of pages:

    cargo build --release
    target/browser-venv/bin/python tests/browser/export_test.py
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "target" / "browser-artifacts"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)
    return condition


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
    view = page.view()
    moves = view["san"]
    check(page.drawn_cells() == tessera.cells(game), f"{game} {what}: the page draws other cells than the engine has")
    check(page.drawn_pieces() == tessera.pieces(game, moves), f"{game} {what}: the pieces differ from the engine's")
    check(sorted(m["text"] for m in view["moves"]) == tessera.moves(game, moves),
          f"{game} {what}: the legal moves differ from the engine's")


def play_game(driver, tessera, folder, game, pictures):
    page_file = folder / f"{game}.html"
    tessera.run("export", game, "--html", str(page_file))
    page = Page(driver, page_file)
    same_as_engine(page, tessera, game, "at the start")
    # A person's move by clicks: the first piece that has a move to a cell.
    first = next(m for m in page.view()["moves"] if m["from"] and m["to"] and m["pool"] is None)
    page.click_cell(first["from"])
    wanted = sorted({m["to"] for m in page.view()["moves"] if m["from"] == first["from"] and m["pool"] is None})
    check(page.targets() == wanted, f"{game}: the marked targets {page.targets()} are not the legal ones {wanted}")
    page.click_cell(first["to"])
    if page.js("return !document.getElementById('chooser').hidden"):
        page.js("document.querySelector('#choices button').click()")
    page.wait(lambda d: d.execute_script("return window.tessera.aiMoves") == 1, f"{game}: the AI never answered")
    check(len(page.view()["san"]) == 2, f"{game}: not two moves after the person's and the AI's")
    same_as_engine(page, tessera, game, "after two moves")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#movelist li span")) == 2, f"{game}: the move list lacks the moves")
    # The picture: a piece chosen, its targets marked.
    piece = next(m["from"] for m in page.view()["moves"] if m["from"] and m["pool"] is None and not m["capture"])
    page.click_cell(piece)
    for picture in pictures:
        driver.save_screenshot(str(picture))
    page.click_cell(piece)
    driver.find_element(By.ID, "undo").click()
    check(page.view()["san"] == [], f"{game}: Undo left moves")
    return page


def chess_extras(page, tessera, driver):
    # A FEN loaded is the position drawn (the AI off, so that it stays).
    driver.execute_script("document.getElementById('ai').value = 'none'; document.getElementById('ai').dispatchEvent(new Event('change'))")
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    box = driver.find_element(By.ID, "fen")
    box.clear()
    box.send_keys(fen)
    driver.find_element(By.ID, "fen-load").click()
    check(page.view()["fen"] == fen, "chess: the FEN loaded is not the position")
    # A promotion by clicks, through the chooser.
    page.click_cell("b7")
    page.click_cell("b8")
    check(page.js("return !document.getElementById('chooser').hidden"), "chess: no chooser for a promotion")
    choices = page.js("return [...document.querySelectorAll('#choices button')].map(b => b.dataset.move)")
    check(len(choices) == 4, f"chess: the chooser offers {choices}")
    page.js("document.querySelector('#choices button').click()")
    check(page.view()["san"][:1] == ["b8=Q+"], f"chess: the promotion played is {page.view()['san']}")


def shogi_drop(page, driver):
    driver.execute_script("document.getElementById('ai').value = 'none'; document.getElementById('ai').dispatchEvent(new Event('change'))")
    for m in ["c3c4", "g7g6", "b2h8+", "g9h8"]:
        v = page.view()
        move = next(x for x in v["moves"] if x["text"] == m)
        page.click_cell(move["from"])
        page.click_cell(move["to"])
        if page.js("return !document.getElementById('chooser').hidden"):
            page.js(f"document.querySelector('#choices button[data-move=\"{m}\"]').click()")
    held = page.js("return document.querySelector('#board .pool-piece[data-side=\"white\"]')")
    if not check(held is not None, "shogi: the captured bishop is not in the hand"):
        return
    page.js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", held)
    drops = [m for m in page.view()["moves"] if m["pool"] is not None]
    check(len(page.targets()) == len({m["to"] for m in drops}) > 0, "shogi: the drop's targets are not marked")
    page.click_cell(drops[0]["to"])
    check(len(page.view()["san"]) == 5, "shogi: the drop was not played")


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
    parser.add_argument("--pictures", action="store_true", help="also write docs/pictures/export.png")
    args = parser.parse_args()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tessera = Tessera(args.tessera)
    folder = Path(tempfile.mkdtemp(prefix="tessera-export-"))
    options = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900"]:
        options.add_argument(a)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(args.chromedriver))
    try:
        for game in ["chess", "shogi", "xiangqi"]:
            started = time.monotonic()
            pictures = [ARTIFACTS / f"export-{game}.png"]
            if args.pictures and game == "chess":
                pictures.append(ROOT / "docs" / "pictures" / "export.png")
            page = play_game(driver, tessera, folder, game, pictures)
            if game == "chess":
                chess_extras(page, tessera, driver)
            if game == "shogi":
                shogi_drop(page, driver)
            console_errors(driver, game)
            print(f"{game}: done in {time.monotonic() - started:.1f} s", flush=True)
        folder_export(driver, tessera, folder)
        console_errors(driver, "the folder's pages")
    finally:
        driver.quit()
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failures", file=sys.stderr)
        sys.exit(1)
    print("exported pages: all checks passed")


if __name__ == "__main__":
    main()
