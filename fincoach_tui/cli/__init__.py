"""The command line: argument parsing, the plain line chat and the report commands."""

from fincoach_tui.cli.commands import main

__all__ = ["main"]
