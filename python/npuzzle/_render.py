"""Boards as SVG pictures for notebooks: one board, or a solution as a strip of boards."""

from html import escape

_TILE = "#f3d9a4"
_EDGE = "#7a5c2e"
_FRAME = "#4a3b28"


def _board_group(board, x, y, cell):
    """SVG elements drawing ``board`` with its top-left corner at (x, y)."""
    font = cell * (0.5 if len(board.tiles) <= 10 else 0.42)
    parts = [f'<rect x="{x}" y="{y}" width="{board.cols * cell}" height="{board.rows * cell}" '
             f'fill="{_FRAME}" rx="{cell * 0.12:.1f}"/>']
    for index, tile in enumerate(board.tiles):
        if tile == 0:
            continue
        cx = x + (index % board.cols) * cell
        cy = y + (index // board.cols) * cell
        parts.append(f'<rect x="{cx + 1.5}" y="{cy + 1.5}" width="{cell - 3}" height="{cell - 3}" '
                     f'fill="{_TILE}" stroke="{_EDGE}" rx="{cell * 0.1:.1f}"/>')
        parts.append(f'<text x="{cx + cell / 2}" y="{cy + cell / 2}" font-size="{font:.1f}" '
                     f'text-anchor="middle" dominant-baseline="central" '
                     f'font-family="sans-serif" fill="#222">{tile}</text>')
    return parts


def _svg(width, height, parts, title):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><title>{escape(title)}</title>'
            + "".join(parts) + "</svg>")


def board_svg(board, cell=40):
    """One board, ``cell`` pixels a cell."""
    return _svg(board.cols * cell, board.rows * cell, _board_group(board, 0, 0, cell),
                f"{board.size} board {board.to_string()}")


def strip_svg(boards, moves, per_row=10):
    """The boards of a solution left to right, ``per_row`` a row, each labelled with its step and
    the blank move that led to it."""
    first = boards[0]
    cell = 22 if len(first.tiles) <= 16 else 18
    width, height = first.cols * cell, first.rows * cell
    gap, label = 12, 16
    columns = min(per_row, len(boards))
    rows = (len(boards) + per_row - 1) // per_row
    parts = []
    for k, board in enumerate(boards):
        x = (k % per_row) * (width + gap)
        y = (k // per_row) * (height + gap + label)
        caption = "start" if k == 0 else f"{k}: {moves[k - 1]}"
        parts.append(f'<text x="{x + width / 2}" y="{y + 12}" font-size="11" text-anchor="middle" '
                     f'font-family="sans-serif" fill="#333">{caption}</text>')
        parts.extend(_board_group(board, x, y + label, cell))
    total_width = columns * (width + gap) - gap
    total_height = rows * (height + gap + label) - gap
    title = f"{len(boards) - 1} moves: {moves}" if moves else f"{first.size} board"
    return _svg(total_width, total_height, parts, title)
