// Types of tessera-variants (index.js).

/** A kind of piece of the game. */
export interface Kind {
  kind: string;
  letter: string;
  moves: string;
  value: number;
  royal: boolean;
  copy: boolean;
  pictures: { white?: string; black?: string; neutral?: string };
}

/** The engine with one game loaded. */
export class Tessera {
  /** Instantiates the engine and compiles the game's rule text; throws the errors of rules that do not compile. */
  static load(wasm: BufferSource | WebAssembly.Module, rules: string): Promise<Tessera>;
  /** The same, with tessera.wasm read from beside index.js (Node). */
  static loadInNode(rules: string): Promise<Tessera>;
  readonly title: string;
  readonly kinds: Kind[];
  /** A board at the game's start, or at a FEN; throws for a FEN that does not read. */
  board(fen?: string): Board;
}

/** A game in progress: a start and the moves played since. */
export class Board {
  constructor(tessera: Tessera, fen?: string);
  legalMoves(): string;
  legalMovesSan(): string;
  push(move: string): boolean;
  pushSan(san: string): boolean;
  pop(): string | undefined;
  reset(): void;
  fen(): string | null;
  sanMove(move: string): string;
  moveStack(): string;
  turn(): boolean;
  isCheck(): boolean;
  isGameOver(): boolean;
  result(): "1-0" | "0-1" | "1/2-1/2" | "*";
  resultText(): string | null;
  perft(depth: number): number;
  bestMove(depth?: number, nodes?: number): string | null;
  svg(): string;
}
