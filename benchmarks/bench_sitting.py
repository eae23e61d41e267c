"""One sitting: 200 turns played in one running app, turn 10 against turn 200 (issue 17).

A fresh process runs the app headless (Textual's run_test, 120x40) on the offline coach
and plays `--turns` turns in one sitting, never reopening the session. Each turn's cost is
the process's CPU time (every thread: the turn, rendering, the panel, the every-strategy
comparison's worker) from submitting it until the app is idle again; the event loop's own
thread is measured apart. Then another fresh process (neither side runs on the other's
heap, garbage or imports) runs a minimal Textual chat (minimal_chat.py) showing the same
turns as FinCoach's chat did, with the same widgets mounted and unmounted: the question
and the reply's box mounted together (the oldest unmounted beyond the chat's bound), the
reply's text as FinCoach's frames showed it while it streamed (an update and a frame
each), then the whole reply and its receipt: Textual's floor. Textual's drawing caches
kept every unmounted widget's lines alive, so that floor rose through a sitting (its
collections scanned them); the minimal chat runs with that corrected, as FinCoach does
(`--textual-as-is`: without).

Turn N is the median of turns N-2 .. N+2 (`--spread 5`: N-5 .. N+5). Reported as ratios
measured in the same run: turn 200 / turn 10 for each side, and FinCoach's turn / the
minimal chat's turn. `--repeat R` plays R sittings, the two sides' processes alternating,
and gives each run's ratios and their median (a loaded machine moves a ratio by 0.1-0.3
from one run to the next). Also per turn: frames composed (`Screen._compositor_refresh`), full
layouts (`Screen._refresh_layout`, not a scroll's), messages handled, and the cost chart's
event-loop CPU (`chart_ms`: its series, its compare lines, its widgets' drawing).
`--breakdown N` adds where the event loop's CPU went (frame_probe.py), messages by type.

Replies stream with no delay (`offline_chunk_delay=0`), so a turn is CPU only; each is
shown in two frames, its first word at once and the rest with its end (a provider faster
than the screen). FinCoach shows a streaming reply at most 30 times a second of wall
time, so on a loaded machine a slower turn showed it more often (turn 200 of one run
drew 1.9 reply frames a turn, turn 10 0.9) and both sides' figures moved with the load;
`--wall-clock-frames` keeps that pacing. The minimal chat replays the frames FinCoach drew.
`--reply-tokens` sets the offline coach's reply length (both sides get the same text).
`--turns 30` (a minute) compares turn 28 with turn 10: enough to see a change's effect.

    python benchmarks/bench_sitting.py [--turns 205] [--reply-tokens 80] [--breakdown 25]
                                       [--spread 5] [--repeat 3] [--textual-as-is]
                                       [--wall-clock-frames]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

from bench_common import emit, isolated_env, median, scratch_dir, use_env
from frame_probe import FrameProbe
from sitting_turns import StreamLog, Turns, resident_mb, settle

HERE = Path(__file__).resolve().parent
SIZE = (120, 40)


def time_parts(probe: FrameProbe) -> None:
    """Buckets of their own, in the breakdown, for the parts of a turn that are not drawing:
    the offline model (the server's stand-in: it reads the whole request, as a server
    would), the side panel's update and its parts, the collection at the end of a turn."""
    from fincoach_tui.llm.offline import OfflineCoach
    from fincoach_tui.ui import heap
    from fincoach_tui.ui.cost_chart import CostChart
    from fincoach_tui.ui.inspector import RequestInspector
    from fincoach_tui.ui.side_panel import SidePanel

    probe.time(OfflineCoach, "reply", "offline model: the reply (server's stand-in)")
    probe.time(OfflineCoach, "usage", "offline model: the usage (server's stand-in)")
    probe.time(SidePanel, "update_session", "side panel: update (the rest of it)")
    probe.time(SidePanel, "show_pending", "side panel: the request in flight (the rest of it)")
    probe.time(RequestInspector, "show", "side panel: the inspector's rows")
    probe.time(CostChart, "show", "side panel: the chart's series")
    probe.time(CostChart, "show_costs", "side panel: the chart's compare lines")
    probe.time(heap, "settle_turn", "the turn's end: collect and freeze (not the collection)")


