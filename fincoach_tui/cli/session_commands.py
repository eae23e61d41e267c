"""The subcommands that read saved sessions: `sessions`, `export` and `compare`.

They read, never write: a session open in the app can be listed, exported or compared.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING

from fincoach_tui.cli.errors import UserFacingError, guard, sessions_dir, user_config
from fincoach_tui.domain.money import usd

if TYPE_CHECKING:
    from fincoach_tui.domain.session_state import SessionState
    from fincoach_tui.domain.session_summary import SessionSummary

__all__ = ["cmd_compare", "cmd_export", "cmd_sessions"]


def cmd_sessions() -> int:
    from fincoach_tui.store.session_file import SessionError
    from fincoach_tui.store.session_summary import SummaryIndex
    from fincoach_tui.store.sessions import SessionStore

    def summarize(name: str) -> SessionSummary:
        # Imported only for a session changed since its kept row: the replay brings the
        # memory and fact modules, most of this command's start otherwise.
        from fincoach_tui.domain.session_state import summarize_session

        return summarize_session(name, store.stream_events(name))

    store = SessionStore(sessions_dir())
    names = store.names()
    if not names:
        print(f"no sessions yet in {store.root}; start one with: fincoach --session NAME")
        return 0
    print(f"{'name':<28} {'turns':>5}  {'strategy':<8} {'tokens':>9} {'cost':>10}  last used")
    # Each row from the kept summaries: only a session changed since is read again.
    rows = SummaryIndex(store.root).rows(names, summarize)
    for name, row in rows:
        if isinstance(row, Exception):
            if not isinstance(row, (SessionError, OSError)):
                raise row
            # e.g. a newer FinCoach's: list it, say why
            print(f"{name:<28} {'?':>5}  {'-':<8} {'-':>9} {'-':>10}  ({row})")
            continue
        cost = usd(row.cost_usd)
        tokens = f"{row.billed_tokens:,}"
        if row.estimated:  # a server that sent no usage: our estimate, never "billed"
            tokens, cost = f"≈{tokens}", cost if row.cost_usd is None else f"≈{cost}"
        used = (
            datetime.fromtimestamp(row.last_used).strftime("%Y-%m-%d %H:%M")
            if row.last_used
            else "-"
        )
        print(f"{name:<28} {row.turns:>5}  {row.strategy:<8} {tokens:>9} {cost:>10}  {used}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from fincoach_tui.service.export import export_chunks

    name = _saved_name(args.name)
    if args.expand and args.format != "json":
        raise UserFacingError("--expand applies to --format json only")
    state = _read_saved(name)
    # Streamed: a long session's expanded export is written record by record.
    chunks = export_chunks(name, state, args.format, expand=args.expand)
    if args.output:
        from fincoach_tui.service.export import ExportError, write_export

        try:
            write_export(args.output, chunks)
        except ExportError as exc:
            raise UserFacingError(str(exc)) from None
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        for chunk in chunks:
            sys.stdout.write(chunk)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """The panel's comparison of a saved session; the session is read, never written."""
    from fincoach_tui.cli.compare import as_json, as_text
    from fincoach_tui.domain.other_models import parse_models
    from fincoach_tui.service.runtime import Overrides, build_engine, resolve
    from fincoach_tui.service.session_compare import compare, model_prices

    name = _valid_name(args.name)
    specs = guard(lambda: parse_models(args.models)) if args.models is not None else []
    state = _read_saved(_saved_name(name))
    config = user_config()
    # Priced on the model the session talked to, unless --model says otherwise.
    chats = state.chat_records
    model = args.model or (chats[-1].model if chats else None)
    overrides = Overrides(args.provider, model, args.base_url, args.api_key_env)
    settings = guard(lambda: resolve(config, overrides, os.environ))
    engine = guard(lambda: build_engine(config, settings))

    result = compare(name, state, engine, models=specs, price_for=model_prices(config.prices))
    print(as_json(result) if args.format == "json" else as_text(result))
    return 0


def _valid_name(given: str) -> str:
    """`given` if it is a session name at all, else a one-line error."""
    from fincoach_tui.store.session_file import validate_session_name

    return guard(lambda: validate_session_name(given))


def _saved_name(given: str) -> str:
    """`given` if it names a saved session, else a one-line error."""
    from fincoach_tui.store.sessions import SessionStore

    name = _valid_name(given)
    if not SessionStore(sessions_dir()).exists(name):
        raise UserFacingError(f"no session named {name!r}; see: fincoach sessions")
    return name


def _read_saved(name: str) -> SessionState:
    """A saved session, read (never written): its state replayed from the file."""
    from fincoach_tui.domain.session_state import replay
    from fincoach_tui.store.sessions import SessionStore

    state, _ = replay(guard(lambda: SessionStore(sessions_dir()).read_events(name)))
    return state
