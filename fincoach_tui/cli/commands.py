"""The `fincoach` command. Every failure a user can cause ends in one clear line, exit 2."""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fincoach_tui.cli.errors import (
    EXIT_USAGE,
    UserFacingError,
    complain,
    guard,
    missing_change,
    not_saved,
    sessions_dir,
    user_config,
)
from fincoach_tui.cli.offline_commands import cmd_plan, cmd_probe, cmd_simulate
from fincoach_tui.cli.parser import build_parser
from fincoach_tui.cli.session_commands import cmd_compare, cmd_export, cmd_sessions
from fincoach_tui.settings import paths

if TYPE_CHECKING:
    from fincoach_tui.ui.app import FinCoachApp

# build_parser and cmd_sessions are named here too, where tests and scripts found them.
__all__ = ["build_parser", "cmd_chat", "cmd_prices", "cmd_sessions", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # `fincoach sessions | head -1`: the reader has all it wanted. End quietly.
        _stdout_to_devnull()
        return 0
    except OSError as exc:
        if exc.filename is not None or exc.errno not in _OUTPUT_LOST:
            raise
        # Printing failed (`fincoach sessions > /dev/full`, a full disk under a redirect):
        # one line, not a traceback; the output is incomplete, so not a success.
        from fincoach_tui.store.disk import describe

        _stdout_to_devnull()
        complain(f"could not write the output: {describe(exc)}")
        return 1


# Errors of a write to stdout that lost output: a full disk or quota, an I/O error.
_OUTPUT_LOST = (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG)


def _stdout_to_devnull() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot complain."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.base_url is not None:  # at start, not at the first message sent
            from fincoach_tui.settings.base_url import check_base_url

            guard(lambda: check_base_url(args.base_url))
        if args.command == "sessions":
            return cmd_sessions()
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "plan":
            return cmd_plan(args)
        if args.command == "probe":
            return cmd_probe(args)
        if args.command == "export":
            return cmd_export(args)
        if args.command == "compare":
            return cmd_compare(args)
        if args.command == "prices":
            return cmd_prices(args)
        if args.command == "usage":
            from fincoach_tui.cli.usage import cmd_usage

            sessions = sessions_dir()
            return guard(lambda: cmd_usage(args, sessions))  # ConfigError, a bad --since
        return cmd_chat(args)
    except KeyboardInterrupt:
        return 130
    except UserFacingError as exc:
        complain(str(exc))
        return EXIT_USAGE


def cmd_chat(args: argparse.Namespace) -> int:
    from fincoach_tui.cli.early_terminal import typed_ahead
    from fincoach_tui.ui import collector_hold

    # The full-screen app needs a terminal on both sides: with input piped in it would
    # draw, ignore every key and drop the message. The line chat answers each line instead.
    full_screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    # First, before the imports: keys typed from now on arrive as the app reads them, and
    # those typed before are kept for its composer (cli/early_terminal.py says why).
    with typed_ahead(sys.stdin, full_screen) as typed:
        # Until the app's first frame (ui/collector_hold.py says why); any other way out
        # resumes it.
        collector_hold.hold()
        try:
            return _chat(args, full_screen, typed)
        finally:
            collector_hold.release()


def _chat(args: argparse.Namespace, full_screen: bool, typed: str) -> int:
    from fincoach_tui.service.runtime import Overrides, default_session_name, resolve
    from fincoach_tui.store.session_file import validate_session_name
    from fincoach_tui.store.sessions import SessionStore

    config = user_config()
    for problem in config.problems:  # a bad budget: said once, the default kept
        complain(problem)
    overrides = Overrides(args.provider, args.model, args.base_url, args.api_key_env, args.strategy)
    settings = guard(lambda: resolve(config, overrides, os.environ))
    if args.strategy:
        from fincoach_tui.domain.memory import make_strategy

        guard(lambda: make_strategy(args.strategy, config.params_for(args.strategy)))
    # `--session ""` is a (bad) name, not "no name": it must be refused, not auto-named.
    given = args.session is not None
    name = guard(lambda: validate_session_name(args.session if given else default_session_name()))
    store = SessionStore(paths.sessions_dir())
    # Locked here, before any screen is drawn, so a session open in another window is a
    # one-line refusal in the shell rather than an app that starts and then gives up. It
    # is read later: by the app after its first frame (one it cannot read ends it with a
    # one-line message), by the plain chat when its coach is made.
    file = guard(lambda: store.open(name, defer=True))
    if not full_screen:
        from fincoach_tui.ui import collector_hold

        collector_hold.release()  # the line chat has no first frame to wait for
        return _plain(config, settings, file, args.strategy, drop_empty=None if given else store)
    from fincoach_tui.ui.app import FinCoachApp

    app = FinCoachApp(
        config=config,
        settings=settings,
        store=store,
        file=file,
        strategy=args.strategy,
        auto_named=not given,
    )
    app.early_keys = typed  # typed while it started: the composer's, Enter and all
    app.run()
    return app_ended(app)


def app_ended(app: FinCoachApp) -> int:
    """What the command line says once the app has ended, and the exit code."""
    if app.exit_message:
        complain(app.exit_message)
        return EXIT_USAGE
    if app.left_unnamed is not None:
        print(resume_line(app.left_unnamed))
    # Quit after a failed write: one line for each session it concerns, and not success;
    # a session named only if it is on disk (one FinCoach named, never saved, is not kept).
    for session, why in app.unsaved.items():
        complain(missing_change(session, why) if app.sessions.exists(session) else not_saved(why))
    return 1 if app.unsaved else 0


def _plain(config, settings, file, strategy: str | None, *, drop_empty=None) -> int:
    """The line chat on `file`. `drop_empty`: the store of a session the user did not name,
    deleted if nothing was said in it (`/help`, then `/quit`), as the app does."""
    from fincoach_tui.cli.plain_chat import run
    from fincoach_tui.service.runtime import build_engine, open_session

    try:
        engine = guard(lambda: build_engine(config, settings))
    except UserFacingError:
        file.close()
        raise
    live = guard(lambda: open_session(engine, file, strategy=strategy))
    from fincoach_tui.cli.plain_budget import PlainBudget
    from fincoach_tui.service.usage import SpendWatch

    budget = PlainBudget(SpendWatch.open(config, live.coach))
    try:
        import asyncio  # here: `fincoach --help` and the reports need no event loop

        return asyncio.run(run(live, budget=budget, kept_if_empty=drop_empty is None))
    finally:
        empty = live.empty
        live.close()
        if drop_empty is not None and empty:
            from fincoach_tui.store.session_errors import SessionError

            with contextlib.suppress(SessionError, OSError):  # kept: harmless, and said nowhere
                drop_empty.delete(live.name)
        elif drop_empty is not None:  # kept, under a name the user never typed
            print(resume_line(live.name), flush=True)


def resume_line(name: str) -> str:
    """The line printed on leaving a session FinCoach named, with something saved in it:
    the name was never typed, so this says how to come back to it."""
    return f"to resume this chat: fincoach --session {name}"


def cmd_prices(args: argparse.Namespace) -> int:
    """Exit 0 with the price used, 1 when the model has none (the line says how to set one)."""
    from fincoach_tui.cli.prices import price_report

    config = user_config()
    provider = args.price_provider or args.provider
    text, priced = guard(
        lambda: price_report(args.model, config, provider=provider, base_url=args.base_url)
    )
    print(text)
    return 0 if priced else 1
