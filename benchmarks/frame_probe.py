"""Where a turn's frames go: how many, and which widget's drawing and layout cost what.

`FrameProbe()` wraps Textual's own methods, class-wide, for as long as the process runs:

- `Screen._compositor_refresh`: a frame composed (what devtools counts as a refresh);
- `Screen._refresh_layout`: the screen laid out again (a scroll's reflow is not counted);
- `StylesCache.render_widget`: a widget's lines drawn, by widget;
- `Widget.get_content_height` / `get_content_width`: a widget measured for layout (text
  wrapped to learn an `auto` height), by widget;
- `Widget._render`: the widget's visual built (Markdown parsed, a Text made), by widget;
- Python's garbage collections (by generation), wherever they interrupted.

Each is timed in this thread's CPU time, exclusive of what it calls that is also timed
(a container's measure does not count its children's), so the buckets add up. Only the
event loop's thread is timed; the process's CPU (every thread) is measured by the
benchmark around each turn.
"""

from __future__ import annotations

import gc
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any


def widget_label(widget: Any) -> str:
    """ "Static.body in #chat": the widget's class, its id or first class, and the nearest
    ancestor with an id (which part of the screen it is in)."""
    name = type(widget).__name__
    if widget.id:
        name += f"#{widget.id}"
    elif widget.classes:
        name += "." + sorted(widget.classes)[0]
    for ancestor in widget.ancestors:
        if getattr(ancestor, "id", None) and ancestor is not widget:
            return f"{name} in #{ancestor.id}"
    return name


class FrameProbe:
    def __init__(self) -> None:
        from textual._styles_cache import StylesCache
        from textual.screen import Screen
        from textual.widget import Widget

        self.frames = 0
        self.layouts = 0
        self.cpu: Counter[str] = Counter()  # bucket -> seconds, exclusive
        self.calls: Counter[str] = Counter()
        self._stack: list[list[Any]] = []  # [bucket, started, children's time]
        self._labels: dict[int, str] = {}

        def label(widget: Any) -> str:
            key = id(widget)
            found = self._labels.get(key)
            if found is None:
                found = self._labels[key] = widget_label(widget)
            return found

        def timed(bucket_of: Callable[..., str], original: Callable[..., Any]):
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                bucket = bucket_of(*args, **kwargs)
                frame = [bucket, time.thread_time(), 0.0]
                self._stack.append(frame)
                try:
                    return original(*args, **kwargs)
                finally:
                    self._stack.pop()
                    spent = time.thread_time() - frame[1]
                    self.cpu[bucket] += spent - frame[2]
                    self.calls[bucket] += 1
                    if self._stack:
                        self._stack[-1][2] += spent

            return wrapper

        self._timed = timed

        def frame_bucket(screen: Any) -> str:
            self.frames += 1
            return "compose frame"

        def layout_bucket(screen: Any, size: Any = None, scroll: bool = False) -> str:
            if not scroll:
                self.layouts += 1
                return "layout"
            return "scroll reflow"

        Screen._compositor_refresh = timed(frame_bucket, Screen._compositor_refresh)  # type: ignore[method-assign]
        Screen._refresh_layout = timed(layout_bucket, Screen._refresh_layout)  # type: ignore[method-assign]
        StylesCache.render_widget = timed(  # type: ignore[method-assign]
            lambda cache, widget, crop: "draw " + label(widget), StylesCache.render_widget
        )
        Widget.get_content_height = timed(  # type: ignore[method-assign]
            lambda widget, *a, **k: "measure " + label(widget), Widget.get_content_height
        )
        Widget.get_content_width = timed(  # type: ignore[method-assign]
            lambda widget, *a, **k: "measure " + label(widget), Widget.get_content_width
        )
        Widget._render = timed(lambda widget: "visual " + label(widget), Widget._render)  # type: ignore[method-assign]

        from textual.message_pump import MessagePump

        dispatch = MessagePump._dispatch_message
        self.messages: Counter[str] = Counter()  # message type -> how many were handled

        self.handling = 0  # messages being handled now (a handler may be awaiting a mount)

        async def counted_dispatch(pump: Any, message: Any) -> Any:
            self.messages[type(message).__name__] += 1
            self.handling += 1
            try:
                return await dispatch(pump, message)
            finally:
                self.handling -= 1

        MessagePump._dispatch_message = counted_dispatch  # type: ignore[method-assign]

        # Python's cyclic collector runs inside whatever allocated last: its own bucket.
        loop_thread = threading.get_ident()

        def collecting(phase: str, info: dict[str, int]) -> None:
            if threading.get_ident() != loop_thread:
                return
            if phase == "start":
                self._stack.append([f"garbage collection (gen {info['generation']})",
                                    time.thread_time(), 0.0])  # fmt: skip
            elif self._stack and self._stack[-1][0].startswith("garbage"):
                bucket, started, children = self._stack.pop()
                spent = time.thread_time() - started
                self.cpu[bucket] += spent - children
                self.calls[bucket] += 1
                if self._stack:
                    self._stack[-1][2] += spent

        gc.callbacks.append(collecting)

    def time(self, owner: Any, name: str, bucket: str) -> None:
        """Time `owner.name` (a plain function or method) in its own bucket too."""
        setattr(owner, name, self._timed(lambda *a, **k: bucket, getattr(owner, name)))

    def take(self) -> dict[str, Any]:
        """What was counted since the last take, and start again."""
        taken = {
            "frames": self.frames,
            "layouts": self.layouts,
            "cpu": dict(self.cpu),
            "calls": dict(self.calls),
            "messages": dict(self.messages),
        }
        self.frames = self.layouts = 0
        self.cpu.clear()
        self.calls.clear()
        self.messages.clear()
        self._labels.clear()  # widgets come and go: ids are reused
        return taken


def per_turn(samples: list[dict[str, Any]], top: int = 12) -> list[tuple[str, float, float]]:
    """The `top` buckets by mean ms per turn over `samples`: (bucket, ms, calls)."""
    total: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    for sample in samples:
        total.update(sample["cpu"])
        calls.update(sample["calls"])
    n = max(len(samples), 1)
    return [
        (bucket, round(seconds * 1000 / n, 2), round(calls[bucket] / n, 1))
        for bucket, seconds in total.most_common(top)
    ]
