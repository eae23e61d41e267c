"""Wiring: config + environment + flags -> a model, a counter, prices, and open sessions.

Two lifetimes. The `Engine` lives as long as the app (the model client, the tokenizer,
the price table); loading it imports openai and reads the vocabulary, so the TUI does it
in a worker after the first frame. A `LiveSession` is one open session file and the coach
driving it; switching sessions replaces it and keeps the engine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

from fincoach_tui.llm.providers import ProviderSettings, resolve_provider
from fincoach_tui.settings import paths
from fincoach_tui.settings.base_url import check_base_url

# The coach, the strategies and the rest of the engine's modules are imported where they
# are used: the command line imports this module for `resolve` before the first frame,
# and they (a tenth of a second) are only needed once the engine loads, in a worker.
if TYPE_CHECKING:
    from fincoach_tui.domain.memory import Strategy
    from fincoach_tui.domain.overhead_fit import Observation, OverheadLearner
    from fincoach_tui.domain.pricing import Price, PriceTable
    from fincoach_tui.domain.records import Usage
    from fincoach_tui.domain.session_events import SessionEvent
    from fincoach_tui.domain.session_state import SessionState
    from fincoach_tui.domain.tokens import TemplateOverhead, TokenCounter
    from fincoach_tui.llm.base import ChatModel
    from fincoach_tui.llm.embeddings import Embedder
    from fincoach_tui.llm.server_tokenizer import ServerTokenizer
    from fincoach_tui.service.coach import Coach, ModelChoice
    from fincoach_tui.settings.config import Config
    from fincoach_tui.store.overheads import OverheadStore
    from fincoach_tui.store.session_file import SessionFile
    from fincoach_tui.store.walk_cache import WalkCache


@dataclass(frozen=True)
class Overrides:
    """Command-line choices; each wins over config.toml when given."""

    provider: str | None = None
    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    strategy: str | None = None


def price_table(config: Config, settings: ProviderSettings | None = None) -> PriceTable:
    """config.toml's prices over genai-prices' for the provider behind the base URL.

    A custom server's URL names no provider the library knows, so its models have no
    price unless config.toml gives one. With no settings (or the offline coach, which
    has no server) the library finds the model's provider from its name."""
    from fincoach_tui.llm.prices import price_table as library_table

    base_url = settings.base_url if settings is not None and not settings.simulated else None
    return library_table(config.prices, base_url=base_url)


def resolve(config: Config, overrides: Overrides, environ: Mapping[str, str]) -> ProviderSettings:
    """Which provider and model to use. Cheap (no openai import): call it before start-up."""
    model = overrides.model or config.model
    if overrides.base_url:
        check_base_url(overrides.base_url)
    settings = resolve_provider(
        provider=overrides.provider or config.provider,
        model=model,
        base_url=overrides.base_url or config.base_url,
        api_key_env=overrides.api_key_env or config.api_key_env,
        environ=environ,
    )
    if settings.simulated and not model:
        # The offline coach has no model of its own: it is priced as the configured one.
        settings = replace(settings, model=config.offline_priced_as)
    return settings


@dataclass
class Engine:
    config: Config
    settings: ProviderSettings
    choice: ModelChoice
    llm: ChatModel
    counter: TokenCounter
    prices: PriceTable
    # What this provider's template adds, learned from its bills; shared by every session
    # opened in this engine, persisted per (base URL, model).
    learner: OverheadLearner | None = None
    overheads: OverheadStore | None = None
    # Embeddings for hybrid's recall (config.toml's [embeddings] model on the chat's server,
    # or the OpenAI preset's); None: BM25 recall.
    embedder: Embedder | None = None
    # What a local server said its context window is (llama.cpp /props, Ollama /api/show).
    server_context_window: int | None = None

    @property
    def learned_as(self) -> str:
        """The model name the learned overheads are kept under: a fit made with the o200k
        estimate (a tokenizer ratio in it) is not one made with the model's own counts."""
        if self.learner is not None and self.learner.ratio:
            return f"{self.choice.model} [o200k estimate]"
        return self.choice.model

    def count_note(self) -> str:
        """How the panel's counts are made, when that is worth saying: the server's own
        tokenizer, or the o200k estimate ("" for OpenAI's own tokenizer)."""
        from fincoach_tui.domain.tokens import COUNTED_BY_TIKTOKEN

        label = self.counter.label
        return "" if label == COUNTED_BY_TIKTOKEN else label

    def split_gap(self, gap: int, counted: int) -> tuple[int, int] | None:
        """Billed minus counted as (tokenizer, template) for an estimate; None when our
        counts are the model's own and the whole gap is template."""
        if self.counter.exact or self.learner is None:
            return None
        tokenizer = self.learner.current.tokenizer_part(counted)
        return tokenizer, gap - tokenizer

    def remember_overheads(self, observations: list[Observation]) -> None:
        if self.overheads is None:
            return
        try:
            self.overheads.save(self.settings.base_url, self.learned_as, observations)
        except OSError:
            pass  # learning resumes from the session next time; never fail a turn for it

    @property
    def price(self) -> Price | None:
        return self.prices.get(self.choice.model)

    @property
    def context_window(self) -> int | None:
        price = self.price
        configured = price.context_window if price else None
        return configured or self.server_context_window  # config.toml wins when it says