def reply_in_two_frames() -> None:
    """A streaming reply shown at its first word, then whole with its end (ui/turns.py
    gathers what streams in for a frame after the first; here that frame never comes
    before the reply's end), whatever the turn's wall time."""
    from fincoach_tui.ui import turns

    turns.Coalesced.FRAME_S = 3600.0


async def fincoach_sitting(turns: int, probe: FrameProbe, reply_tokens: int | None) -> dict:
    from fincoach_tui.llm.providers import resolve_provider
    from fincoach_tui.settings import paths
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.sessions import SessionStore
    from fincoach_tui.ui.app import FinCoachApp
    from fincoach_tui.ui.message_box import MessageBox

    time_parts(probe)
    store = SessionStore(paths.sessions_dir())
    settings = resolve_provider(provider="offline", model=None, base_url=None,
                                api_key_env=None, environ={})  # fmt: skip
    app = FinCoachApp(config=Config(), settings=settings, store=store, file=store.open("sit"),
                      config_path=paths.config_path(), offline_chunk_delay=0.0)  # fmt: skip
    measured = Turns(probe)
    streamed = StreamLog(app)
    rss: dict[int, float] = {}  # turn -> resident MB after it
    receipts: list[str] = []  # each reply's receipt line, as its box showed it
    async with app.run_test(size=SIZE):
        while app.live is None:
            assert not app.exit_message, app.exit_message
            await settle(app, probe)
        await settle(app, probe)
        if reply_tokens is not None:
            app.engine.llm.reply_tokens = reply_tokens
        for turn in range(1, turns + 1):
            streamed.next_turn()
            measured.start()
            app.submit(f"My SIP is {turn},000 a month and my rent 25k. (turn {turn})")
            await settle(app, probe)
            measured.stop()
            receipts.append(app.chat.query(MessageBox).last().receipt)
            if turn == 10 or turn % 100 == 0:
                rss[turn] = round(resident_mb(), 1)
        streamed.close()
        messages = app.live.state.transcript.messages
        texts = [(q.content, a.content) for q, a in zip(messages[0::2], messages[1::2])]
        return {"turns": measured, "texts": texts, "streamed": streamed.turns,
                "receipts": receipts, "mounted": app.chat.mounted_messages, "rss": rss,
                "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}  # fmt: skip


async def minimal_sitting(
    texts: list[tuple[str, str]],
    streamed: list[list[int]],
    receipts: list[str],
    probe: FrameProbe,
    *,
    as_is: bool = False,
) -> Turns:
    from minimal_chat import MinimalChat

    from fincoach_tui.ui import drawing_fixes, layout_fixes
    from fincoach_tui.ui.chat import BOUND

    layout_fixes.uninstall()  # a minimal Textual chat: Textual's layout as it is
    if not as_is:
        # Textual's drawing caches kept every unmounted widget's drawn lines alive (~800
        # objects a turn, until 1,024 widgets are held): its full collections scanned a
        # heap growing with the sitting. Corrected as FinCoach's is, the floor stays put.
        drawing_fixes.install()
    app = MinimalChat(bound=BOUND)
    measured = Turns(probe)
    async with app.run_test(size=SIZE):
        await settle(app, probe)
        played = zip(texts, streamed, receipts)
        for turn, ((question, reply), updates, receipt) in enumerate(played, start=1):
            measured.start()
            box = await app.begin_turn(question, turn)
            await settle(app, probe)
            for length in updates:  # the reply's text as FinCoach's frames showed it
                app.stream(box, reply[:length])
                await settle(app, probe)
            app.stream(box, reply)
            app.finish(box, receipt)  # in the same frame as the reply's end, as FinCoach's
            await settle(app, probe)
            measured.stop()
    return measured


def side(argv: list[str]) -> dict:
    """Run one side in a fresh process: its output's last line is a JSON object."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), *argv],
                          capture_output=True, text=True, cwd=HERE)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{argv[:2]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def fincoach_side(turns: int, reply_tokens: int | None, wall_clock_frames: bool) -> dict:
    if not wall_clock_frames:
        reply_in_two_frames()
    app = asyncio.run(fincoach_sitting(turns, FrameProbe(), reply_tokens))
    return {**app, "turns": app["turns"].raw()}


def minimal_side(played: Path, as_is: bool) -> dict:
    app = json.loads(played.read_text(encoding="utf-8"))
    played = minimal_sitting(
        app["texts"], app["streamed"], app["receipts"], FrameProbe(), as_is=as_is
    )
    return asyncio.run(played).raw()


def one_run(
    turns: int, reply_tokens: int | None, as_is: bool, wall_clock_frames: bool
) -> tuple[dict, Turns, Turns]:
    """One sitting of FinCoach, then the minimal chat replaying it: each in a fresh process."""
    options = ["--reply-tokens", str(reply_tokens)] if reply_tokens is not None else []
    options += ["--wall-clock-frames"] if wall_clock_frames else []
    app = side(["--side", "fincoach", "--turns", str(turns), *options])
    played = scratch_dir("sitting-texts") / "played.json"
    played.write_text(json.dumps({key: app[key] for key in ("texts", "streamed", "receipts")}))
    try:
        minimal = ["--side", "minimal", "--played", str(played)]
        floor = Turns.of(side(minimal + (["--textual-as-is"] if as_is else [])))
    finally:
        shutil.rmtree(played.parent, ignore_errors=True)
    return app, Turns.of(app["turns"]), floor


# The chat keeps ui/chat.BOUND messages mounted: reached at turn 10, so the turns before
# turn 10 in its median lay out fewer messages and unmount none. From turn 20 every turn
# of the median does both: turn `last` / turn 20 is the growth once the window is full.
FULL = 20


def ratios(ours: Turns, floor: Turns, last: int) -> dict:
    t10, tn, m10, mn = ours.at(10), ours.at(last), floor.at(10), floor.at(last)
    full = {}
    if last - FULL > 2 * Turns.spread:
        full = {
            "growth_from_20": round(tn["cpu_ms"] / ours.at(FULL)["cpu_ms"], 2),
            "minimal_growth_from_20": round(mn["cpu_ms"] / floor.at(FULL)["cpu_ms"], 2),
        }
    return {
        "growth": round(tn["cpu_ms"] / t10["cpu_ms"], 2),  # FinCoach: turn `last` / turn 10
        "minimal_growth": round(mn["cpu_ms"] / m10["cpu_ms"], 2),
        "over_minimal_10": round(t10["cpu_ms"] / m10["cpu_ms"], 2),
        "over_minimal_last": round(tn["cpu_ms"] / mn["cpu_ms"], 2),
        **full,
    }


def sitting(
    turns: int,
    reply_tokens: int | None = None,
    top: int = 0,
    spread: int = 2,
    repeat: int = 1,
    as_is: bool = False,
    wall_clock_frames: bool = False,
) -> dict:
    """`repeat` sittings, FinCoach's and the minimal chat's processes alternating; the
    ratios of each run, and their median (the figures shown are the median run's)."""
    Turns.spread = spread
    last = min(200, turns - spread)
    runs = [one_run(turns, reply_tokens, as_is, wall_clock_frames) for _ in range(repeat)]
    each = [ratios(ours, floor, last) for _, ours, floor in runs]
    middle = sorted(range(repeat), key=lambda i: each[i]["growth"])[repeat // 2]
    app, ours, floor = runs[middle]
    t10, tn = ours.at(10), ours.at(last)
    updates = [len(u) for u in app["streamed"]]
    window = ours.around(10), ours.around(last)
    result = {
        "benchmark": "sitting",
        "turns": turns,
        "last": last,
        "median_of": 2 * spread + 1,
        "runs": repeat,
        # The minimal chat runs Textual with its drawing caches' leak corrected (as FinCoach
        # does: ui/drawing_fixes.py), unless --textual-as-is.
        "minimal_textual_as_is": as_is,
        "wall_clock_frames": wall_clock_frames,  # else each reply is drawn in two frames
        "mounted_after": app["mounted"],
        "rss_mb_after_turn": app["rss"],  # resident, FinCoach's process
        "peak_rss_mb": app["peak_rss_mb"],
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "turn_10": t10,
        "turn_last": tn,
        "minimal_turn_10": floor.at(10),
        "minimal_turn_last": floor.at(last),
        "chart_ms_10": t10["chart_ms"],  # the cost chart's event-loop CPU in the turn
        "chart_ms_last": tn["chart_ms"],
        "reply_frames_per_turn": median(updates),
        # Frames of the reply as it streamed, per turn around turn 10 and `last` (both
        # sides draw them): the reply is shown at most 30 times a second, so a slower turn
        # (a loaded machine) shows more of them.
        "reply_frames_10": round(sum(updates[window[0]]) / len(updates[window[0]]), 1),
        "reply_frames_last": round(sum(updates[window[1]]) / len(updates[window[1]]), 1),
        **ratios(ours, floor, last),
    }
    if repeat > 1:
        for key in each[0]:
            values = sorted(run[key] for run in each)
            result[f"{key}_runs"] = [run[key] for run in each]
            result[f"{key}_median"] = (
                values[repeat // 2] if repeat % 2 else round(median(values), 2)
            )
    if top:
        result["breakdown_10"] = ours.breakdown(10, top)
        result["breakdown_last"] = ours.breakdown(last, top)
        result["minimal_breakdown_10"] = floor.breakdown(10, top)
        result["minimal_breakdown_last"] = floor.breakdown(last, top)
        result["messages_10"] = ours.messages(10, top)
        result["messages_last"] = ours.messages(last, top)
        result["minimal_messages_last"] = floor.messages(last, top)
    return result


def show_breakdown(result: dict) -> None:
    """The breakdowns as tables, on stderr (the JSON line stays the last line of stdout)."""
    for key in ("breakdown_10", "breakdown_last", "minimal_breakdown_10", "minimal_breakdown_last"):
        print(f"\n{key} (ms of the event loop's CPU per turn, calls per turn):", file=sys.stderr)
        for bucket, spent, calls in result[key]:
            print(f"  {spent:8.2f} ms {calls:7.1f}  {bucket}", file=sys.stderr)
    for key in ("messages_10", "messages_last", "minimal_messages_last"):
        print(f"\n{key} (messages handled per turn):", file=sys.stderr)
        for name, count in result[key]:
            print(f"  {count:8.1f}  {name}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=205)
    parser.add_argument("--reply-tokens", type=int, default=None, help="offline reply length")
    parser.add_argument(
        "--breakdown", type=int, default=0, metavar="N",
        help="also list the N costliest buckets (a widget's drawing, measuring, layout)",
    )  # fmt: skip
    parser.add_argument(
        "--spread", type=int, default=2, metavar="K",
        help="turn N is the median of turns N-K .. N+K (a loaded machine: 5)",
    )  # fmt: skip
    parser.add_argument(
        "--repeat", type=int, default=1, metavar="R",
        help="R sittings, alternating FinCoach's and the minimal chat's: each run's ratios",
    )  # fmt: skip
    parser.add_argument(
        "--textual-as-is", action="store_true",
        help="the minimal chat on Textual as it is, its drawing caches' leak left in",
    )  # fmt: skip
    parser.add_argument(
        "--wall-clock-frames", action="store_true",
        help="show a streaming reply as FinCoach paces it (30 a second of wall time: more "
        "frames on a loaded machine) instead of in two frames",
    )  # fmt: skip
    parser.add_argument("--side", choices=("fincoach", "minimal"), help=argparse.SUPPRESS)
    parser.add_argument("--played", type=Path, help=argparse.SUPPRESS)  # the minimal side's texts
    args = parser.parse_args(argv)
    if args.side:  # one side, in this process (run by the other branch)
        root = scratch_dir(f"sitting-{args.side}")
        use_env(isolated_env(root))
        try:
            if args.side == "fincoach":
                emit(fincoach_side(args.turns, args.reply_tokens, args.wall_clock_frames))
            else:
                emit(minimal_side(args.played, args.textual_as_is))
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return 0
    if not 1 <= args.spread <= 9 or args.turns < 12 + 2 * args.spread:
        parser.error("--spread is 1 to 9, and --turns at least 12 + 2 x spread")
    if args.repeat < 1:
        parser.error("--repeat is at least 1")
    result = sitting(args.turns, args.reply_tokens, args.breakdown, args.spread, args.repeat,
                     args.textual_as_is, args.wall_clock_frames)  # fmt: skip
    if args.breakdown:
        show_breakdown(result)
    emit(result)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    raise SystemExit(main())
