"""Boards and results draw themselves in a notebook: SVG pictures that parse as XML."""

import xml.etree.ElementTree as ET

import npuzzle

SVG = "{http://www.w3.org/2000/svg}"


def tile_labels(svg):
    root = ET.fromstring(svg)
    return [t.text for t in root.iter(SVG + "text")]


def test_board_svg_shows_every_tile():
    board = npuzzle.Board("8 6 7 2 5 4 3 0 1")
    labels = tile_labels(board._repr_svg_())
    assert sorted(int(x) for x in labels) == list(range(1, 9))
    assert board._repr_svg_() in board._repr_html_()
    assert str(board).splitlines()[2] == "3 . 1"


def test_result_shows_the_solution_as_a_strip():
    r = npuzzle.solve("1 2 3 4 5 6 0 7 8", goal="blank-last", heuristic="md")
    assert r.moves == "RR"
    labels = tile_labels(r._repr_svg_())
    assert labels.count("start") == 1 and "1: R" in labels and "2: R" in labels
    html = r._repr_html_()
    assert "solved in 2 moves (optimal)" in html and r._repr_svg_() in html


def test_unsolved_result_shows_its_board_and_reason():
    r = npuzzle.solve("2 1 3 4 5 6 7 8 0")
    assert "unsolvable" in r._repr_html_()
    assert len(tile_labels(r._repr_svg_())) == 9  # the start, captioned, with 8 tiles
