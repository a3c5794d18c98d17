// The board by clicks, shared by the studio (`tessera serve`, served as
// /board.js) and the exported pages (`tessera export --html`, put into each
// page): both draw the library's SVG picture of a position and both list its
// legal moves with the cells they join (src/serve/view.rs), so one piece of
// code marks a selection's targets, reads a click as a move and offers the
// chooser where several moves go to one target. No build step, no library.
//
// `boardClicks(o)` takes what differs between the two pages:
//   o.board     the element holding the SVG picture
//   o.chooser   the chooser's box, o.choices its buttons' box
//   o.view()    the view of the position drawn (legal moves, pieces, pools)
//   o.kinds()   the game's piece kinds by name (pictures, values, moves)
//   o.canMove() whether a person may move now (not the AI's turn, not over)
//   o.play(t)   plays the move of text t
//   o.marked()  called once a selection's targets are marked (optional)
// and returns { onClick, clear }: the board's click handler and what drops
// the selection.

"use strict";

const BOARD_SVG = "http://www.w3.org/2000/svg";
const MARK = "rgba(30,136,229,0.75)";

function boardClicks(o) {
  let selected = null; // {cell} or {pool, piece}: what the next click moves

  // The marks stand in a group of their own on top of the picture, which
  // lets clicks through to the cells below.
  function overlay() {
    const svg = o.board.querySelector("svg");
    let g = svg.querySelector("g.marks");
    if (!g) {
      g = document.createElementNS(BOARD_SVG, "g");
      g.setAttribute("class", "marks");
      g.setAttribute("pointer-events", "none");
      svg.appendChild(g);
    }
    return g;
  }

  function add(tag, attributes) {
    const e = document.createElementNS(BOARD_SVG, tag);
    for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
    overlay().appendChild(e);
  }

  function cellBox(name) {
    const cell = o.board.querySelector(`g.cell[data-cell="${CSS.escape(name)}"]`);
    return cell ? cell.getBBox() : null;
  }

  // A frame round the selected cell, a dot on a target, a ring on a
  // target where a piece is captured.
  function mark(name, what) {
    const box = cellBox(name);
    if (!box) return;
    const r = Math.min(box.width, box.height);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    if (what === "selected") {
      add("rect", { class: "selected", x: box.x + 1.5, y: box.y + 1.5, width: box.width - 3, height: box.height - 3, fill: "none", stroke: "#1e88e5", "stroke-width": 3 });
    } else if (what === "capture") {
      add("circle", { class: "target", "data-target": name, cx, cy, r: r * 0.45, fill: "none", stroke: MARK, "stroke-width": r * 0.08 });
    } else {
      add("circle", { class: "target", "data-target": name, cx, cy, r: r * 0.15, fill: MARK });
    }
  }

  function clear() {
    selected = null;
    for (const e of o.board.querySelectorAll(".marks > *")) e.remove();
    for (const e of o.board.querySelectorAll(".pool-piece.chosen")) e.classList.remove("chosen");
  }

  // The legal moves of what is selected.
  function selectedMoves() {
    const v = o.view();
    if (!selected || !v) return [];
    return v.moves.filter((m) => selected.cell !== undefined
      ? m.from === selected.cell && m.pool === null
      : m.pool === selected.pool && m.piece === selected.piece);
  }

  function select(sel) {
    clear();
    selected = sel;
    const moves = selectedMoves();
    if (moves.length === 0) { selected = null; return false; }
    if (sel.cell !== undefined) mark(sel.cell, "selected");
    // Moves from pool to pool (Power Chess 98's back field to its front
    // field): a frame round the pool they go to.
    const side = o.view().side_to_move;
    for (const pool of new Set(moves.filter((m) => m.to_pool).map((m) => m.to_pool))) {
      const g = o.board.querySelector(`g.pool[data-pool="${CSS.escape(pool)}"][data-side="${side}"]`);
      if (!g) continue;
      const box = g.getBBox();
      add("rect", { class: "target", "data-target-pool": pool, x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4, fill: "none", stroke: MARK, "stroke-width": 4, rx: 6 });
    }
    for (const t of new Set(moves.filter((m) => m.to).map((m) => m.to))) {
      mark(t, moves.some((m) => m.to === t && m.capture) ? "capture" : "target");
    }
    if (o.marked) o.marked();
    return true;
  }

  function onClick(ev) {
    const v = o.view();
    if (!v || !o.canMove()) return;
    const pool = ev.target.closest(".pool");
    if (pool && pool.dataset.side === v.side_to_move) {
      const into = selectedMoves().filter((m) => m.to_pool === pool.dataset.pool);
      if (into.length > 0) return choose(into);
    }
    const poolPiece = ev.target.closest(".pool-piece");
    if (poolPiece) {
      if (poolPiece.dataset.side !== v.side_to_move) return clear();
      if (select({ pool: poolPiece.dataset.pool, piece: poolPiece.dataset.piece })) poolPiece.classList.add("chosen");
      return;
    }
    const hit = ev.target.closest("[data-cell]");
    if (!hit) return clear();
    const cell = hit.dataset.cell;
    const moves = selectedMoves().filter((m) => m.to === cell);
    if (moves.length > 0) return choose(moves);
    if (selected && selected.cell === cell) return clear();
    select({ cell });
  }

  // The kind of the piece a move moves: on its cell, or in its pool.
  function moverKind(m) {
    const v = o.view();
    if (m.pool === null) {
      const p = v.pieces.find((p) => p.cell === m.from);
      return p && p.kind;
    }
    const pool = v.pools.find((p) => p.pool === m.pool && p.side === v.side_to_move);
    const p = pool && pool.pieces.find((p) => p.piece === m.piece);
    return p && p.kind;
  }

  function play(text) {
    clear();
    o.chooser.hidden = true;
    o.play(text);
  }

  // One move is played at once; several (promotions, or moves that differ
  // in what else they do) are offered in the chooser, each as the piece it
  // leaves on the board (its picture, in the mover's colour) and its SAN,
  // the most valuable piece first (a stable sort: equal values keep the
  // engine's order).
  function choose(moves) {
    if (moves.length === 1) return play(moves[0].text);
    const side = o.view().side_to_move;
    const kinds = o.kinds();
    const choices = moves.map((m) => {
      const kind = kinds.get(m.promotion_kind || moverKind(m));
      return { m, kind, value: kind ? kind.value : 0 };
    });
    choices.sort((a, b) => b.value - a.value);
    o.choices.replaceChildren();
    for (const { m, kind } of choices) {
      const b = document.createElement("button");
      b.type = "button";
      const picture = kind && (kind.pictures[side] || kind.pictures.neutral);
      if (picture) b.innerHTML = picture;
      const caption = document.createElement("span");
      caption.textContent = m.san || m.text;
      b.appendChild(caption);
      if (kind) b.title = `${kind.kind}: ${kind.moves}`;
      b.dataset.move = m.text;
      b.addEventListener("click", () => play(m.text));
      o.choices.appendChild(b);
    }
    o.chooser.hidden = false;
  }

  return { onClick, clear };
}