def build_engine(
    config: Config,
    settings: ProviderSettings,
    *,
    offline_chunk_delay: float = 0.0,
    timeout: float = 60.0,
) -> Engine:
    """The slow part of start-up: loads the vocabulary and, for a provider, openai."""
    from fincoach_tui.domain.overhead_fit import OverheadLearner
    from fincoach_tui.domain.tokens import (
        TokenCounter,
        encoding_for_model,
        is_exact_tokenizer,
        overhead_for_model,
    )
    from fincoach_tui.llm.vocab import load_encoding
    from fincoach_tui.service.coach import ModelChoice
    from fincoach_tui.service.server_counts import defer_on_event_loop
    from fincoach_tui.store.overheads import FILENAME as OVERHEADS_FILE
    from fincoach_tui.store.overheads import OverheadStore

    model = settings.model
    encoding = load_encoding(encoding_for_model(model))
    server = _server_tokenizer(settings)
    counter = defer_on_event_loop(
        TokenCounter(
            encoding.encode_ordinary,
            encoding.name,
            exact=is_exact_tokenizer(model),
            server=server if server is not None and server.dialect else None,
        )
    )
    overhead = overhead_for_model(model)
    choice = ModelChoice(settings.name, model, overhead, settings.simulated)
    llm: ChatModel
    if settings.simulated:
        from fincoach_tui.llm.offline import OfflineCoach

        llm = OfflineCoach(
            counter.count,
            overhead,
            reply_tokens=config.offline_reply_tokens,
            chunk_delay=offline_chunk_delay,
        )
    else:
        from fincoach_tui.llm.openai_chat import OpenAIChat

        estimate = partial(_estimate_usage, counter=counter, overhead=overhead)
        llm = OpenAIChat(settings, estimate_usage=estimate, timeout=timeout)
    prices = price_table(config, settings)
    prices.get(model)  # the price library's import and lookup, here in the loader thread
    overheads = OverheadStore(paths.data_dir() / OVERHEADS_FILE)
    # Counted with the o200k estimate: the gap is partly tokenizer, fitted as a ratio.
    ratio = not counter.exact
    learned_as = f"{model} [o200k estimate]" if ratio else model
    learner = OverheadLearner(overhead, overheads.load(settings.base_url, learned_as), ratio=ratio)
    return Engine(
        config,
        settings,
        choice,
        llm,
        counter,
        prices,
        learner,
        overheads,
        embedder=_embedder(settings, timeout, config.embeddings_model),
        server_context_window=server.context_window if server is not None else None,
    )


def _server_tokenizer(settings: ProviderSettings) -> ServerTokenizer | None:
    """A local server's own tokenizer, template and context window, if it offers them.

    Only servers we run ourselves are asked (a custom URL, Ollama): the cloud presets'
    tokenizers are known, and they have no such endpoints."""
    from fincoach_tui.llm.providers import CUSTOM
    from fincoach_tui.llm.server_tokenizer import ServerTokenizer

    if settings.simulated or not settings.base_url or settings.name not in (CUSTOM, "ollama"):
        return None
    return ServerTokenizer(settings.base_url, settings.model, api_key=settings.api_key)


def _estimate_usage(
    messages: list[dict[str, str]],
    reply: str,
    *,
    counter: TokenCounter,
    overhead: TemplateOverhead,
) -> Usage:
    """A server that sends no usage: the server's own count of the request if it can give
    one, else ours plus the template; marked estimated either way."""
    from fincoach_tui.service.coach import estimate_usage

    usage = estimate_usage(messages, reply, counter.count, overhead)
    exact = counter.count_prompt(messages)
    return usage if exact is None else replace(usage, prompt_tokens=exact)


def _embedder(
    settings: ProviderSettings, timeout: float, configured: str | None = None
) -> Embedder | None:
    from fincoach_tui.llm.embeddings import OpenAIEmbeddings, embeddings_model

    model = embeddings_model(settings, configured)
    return OpenAIEmbeddings(settings, model, timeout=timeout) if model else None


