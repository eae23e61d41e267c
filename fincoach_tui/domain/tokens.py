"""Token counting and chat-template overhead. Pure: the encoder is passed in.

Content tokens are what tiktoken says the message texts are. The provider bills more
(`usage.prompt_tokens`): its chat template wraps every message in role markers and adds
a primer for the reply. `TemplateOverhead` predicts that gap per model family.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

# Model-name prefixes tokenized with o200k_base; everything older OpenAI uses cl100k_base.
_O200K_PREFIXES = (
    "gpt-4o",
    "chatgpt-4o",
    "gpt-4.1",
    "gpt-4.5",
    "gpt-5",
    "gpt-oss",
    "o1",
    "o3",
    "o4",
)
_CL100K_PREFIXES = ("gpt-4", "gpt-3.5", "text-embedding-3", "text-embedding-ada")


def bare_model(model: str) -> str:
    """Strip routing prefixes: "openai/gpt-oss-120b" -> "gpt-oss-120b"."""
    return model.rsplit("/", 1)[-1].lower()


def encoding_for_model(model: str) -> str:
    """The tiktoken encoding name for `model`.

    Non-OpenAI models (llama, qwen...) have their own tokenizers; for them o200k_base is an
    estimate, which `is_exact_tokenizer` reports so the UI can say "≈".
    """
    name = bare_model(model)
    if name.startswith(_O200K_PREFIXES):
        return "o200k_base"
    if name.startswith(_CL100K_PREFIXES):
        return "cl100k_base"
    return "o200k_base"


def is_exact_tokenizer(model: str) -> bool:
    return bare_model(model).startswith(_O200K_PREFIXES + _CL100K_PREFIXES)


# How a count was made, for the panel: the three labels a count can carry.
COUNTED_BY_SERVER = "counted with the server's tokenizer"
COUNTED_BY_TIKTOKEN = "counted with the model's tokenizer"
COUNTED_AS_ESTIMATE = "o200k estimate"


class TokenizerUnavailable(Exception):
    """A server's tokenizer could not answer; the counter falls back to the local one."""


class ServerCounting(Protocol):
    """A server that counts with the model's own tokenizer and chat template."""

    def encode(self, text: str) -> list[int]: ...

    def count_prompt(self, messages: Sequence[Mapping[str, str]]) -> int: ...


