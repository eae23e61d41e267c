"""FooterKey comes from a private Textual module (it is not exported publicly): a Textual
that moves it must leave the app starting, with Textual's own footer."""

from __future__ import annotations

from textual.widgets import Footer

import fincoach_tui.ui.footer as footer_module
from fincoach_tui.ui.footer import FittingFooter
from tests.app_harness import make_app, started


async def test_without_footer_key_the_app_starts_with_textuals_footer(tmp_path, monkeypatch):
    monkeypatch.setattr(footer_module, "FooterKey", None)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        footer = app.query_one(FittingFooter)
        assert isinstance(footer, Footer) and footer.shown == []  # nothing fitted
        assert list(footer.children)  # Textual's own keys are drawn


async def test_the_keys_follow_the_footers_compact_style(tmp_path):
    # Each key is made in the footer's style rather than bound to it (binding restyles
    # every key twice as it mounts); changing the footer's style still changes theirs.
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        footer = app.query_one(FittingFooter)

        def styles() -> set[tuple[bool, bool]]:
            keys = [k for k in footer.children if not k.has_class("-command-palette")]
            assert keys
            return {(key.compact, key.has_class("-compact")) for key in keys}

        assert styles() == {(False, False)}
        footer.compact = True
        await pilot.pause()
        assert styles() == {(True, True)}
        footer.refresh(recompose=True)  # keys made anew: in the footer's style
        await pilot.pause()
        assert styles() == {(True, True)}
        footer.compact = False
        await pilot.pause()
        assert styles() == {(False, False)}