@dataclass
class LiveSession:
    name: str
    file: SessionFile
    coach: Coach
    problems: list[str] = field(default_factory=list)  # recovered lines, skipped events

    @property
    def state(self) -> SessionState:
        return self.coach.state

    @property
    def empty(self) -> bool:
        """Nothing said and nothing billed: a session FinCoach named is not kept so."""
        return len(self.state.transcript) == 0 and not self.state.records

    def walk_cache(self) -> WalkCache:
        """Where the cost comparison keeps its walk of this session between openings; it
        depends on the file, and on the system prompt and tokenizer that measured it."""
        from hashlib import sha256

        from fincoach_tui.store.walk_cache import WalkCache

        prompt = sha256(self.coach.system_prompt.encode("utf-8")).hexdigest()[:16]
        return WalkCache(self.file.path, f"{prompt}|{self.coach.counter.encoding_name}")

    def close(self) -> None:
        try:
            self.coach.save_learned()  # turns save the learned template in batches: the rest now
        finally:
            self.file.close()
        self._remember_summary()

    def _remember_summary(self) -> None:
        """The sessions listing's row, from the state in memory: listing replays nothing."""
        from fincoach_tui.domain.session_state import summary_of
        from fincoach_tui.store.session_summary import remember_closed

        # Not after a failed write: then the file lacks what the state holds.
        if self.coach.unsaved is None and (
            self.state.transcript.completed_turns or self.state.records
        ):
            remember_closed(self.file.path, summary_of(self.name, self.state))


def default_session_name(now: datetime | None = None) -> str:
    return (now or datetime.now()).strftime("chat-%Y%m%d-%H%M%S")


def choose_strategy(state: SessionState, config: Config, requested: str | None) -> Strategy:
    """A flag wins; else a resumed session keeps its own strategy; else the config's."""
    from fincoach_tui.domain.memory import make_strategy

    if requested:
        return make_strategy(requested, config.params_for(requested))
    if state.strategy is not None:
        return make_strategy(state.strategy.name, state.strategy.params)
    return make_strategy(config.strategy, config.params_for())


def make_coach(
    engine: Engine,
    state: SessionState,
    strategy: Strategy,
    *,
    sink: Callable[[SessionEvent], None],
    sink_many: Callable[[list[SessionEvent]], None] | None = None,
    sleep: Callable[[float], Awaitable[None]] | None = None,
) -> Coach:
    """A coach on a replayed session, wired to the engine; its events go to `sink`."""
    from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
    from fincoach_tui.service.coach import Coach

    return Coach(
        state=state,
        sink=sink,
        sink_many=sink_many,
        llm=engine.llm,
        choice=engine.choice,
        counter=engine.counter,
        prices=engine.prices,
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=strategy,
        summarizer_model=engine.config.summarizer_model,
        max_tokens=engine.config.max_tokens,
        sleep=sleep if sleep is not None else asyncio.sleep,
        learner=engine.learner,
        on_learned=engine.remember_overheads,
        embedder=engine.embedder,
        server_context_window=engine.server_context_window,
    )


def open_session(
    engine: Engine,
    file: SessionFile,
    *,
    strategy: str | None = None,
    sleep: Callable[[float], Awaitable[None]] | None = None,
    config: Config | None = None,
) -> LiveSession:
    """Replay an open session file and put a coach on it. Closes the file on failure.

    `sleep` is how the coach waits before retrying a rate-limited call (tests pass one
    they control; the default is asyncio.sleep). `config` is the settings as they are now
    (the app saves strategy choices as it runs): a new session starts on its strategy;
    by default, the engine's, as read at start-up."""
    from fincoach_tui.domain.memory import StrategyError
    from fincoach_tui.domain.session_events import WithdrawnEvent
    from fincoach_tui.domain.session_state import Replay, SessionState

    try:
        # Replayed as it is read, line by line: the file's events are never all in memory.
        # (A file locked but not read yet, the app's first, is read now; one read already
        # is read again.)
        rebuilt = Replay()
        file.load(into=lambda event: rebuilt.feed(event, file.line_read))
        state, problems = rebuilt.finish()
        try:
            chosen = choose_strategy(state, config or engine.config, strategy)
        except StrategyError as exc:
            if strategy:  # the user's own flag: theirs to fix
                raise
            # A hand-edited strategy line: open on the configured one and say so.
            chosen = choose_strategy(SessionState(), config or engine.config, None)
            problems.append(
                f"the session's saved strategy is unusable ({exc}); using {chosen.name}"
            )
        coach = make_coach(
            engine,
            state,
            chosen,
            sink=file.append,
            sink_many=file.append_many,
            sleep=sleep,
        )
        if state.interrupted is not None:
            # Make the file say what replay did, so the retried question is not a second
            # user message in a row the next time the log is read.
            file.append(WithdrawnEvent(state.interrupted.id))
    except BaseException:
        file.close()
        raise
    return LiveSession(file.name, file, coach, [*file.warnings, *problems])
