"""Help (F1, or ? when not typing): every key of the app, its screens and widgets, read
from their bindings; the panel's words, the same sentences as the panel's tooltips; it
scrolls at 80x24. The command palette lists every action, and every key the README
documents is either there or a composer key."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.containers import VerticalScroll

import fincoach_tui.ui as ui
from fincoach_tui.ui.app import FinCoachApp
from fincoach_tui.ui.commands import FinCoachCommands, palette_actions
from fincoach_tui.ui.glossary import TERMS, TOOLTIPS, tooltip
from fincoach_tui.ui.key_list import COMPOSER_KEYS, key_name
from fincoach_tui.ui.keys import NEW_LINE_KEYS
from fincoach_tui.ui.screens.help import HelpScreen, glossary_table
from tests.app_harness import SIZE, make_app, say, started, wait_until

README = Path(__file__).resolve().parents[2] / "README.md"

# The words the issue asks the glossary to explain, as a newcomer meets them on the panel.
PANEL_WORDS = (
    "counted",
    "billed",
    "template",
    "predicted",
    "error",
    "cached",
    "reasoning",
    "context bar",
    "cumulative",
    "÷N",
    "≈",
    "t16/t16",
    "provenance",
    "maintenance calls",
    "estimated",
    "no price",
)


def classes_with_bindings() -> list[type]:
    """Found independently of the help screen: every class of the interface that declares
    BINDINGS of its own, the app among them."""
    found = []
    for module in pkgutil.walk_packages(ui.__path__, f"{ui.__name__}."):
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if (
                isinstance(value, type)
                and value.__module__ == loaded.__name__
                and "BINDINGS" in value.__dict__
            ):
                found.append(value)
    return found


async def open_help(app, pilot, key: str = "f1") -> HelpScreen:
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    return app.screen


async def test_every_binding_of_every_screen_and_widget_is_in_the_help(tmp_path):
    owners = classes_with_bindings()
    names = {o.__name__ for o in owners}
    assert {"FinCoachApp", "SessionsScreen", "MemoryScreen", "CostChart", "HelpScreen"} <= names
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        lines = (await open_help(app, pilot)).text.splitlines()
        for owner in owners:
            for binding in Binding.make_bindings(owner.__dict__["BINDINGS"]):
                if binding.system:
                    continue
                start = f"  {key_name(binding.key)}  {binding.description}"
                assert any(line.startswith(start) for line in lines), (owner.__name__, start)
        # Textual's own keys the app keeps, and the composer's
        assert "  Ctrl+P  command palette: every action by name" in lines
        for keys, does in COMPOSER_KEYS:
            assert f"  {keys}  {does}" in lines
        assert "  F1  Help: every key, and what the panel's words mean" in lines
        assert "  ?  Help: the same, when not typing" in lines


def test_every_section_of_the_help_has_a_title_for_people_and_keys_as_keyboards_name_them():
    """Not a class name ("Chat View", "Usage Screen"), not a key as Textual spells it
    ("home"): every part with keys has a title in the help's own words."""
    from fincoach_tui.ui.app import FinCoachApp
    from fincoach_tui.ui.key_list import TITLES, key_sections

    sections = key_sections(FinCoachApp)
    titles = [s.title for s in sections]
    assert set(titles[2:]) <= set(TITLES.values()), titles
    for section in sections:
        for row in section.rows:
            for key in row.keys.split(" / "):
                # one character ("d", "?"), or capitalised: "Home", "Ctrl+S", "Esc", "F1"
                assert len(key) == 1 or key[0].isupper() or not key[0].isalpha(), row


def test_the_help_names_every_key_the_composer_takes_for_a_new_line():
    (row,) = [keys for keys, does in COMPOSER_KEYS if does.startswith("new line")]
    # "shift+\r" is how some terminals send Shift+Enter: the same key to the user
    typed = {key_name(key) for key in NEW_LINE_KEYS if "\r" not in key}
    assert typed == {"Ctrl+J", "Shift+Enter", "Alt+Enter"}
    assert set(row.split(" / ")) == typed


