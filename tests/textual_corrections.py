"""For tests of FinCoach's corrections to Textual (ui/drawing_fixes.py, ui/worker_fixes.py,
ui/layout_fixes.py): each module's corrections applied, or not, for the length of a
`with`, and left as they were after it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType


@contextmanager
def corrected(module: ModuleType, on: bool = True) -> Iterator[None]:
    """With `module`'s corrections installed (`on`) or Textual's own methods (not `on`);
    as they were before, after. `with corrected(drawing_fixes, on=False):`"""
    was_installed = module.installed()
    if on:
        module.install()
    else:
        module.uninstall()
    try:
        yield
    finally:
        if was_installed:
            module.install()
        else:
            module.uninstall()
