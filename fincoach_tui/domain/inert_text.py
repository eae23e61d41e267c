"""Text from outside (a model's reply, a pasted message) made safe to put on a terminal.

Pure and free of Textual: the chat pane, the line-mode chat and the Markdown export use it.
"""

from __future__ import annotations

import re

# C0/C1 control characters (ESC starts ANSI sequences) except newline and tab: model
# output must not move the cursor, recolour the terminal or ring the bell.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def inert(text: str) -> str:
    """`text` with every control character but newline and tab shown as U+FFFD."""
    return _CONTROL.sub("\N{REPLACEMENT CHARACTER}", text)
