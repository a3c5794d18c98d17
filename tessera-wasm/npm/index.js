// Tessera's engine in WebAssembly, for programs in JavaScript: a game
// compiled from its rule text (docs/language.md), and boards that play it,
// with the methods of ffish.js's Board where they mean the same (legalMoves,
// push, pop, fen, sanMove, result...). Moves are text: the engine's
// coordinates (`e2e4`, `e7e8q`, `P@e4`, shogi's `b2h8+`) or, where named so,
// the game's own notation (SAN, or Hodges, WXF...).
//
// The engine is the one the exported pages run (`tessera export --html`),
// through the same call (call.js, web/export/call.js in the repository).
import { engineCall } from "./call.js";

/** The engine with one game loaded. */
export class Tessera {
  /**
   * Instantiates the engine (the bytes of tessera.wasm, or a compiled
   * WebAssembly.Module) and compiles the game's rule text; throws the
   * errors, as `tessera check` writes them, for rules that do not compile.
   */
  static async load(wasm, rules) {
    const instance = wasm instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(wasm, {})
      : (await WebAssembly.instantiate(wasm, {})).instance;
    return new Tessera(instance.exports, rules);
  }

  /** The engine with Node's own tessera.wasm beside this file. */
  static async loadInNode(rules) {
    const { readFile } = await import("node:fs/promises");
    return Tessera.load(await readFile(new URL("tessera.wasm", import.meta.url)), rules);
  }

  constructor(exports, rules) {
    this.exports = exports;
    const loaded = engineCall(exports, "load", rules);
    /** The game's title (its `game` line). */
    this.title = loaded.title;
    /** Each kind of piece: name, letter, moves in words, value, royal, pictures (SVG). */
    this.kinds = loaded.kinds;
  }

  /** A board at the game's start, or at a FEN. */
  board(fen) {
    return new Board(this, fen);
  }

  call(name, request, ...args) {
    return engineCall(this.exports, name, JSON.stringify(request), ...args);
  }
}

/** A game in progress: a start and the moves played since. */
export class Board {
  constructor(tessera, fen) {
    this.tessera = tessera;
    this.start = fen ?? null;
    this.moves = [];
    this.view = this.ask(this.moves); // throws for a FEN that does not read
  }

  ask(moves) {
    return this.tessera.call("view", { start: this.start, moves });
  }

  /** The legal moves as text, separated by spaces (as ffish.js gives them). */
  legalMoves() {
    return this.view.moves.map((m) => m.text).join(" ");
  }

  /** The legal moves in the game's own notation, separated by spaces. */
  legalMovesSan() {
    return this.view.moves.map((m) => m.san).join(" ");
  }

  /** Plays a move given as text or in the game's notation; false if it is not legal here. */
  push(move) {
    const found = this.view.moves.find((m) => m.text === move || m.san === move);
    const text = found ? found.text : move;
    try {
      this.view = this.ask([...this.moves, text]);
    } catch (e) {
      return false;
    }
    this.moves.push(text);
    return true;
  }

  /** As push, for a move in SAN (ffish.js's name). */
  pushSan(san) {
    return this.push(san);
  }

  /** Takes back the last move and returns it; undefined at the start. */
  pop() {
    if (this.moves.length === 0) return undefined;
    const last = this.moves.pop();
    this.view = this.ask(this.moves);
    return last;
  }

  /** Back to the start. */
  reset() {
    this.moves = [];
    this.view = this.ask(this.moves);
  }

  /** The position's FEN (null where the game has none). */
  fen() {
    return this.view.fen;
  }

  /** A legal move (as text) in the game's own notation; throws for one that is not legal. */
  sanMove(move) {
    const found = this.view.moves.find((m) => m.text === move);
    if (!found) throw new Error(`\`${move}\` is not a legal move here`);
    return found.san;
  }

  /** The moves played, as text, separated by spaces. */
  moveStack() {
    return this.moves.join(" ");
  }

  /** Whether the first side (White, Sente, Red...) is to move. */
  turn() {
    return this.view.side_to_move === "white";
  }

  /** Whether the side to move is in check. */
  isCheck() {
    return this.view.check;
  }

  /** Whether the game is over. */
  isGameOver() {
    return this.view.status.over;
  }

  /** "1-0", "0-1", "1/2-1/2", or "*" while the game goes on. */
  result() {
    return this.view.status.over ? this.view.status.result : "*";
  }

  /** Why the game ended (`White is checkmated; Black wins (0-1)`), or null. */
  resultText() {
    return this.view.status.over ? this.view.status.text : null;
  }

  /** The number of move paths `depth` plies deep (at most 12). */
  perft(depth) {
    return this.tessera.call("perft", { start: this.start, moves: this.moves }, depth).nodes;
  }

  /** The search's move (as text) to `depth` plies, or null where there is none. */
  bestMove(depth = 3, nodes = 0) {
    return this.tessera.call("best", { start: this.start, moves: this.moves }, depth, nodes).move;
  }

  /** The board as SVG, as the exported pages draw it. */
  svg() {
    return this.view.svg;
  }
}
