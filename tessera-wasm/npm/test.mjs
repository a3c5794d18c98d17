// The package's tests, from Node (run by .ci/run after prepare.mjs): legal
// moves, SAN, games to their end, perft, against what the command line and
// Fairy-Stockfish say of the same positions.
import { readFileSync } from "node:fs";
import { Tessera } from "./index.js";

let failed = 0;
function check(what, got, want) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  console.log(`${ok ? "ok     " : "FAILED "} ${what}: ${JSON.stringify(got)}${ok ? "" : ` (expected ${JSON.stringify(want)})`}`);
  if (!ok) failed++;
}
const rules = (name) => readFileSync(new URL(`../../games/${name}.game`, import.meta.url), "utf8");

const chess = await Tessera.loadInNode(rules("chess"));
check("chess: the title", chess.title, "Chess");
const board = chess.board();
check("chess: 20 legal moves at the start", board.legalMoves().split(" ").length, 20);
check("chess: g1f3 in SAN", board.sanMove("g1f3"), "Nf3");
check("chess: the legal moves in SAN hold Nf3 and e4", ["Nf3", "e4"].every((m) => board.legalMovesSan().split(" ").includes(m)), true);
check("chess: an illegal move is refused", board.push("e2e5"), false);
check("chess: perft 3 from the start", board.perft(3), 8902);
// The fool's mate, in coordinates and in SAN, to its end.
check("chess: f2f3 e5 g4 Qh4# played", [board.push("f2f3"), board.pushSan("e5"), board.push("g2g4"), board.pushSan("Qh4#")], [true, true, true, true]);
check("chess: the game is over", [board.isGameOver(), board.result(), board.isCheck()], [true, "0-1", true]);
check("chess: why", board.resultText(), "White is checkmated; Black wins (0-1)");
check("chess: the moves played", board.moveStack(), "f2f3 e7e5 g2g4 d8h4");
check("chess: pop takes back the mate", [board.pop(), board.isGameOver(), board.turn()], ["d8h4", false, false]);
check("chess: the FEN", board.fen(), "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
check("chess: a board from a FEN", chess.board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").sanMove("b7b8q"), "b8=Q+");
// A game to its end by the search (kinglet-like: the AI mates a lone king).
const mate = chess.board("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
while (!mate.isGameOver() && mate.moves.length < 40) mate.push(mate.bestMove(3));
check("chess: the search mates a lone king", [mate.isGameOver(), mate.result()], [true, "1-0"]);
check("chess: perft 2 from a FEN with a promotion", chess.board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").perft(2), 40);

const shogi = await Tessera.loadInNode(rules("shogi"));
const s = shogi.board();
check("shogi: 30 legal moves at the start", s.legalMoves().split(" ").length, 30);
check("shogi: the moves in Hodges' notation", s.sanMove("c3c4"), "P-76");
s.push("c3c4"); s.push("g7g6"); s.push("b2h8+"); s.push("g9h8");
check("shogi: a drop from the hand", s.push("B@e5"), true);
check("shogi: perft 2 from the start", shogi.board().perft(2), 900);

let refused = null;
try { await Tessera.loadInNode("game \"x\"\ngrid file a..b rank 1..2\npiece"); } catch (e) { refused = e.message.length > 0; }
check("rules that do not compile are refused with their errors", refused, true);
process.exit(failed ? 1 : 0);