class TokenCounter:
    """Counts content tokens, caching by key so an old message is never re-encoded.

    `encode` must be tiktoken's `encode_ordinary`: user text may legitimately contain
    strings like "<|endoftext|>", which must count as text, not as special tokens.
    """

    def __init__(
        self,
        encode: Callable[[str], list[int]],
        encoding_name: str,
        *,
        exact: bool = True,
        server: ServerCounting | None = None,
    ) -> None:
        self._encode = encode
        self.encoding_name = encoding_name
        # `exact`: the local encoding is the model's own (OpenAI's); else it is an estimate.
        self.exact_locally = exact
        # The server's own tokenizer, while it answers: the first failure drops it for good
        # (counts of one request are never a mix of two tokenizers).
        self.server = server
        self._prompts: dict[bytes, int] = {}
        # Keyed by (key, text): message ids repeat from one session to the next (m1, m2…)
        # and one counter serves them all. The text's hash is cached by Python in the str
        # itself, and an equal key is almost always the very same str: a hit stays cheap.
        self._cache: dict[tuple[str, str], int] = {}
        # Texts made for one request (a system prompt with its summary, facts or recalled
        # sections) by their digest: keyed by the text itself, the cache would keep every
        # one of them alive, a few for each turn and each strategy compared.
        self._derived: dict[bytes, int] = {}
        self.encoded_texts = 0  # how many texts were actually encoded (cache misses)
        # Asked before each call to the server: True means "the caller must not wait on it
        # now" (the service layer answers True on a thread running an event loop, so a slow
        # server never freezes the interface). The count is then made locally, for now,
        # and never cached; the texts and requests wait in `pending` until `fill_pending`
        # (run in a worker thread) asks the server, and the next count is the server's.
        self.defer: Callable[[], bool] | None = None
        self._server_texts: dict[bytes, int] = {}  # the server's counts filled for deferred texts
        self._pending_texts: dict[bytes, str] = {}
        self._pending_prompts: dict[bytes, list[dict[str, str]]] = {}
        self._provisional = 0  # local counts handed out in place of the server's

    @property
    def exact(self) -> bool:
        """The counts are the model's own: the server's tokenizer, or OpenAI's tiktoken."""
        return self.server is not None or self.exact_locally

    @property
    def label(self) -> str:
        if self.server is not None:
            return COUNTED_BY_SERVER
        return COUNTED_BY_TIKTOKEN if self.exact_locally else COUNTED_AS_ESTIMATE

    def count(self, text: str) -> int:
        self.encoded_texts += 1
        if self.server is not None:
            if self._server_texts or self._pending_texts or self._deferred():
                key = digest(text)
                known = self._server_texts.get(key)
                if known is not None:
                    return known
                if self._deferred():
                    self._pending_texts[key] = text
                    self._provisional += 1
                    return len(self._encode(text))
            try:
                return len(self.server.encode(text))
            except TokenizerUnavailable:
                self._drop_server()
        return len(self._encode(text))

    def _deferred(self) -> bool:
        return self.defer is not None and self.defer()

    @property
    def pending(self) -> bool:
        """Some count was made locally for now: `fill_pending` would ask the server."""
        return bool(self._pending_texts or self._pending_prompts)

    @property
    def provisional(self) -> int:
        """How many local counts have stood in for the server's so far."""
        return self._provisional

    def fill_pending(self) -> None:
        """Ask the server for every count deferred so far (blocking: run it in a worker
        thread). A server that fails is dropped, as on any other call."""
        texts, self._pending_texts = self._pending_texts, {}
        prompts, self._pending_prompts = self._pending_prompts, {}
        server = self.server
        if server is None:
            return
        try:
            for key, text in texts.items():
                self._server_texts[key] = len(server.encode(text))
            for key, messages in prompts.items():
                self._prompts[key] = server.count_prompt(messages)
        except TokenizerUnavailable:
            self._drop_server()

    def count_prompt(self, messages: Sequence[Mapping[str, str]]) -> int | None:
        """The whole request as the server templates and tokenizes it (what it bills), or
        None when there is no server to ask (or it may not be waited on now: deferred).
        Cached by the request's digest."""
        if self.server is None:
            return None
        key = digest(json.dumps([[m["role"], m["content"]] for m in messages]))
        cached = self._prompts.get(key)
        if cached is None:
            if self._deferred():
                self._pending_prompts[key] = [
                    {"role": m["role"], "content": m["content"]} for m in messages
                ]
                self._provisional += 1
                return None
            try:
                cached = self._prompts[key] = self.server.count_prompt(messages)
            except TokenizerUnavailable:
                self._drop_server()
                return None
        return cached

    def _drop_server(self) -> None:
        # Every cached count came from the server's tokenizer: counted again, locally.
        self.server = None
        self._cache.clear()
        self._derived.clear()
        self._prompts.clear()
        self._server_texts.clear()
        self._pending_texts.clear()
        self._pending_prompts.clear()

    def count_cached(self, key: str, text: str) -> int:
        """Count a transcript message's `text`, remembered under `key` (its id)."""
        cached = self._cache.get((key, text))
        if cached is None:
            before = self._provisional
            cached = self.count(text)
            if self._provisional == before:  # a stand-in for the server's is not kept
                self._cache[(key, text)] = cached
        return cached

    def count_derived(self, text: str) -> int:
        """Count a text derived for a request, remembered by its digest only."""
        key = digest(text)
        cached = self._derived.get(key)
        if cached is None:
            before = self._provisional
            cached = self.count(text)
            if self._provisional == before:
                self._derived[key] = cached
        return cached


def digest(text: str) -> bytes:
    """A short, collision-safe stand-in for a text."""
    return hashlib.blake2b(text.encode(), digest_size=12).digest()


@dataclass(frozen=True)
class TemplateOverhead:
    """Tokens a provider's chat template adds around the message contents.

    predicted prompt_tokens = content tokens + fixed + sum(per_role[role] for each message)
    """

    fixed: int
    per_role: dict[str, int] = field(default_factory=dict)
    default_per_message: int = 4

    def predict(self, roles: Iterable[str]) -> int:
        return self.fixed + sum(self.per_role.get(r, self.default_per_message) for r in roles)

    def predict_counts(self, counts: Mapping[str, int], counted: int = 0) -> int:
        """`predict` from role counts ({"user": 3, ...}): a long request's roles unlisted.
        (`counted`, the content tokens, matters only to a learned tokenizer ratio.)"""
        return self.fixed + sum(
            self.per_role.get(r, self.default_per_message) * n for r, n in counts.items()
        )


# OpenAI chat models: <|im_start|>{role}\n{content}<|im_end|>\n -> 3 tokens per message plus
# the role's own token, and 3 tokens (<|im_start|>assistant<|im_sep|>) to prime the reply.
OPENAI_CHAT_OVERHEAD = TemplateOverhead(fixed=3, per_role={"system": 4, "user": 4, "assistant": 4})

# gpt-oss's harmony template: a hidden preamble (model identity, knowledge cutoff, date,
# reasoning level, channels) of ~61 tokens, ~7 around the developer/system message, 4 per
# user message, 6 per earlier assistant message (channel marker) and 2 to prime the reply.
# Checked against Groq's billing in seed 001: 74 at turn 1, +10 per turn.
HARMONY_OVERHEAD = TemplateOverhead(fixed=63, per_role={"system": 7, "user": 4, "assistant": 6})


def overhead_for_model(model: str) -> TemplateOverhead:
    if bare_model(model).startswith("gpt-oss"):
        return HARMONY_OVERHEAD
    return OPENAI_CHAT_OVERHEAD
