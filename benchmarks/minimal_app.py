"""The baseline for the first-frame benchmark: a minimal Textual app (header, text, footer).

With FINCOACH_BENCH_TIMINGS naming a file, it writes its first frame there as FinCoach's
`ui/bench_hook.py` does (wall clock, CPU time, peak RSS) from the same place (the first
callback after the first refresh) so the benchmark compares CPU time as well as wall
clock. Nothing is imported or done for it before that frame.
"""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class MinimalApp(App):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("minimal app ready")
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(mark_first_frame)


def mark_first_frame() -> None:
    import os

    target = os.environ.get("FINCOACH_BENCH_TIMINGS")
    if not target:
        return
    import json
    import resource
    import signal
    import time

    line = {
        "moment": "first_frame",
        "t": time.time(),
        "cpu_s": time.process_time(),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    with open(target, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
    if os.environ.get("FINCOACH_BENCH_EXIT") == "first_frame":
        os.kill(os.getpid(), signal.SIGKILL)


if __name__ == "__main__":
    MinimalApp().run()
