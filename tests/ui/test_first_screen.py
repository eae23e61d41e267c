"""The first screen is styled once: the theme is chosen before anything is styled, the
width's breakpoint class is there from the start, and focus starts in the composer. Each
must leave the app exactly as Textual's own way of setting it would."""

from __future__ import annotations

import pytest
from textual.color import Color

from fincoach_tui.settings.config import Config
from fincoach_tui.ui.chat import ChatView
from fincoach_tui.ui.composer import Composer
from fincoach_tui.ui.footer import FittingFooter
from fincoach_tui.ui.main_screen import MainScreen, breakpoint_classes
from tests.app_harness import make_app, started


@pytest.mark.parametrize(
    # As dark as Textual's default (chosen before the app runs), and not (by its watcher).
    "theme",
    ["fincoach-dark", "textual-dark", "fincoach-light", "textual-light"],
)
async def test_the_configured_theme_is_the_one_drawn(tmp_path, theme):
    app = make_app(tmp_path, config=Config(theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        chosen = app.get_theme(theme)
        assert chosen is not None and app.current_theme is chosen and app.theme == theme
        assert app.has_class(f"-theme-{theme}")
        assert (app.has_class("-dark-mode"), app.has_class("-light-mode")) == (
            chosen.dark,
            not chosen.dark,
        )
        # Drawn in its colours (as Textual works them out from the theme): the screen's
        # background and the focused composer's border.
        colours = chosen.to_color_system().generate()
        assert app.screen.styles.background == Color.parse(colours["background"])
        assert app.composer.styles.border_top[1] == Color.parse(colours["primary"])
    # Chosen, not changed: nothing was saved.
    assert not (tmp_path / "config" / "config.toml").exists()


@pytest.mark.parametrize("width, expected", [(80, "-narrow"), (120, "-wide")])
async def test_the_main_screen_has_its_breakpoint_class_and_the_composer_has_focus(
    tmp_path, width, expected
):
    app = make_app(tmp_path)
    async with app.run_test(size=(width, 30)) as pilot:
        await started(app, pilot)
        screen = app.screen_stack[0]
        assert isinstance(screen, MainScreen) and screen.id == "_default"
        assert {c for c in screen.classes if c in ("-narrow", "-wide")} == {expected}
        assert isinstance(app.focused, Composer)
        assert not app.query_one(ChatView).has_focus
        other = 200 - width  # and Textual's own resize still moves it
        await pilot.resize_terminal(other, 30)
        await pilot.pause()
        assert {c for c in screen.classes if c in ("-narrow", "-wide")} == {
            "-wide" if expected == "-narrow" else "-narrow"
        }


def test_breakpoint_classes_are_textuals():
    from textual.screen import Screen

    breakpoints = [(0, "-narrow"), (100, "-wide")]
    for width in (0, 1, 99, 100, 101, 300):
        assert breakpoint_classes(width, breakpoints) == Screen()._get_breakpoint_classes(
            width, breakpoints
        )
    assert breakpoint_classes(5, [(10, "-x")]) == set()


async def test_the_footers_keys_follow_the_first_frame(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        footer = app.query_one(FittingFooter)
        assert footer.shown[:3] == ["help", "pick_strategy", "memory"]
        assert len([k for k in footer.children if not k.has_class("-command-palette")]) == len(
            footer.shown
        )
        footer.show_keys()  # once shown, asking again changes nothing
        await pilot.pause()
        assert footer.shown[:3] == ["help", "pick_strategy", "memory"]


async def test_a_theme_that_is_not_there_is_one_line_and_the_default_is_drawn(tmp_path):
    """A mistyped theme in config.toml: said once, naming the file, not passed over in
    silence; the default theme is drawn and config.toml is left as it was."""
    app = make_app(tmp_path, config=Config(theme="fincoach-drak"))
    async with app.run_test() as pilot:
        await started(app, pilot)
        assert app.theme == "fincoach-dark"
        assert (
            "",
            f"{app.config_path}: theme 'fincoach-drak' is not a theme here; using "
            "fincoach-dark (the palette's Change theme lists them)",
        ) in app.notices
    assert not app.config_path.exists()