async def test_question_mark_is_typed_in_the_composer_and_opens_help_elsewhere(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.focus()
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.composer.text == "?" and not isinstance(app.screen, HelpScreen)
        app.chat.focus()
        await open_help(app, pilot, "question_mark")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert app.composer.text == "?"  # what was typed is still there
        await open_help(app, pilot, "f1")  # F1 works from the composer too
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_the_help_scrolls_to_its_last_word_at_80x24(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        screen = await open_help(app, pilot)
        scroll = screen.query_one("#help-scroll", VerticalScroll)
        assert scroll.has_focus and scroll.max_scroll_y > 0
        assert screen.region.width == 80 and screen.query_one("#hint").region.bottom <= 24
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        glossary = screen.query_one("#glossary")
        # the last line of the glossary is inside the scroll's visible region
        assert glossary.region.bottom <= scroll.region.bottom
        assert glossary.region.bottom > scroll.region.y


def test_the_glossary_explains_every_panel_word_and_each_is_a_tooltip():
    assert set(PANEL_WORDS) <= set(TERMS)
    used = {term for terms in TOOLTIPS.values() for term in terms}
    assert used == set(TERMS)  # every sentence is on the panel somewhere, and only these
    for term, sentence in TERMS.items():
        assert sentence.startswith(term.split("/")[0]), term
    assert tooltip("#meter #template") == TERMS["template"] + "\n" + TERMS["predicted"]


async def test_the_panels_labels_carry_the_glossarys_sentences(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, tooltips=True) as pilot:
        await started(app, pilot)
        await say(app, pilot, "My salary is ₹1,20,000.")
        for part in TOOLTIPS:
            widgets = list(app.screen.query(part))
            assert len(widgets) == 1 and str(widgets[0].tooltip) == tooltip(part), part
        assert str(app.screen.query_one("#meter #template").tooltip) == (
            TERMS["template"] + "\n" + TERMS["predicted"]
        )
        assert str(app.screen.query_one("#bar").tooltip).startswith("cost: what this call cost")
        # hovering the label shows it
        from textual.widgets._tooltip import Tooltip

        await pilot.hover("#meter #price")  # its sentence has brackets: shown as written
        await wait_until(pilot, lambda: any(t.display for t in app.screen.query(Tooltip)))
        assert str(app.screen.query_one(Tooltip).content) == tooltip("#meter #price")
        assert "under [prices] in config.toml" in str(app.screen.query_one(Tooltip).content)
        screen = await open_help(app, pilot)
        for sentence in TERMS.values():
            assert sentence in screen.text
        cells = [str(c) for column in glossary_table().columns for c in column._cells]
        assert "add one under [prices] in config.toml" in cells[-1]  # text, not markup


def readme_keys() -> list[str]:
    """The key cells of README's key table ("| Ctrl+S | ... |"), each key on its own."""
    keys = []
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and re.fullmatch(
            r"(Ctrl|Shift|Alt|F\d|Enter|Esc|\?)\S*(, .+)*", cells[0]
        ):
            keys += [k.strip() for k in cells[0].split(",")]
    return keys


def as_binding_key(readme_key: str) -> str:
    return {"?": "question_mark", "Esc": "escape"}.get(readme_key, readme_key.lower())


def app_keys() -> dict[str, str]:
    keys: dict[str, str] = {}
    for owner in FinCoachApp.__mro__:
        for binding in Binding.make_bindings(owner.__dict__.get("BINDINGS", ())):
            keys.setdefault(binding.key, binding.action)
    return keys


async def test_every_key_the_readme_documents_is_in_the_palette(tmp_path):
    documented = readme_keys()
    # Ctrl+F opens the usage screen (Ctrl+U stays the composer's "delete to line start").
    assert {"Ctrl+S", "Ctrl+T", "Ctrl+Y", "Ctrl+O", "Ctrl+L", "Ctrl+Q", "Ctrl+F"} <= set(documented)
    assert "Ctrl+U" not in documented
    bound = app_keys()
    composer = {
        "enter",
        "shift+enter",
        "ctrl+j",
        "alt+enter",
    }  # the composer's placeholder says them
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        hits = [hit async for hit in FinCoachCommands(app.screen).discover()]
        offered = {hit.command.args[0]: hit for hit in hits}  # partial(app.run_action, action)
        textual_own = {c.title for c in App.get_system_commands(app, app.screen)}
        for key in documented:
            binding_key = as_binding_key(key)
            if binding_key == FinCoachApp.COMMAND_PALETTE_BINDING or binding_key in composer:
                continue
            assert binding_key in bound, f"README documents {key}, which nothing binds"
            action = bound[binding_key]
            if action == "quit":
                assert "Quit" in textual_own
                continue
            assert action in offered, f"{key} ({action}) is not in the palette"
            assert key_name(binding_key) in (offered[action].help or ""), key
        # every action of the app is offered, keys or not, and each is one the app has
        assert {a for _, a, _ in palette_actions(FinCoachApp)} <= set(offered)
        for action in offered:
            assert callable(getattr(app, f"action_{action.split('(')[0]}", None)), action
        assert "rename_session" in offered and "help" in offered


async def test_the_footer_shows_the_keys_that_fit_and_follows_the_width(tmp_path):
    from textual.widgets._footer import FooterKey

    from fincoach_tui.ui.footer import FittingFooter

    first = ["help", "pick_strategy", "memory", "sessions", "quit"]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(app, pilot)
        footer = app.query_one(FittingFooter)
        assert footer.shown == first
        keys = list(footer.query(FooterKey))
        assert keys[-1].has_class("-command-palette")
        assert all(key.region.right <= 80 for key in keys)  # none cut at the edge
        await pilot.resize_terminal(120, 40)
        await wait_until(pilot, lambda: len(footer.shown) > len(first))
        assert footer.shown == [*first, "cycle_strategy", "new_session", "export", "toggle_panel"]
        assert all(key.region.right <= 120 for key in footer.query(FooterKey))
