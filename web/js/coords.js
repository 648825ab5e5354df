// Points as the protocol writes them: GTP vertices, a column letter without I and the row
// counted from the bottom ("D4"). Internally a point is {x, y} with y the row from the top,
// the order of the snapshot's `board` strings.

export const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The vertex name of column x, row y (from the top) on a board of `size`. */
export function pointName(x, y, size) {
  return COLUMNS[x] + String(size - y);
}

/** {x, y} for a vertex name, or null for "pass", junk or a point off the board. */
export function parsePoint(name, size) {
  if (typeof name !== 'string') return null;
  const m = /^([A-HJ-Z])(\d{1,2})$/i.exec(name.trim());
  if (!m) return null;
  const x = COLUMNS.indexOf(m[1].toUpperCase());
  const row = Number(m[2]);
  if (x < 0 || x >= size || row < 1 || row > size) return null;
  return { x, y: size - row };
}

/** The stone at a point of a board given as rows of `.XO`: 'black', 'white' or null. */
export function stoneAt(board, x, y) {
  const c = board?.[y]?.[x];
  return c === 'X' ? 'black' : c === 'O' ? 'white' : null;
}

export function other(color) {
  return color === 'black' ? 'white' : 'black';
}

export function colorName(color) {
  return color === 'black' ? 'Black' : color === 'white' ? 'White' : '';
}

/** Star points (hoshi) of a square board, as {x, y}. */
export function starPoints(size) {
  if (size < 7) return size === 5 ? [{ x: 2, y: 2 }] : [];
  const edge = size >= 12 ? 3 : 2;
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const pts = [
    { x: edge, y: edge }, { x: far, y: edge },
    { x: edge, y: far }, { x: far, y: far },
  ];
  if (size % 2 === 1) {
    pts.push({ x: mid, y: mid });
    if (size >= 15) {
      pts.push({ x: mid, y: edge }, { x: mid, y: far }, { x: edge, y: mid }, { x: far, y: mid });
    }
  }
  return pts;
}

/**
 * The positions after each move, rebuilt backwards from the final board: undoing a move
 * empties its point and puts back the stones it captured (given per move in
 * `moves[].captures`). This needs no rules engine and works whatever the handicap was.
 * Returns an array of boards (rows of `.XO`), index k = the position after k moves.
 */
export function positionsFromMoves(finalBoard, moves) {
  const grid = finalBoard.map((row) => row.split(''));
  const size = grid.length;
  const out = new Array(moves.length + 1);
  out[moves.length] = finalBoard.slice();
  for (let k = moves.length - 1; k >= 0; k--) {
    const m = moves[k];
    const p = parsePoint(m.point, size);
    const caps = Array.isArray(m.captures) ? m.captures : [];
    // A self-capture (where the rules allow it) removes the played chain, so the played
    // point is among the captures and the captured stones are the mover's own.
    const selfCapture = p && caps.includes(m.point);
    const capColour = selfCapture ? m.color : other(m.color);
    if (p) grid[p.y][p.x] = '.';
    for (const c of caps) {
      const q = parsePoint(c, size);
      if (q) grid[q.y][q.x] = capColour === 'black' ? 'X' : 'O';
    }
    out[k] = grid.map((row) => row.join(''));
  }
  return out;
}

/** The result string made readable: "B+3.5" -> "Black wins by 3.5 points". */
export function describeResult(result) {
  if (!result) return '';
  const r = String(result).trim();
  if (r === '0' || /^draw$/i.test(r) || /^jigo$/i.test(r)) return 'Draw (jigo)';
  if (/^void$/i.test(r) || /^\?$/.test(r)) return 'No result';
  const m = /^([BW])\+(.*)$/i.exec(r);
  if (!m) return r;
  const who = m[1].toUpperCase() === 'B' ? 'Black' : 'White';
  const how = m[2];
  if (/^r(esign)?$/i.test(how)) return `${who} wins by resignation`;
  if (/^t(ime)?$/i.test(how)) return `${who} wins on time`;
  if (/^f(orfeit)?$/i.test(how)) return `${who} wins by forfeit`;
  if (how === '') return `${who} wins`;
  const n = Number(how);
  if (Number.isFinite(n)) return `${who} wins by ${how} point${n === 1 ? '' : 's'}`;
  return `${who} wins (${how})`;
}

export const END_REASONS = {
  passes: 'after both players passed',
  resignation: 'by resignation',
  time: 'on time',
  forfeit: 'by forfeit',
  long_cycle: 'by a long cycle (repetition)',
};
