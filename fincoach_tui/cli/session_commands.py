"""The subcommands that read saved sessions: `sessions`, `export` and `compare`.

They read, never write: a session open in the app can be listed, exported or compared.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime

from fincoach_tui.cli.errors import UserFacingError, guard, sessions_dir
from fincoach_tui.domain.money import usd
from fincoach_tui.settings import paths

__all__ = ["cmd_compare", "cmd_export", "cmd_sessions"]


def cmd_sessions() -> int:
    from fincoach_tui.domain.session_state import summarize_session
    from fincoach_tui.store.session_file import SessionError
    from fincoach_tui.store.session_summary import SummaryIndex
    from fincoach_tui.store.sessions import SessionStore

    store = SessionStore(sessions_dir())
    names = store.names()
    if not names:
        print(f"no sessions yet in {store.root}; start one with: fincoach --session NAME")
        return 0
    print(f"{'name':<28} {'turns':>5}  {'strategy':<8} {'tokens':>9} {'cost':>10}  last used")
    # Each row from the kept summaries: only a session changed since is read again.
    rows = SummaryIndex(store.root).rows(
        names, lambda name: summarize_session(name, store.stream_events(name))
    )
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
    from fincoach_tui.domain.session_state import replay
    from fincoach_tui.service.export import export_chunks
    from fincoach_tui.store.session_file import validate_session_name
    from fincoach_tui.store.sessions import SessionStore

    name = guard(lambda: validate_session_name(args.name))
    store = SessionStore(sessions_dir())
    if not store.exists(name):
        raise UserFacingError(f"no session named {name!r}; see: fincoach sessions")
    if args.expand and args.format != "json":
        raise UserFacingError("--expand applies to --format json only")
    state, _ = replay(guard(lambda: store.read_events(name)))
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
    from fincoach_tui.domain.session_state import replay
    from fincoach_tui.service.runtime import Overrides, build_engine, resolve
    from fincoach_tui.service.session_compare import compare, model_prices
    from fincoach_tui.settings.config import load_config
    from fincoach_tui.store.session_file import validate_session_name
    from fincoach_tui.store.sessions import SessionStore

    name = guard(lambda: validate_session_name(args.name))
    specs = guard(lambda: parse_models(args.models)) if args.models is not None else []
    store = SessionStore(sessions_dir())
    if not store.exists(name):
        raise UserFacingError(f"no session named {name!r}; see: fincoach sessions")
    state, _ = replay(guard(lambda: store.read_events(name)))
    config = guard(lambda: load_config(paths.config_path()))
    # Priced on the model the session talked to, unless --model says otherwise.
    chats = state.chat_records
    model = args.model or (chats[-1].model if chats else None)
    overrides = Overrides(args.provider, model, args.base_url, args.api_key_env)
    settings = guard(lambda: resolve(config, overrides, os.environ))
    engine = guard(lambda: build_engine(config, settings))

    result = compare(name, state, engine, models=specs, price_for=model_prices(config.prices))
    print(as_json(result) if args.format == "json" else as_text(result))
    return 0
