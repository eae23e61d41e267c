"""Indic vowel signs take a cell, as wcwidth terminals (tmux, xterm, VTE) draw them."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from fincoach_tui.ui import cell_widths


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("कितना", 5),  # क ि त न ा: the two vowel signs (Mc) take a cell each
        ("खर्च", 3),  # the virama (Mn) joins, zero wide
        ("बचाऊँ?", 5),  # the candrabindu (Mn) is zero wide
        ("मेरी मासिक आय", 12),
        ("🇮🇳", 2),  # a flag: two regional indicators, a cell each
        ("₹1,20,000", 9),
        ("नमस्ते 🇮🇳 hello", 13),  # े (U+0947) is a non-spacing sign: zero wide
    ],
)
def test_widths_match_the_terminal(text, cells):
    cell_widths.install()
    assert cell_len(text) == cells


def test_installing_twice_changes_nothing():
    cell_widths.install()
    cell_widths.install()
    assert cell_len("का") == 2
