"""Token counting and chat-template overhead. Pure: the encoder is passed in.

Content tokens are what tiktoken says the message texts are. The provider bills more
(`usage.prompt_tokens`): its chat template wraps every message in role markers and adds
a primer for the reply. `TemplateOverhead` predicts that gap per model family.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

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


class TokenCounter:
    """Counts content tokens, caching by key so an old message is never re-encoded.

    `encode` must be tiktoken's `encode_ordinary`: user text may legitimately contain
    strings like "<|endoftext|>", which must count as text, not as special tokens.
    """

    def __init__(self, encode: Callable[[str], list[int]], encoding_name: str) -> None:
        self._encode = encode
        self.encoding_name = encoding_name
        # Keyed by (key, text): message ids repeat from one session to the next (m1, m2…)
        # and one counter serves them all. The text's hash is cached by Python in the str
        # itself, and an equal key is almost always the very same str: a hit stays cheap.
        self._cache: dict[tuple[str, str], int] = {}
        # Texts made for one request (a system prompt with its summary, facts or recalled
        # sections) by their digest: keyed by the text itself, the cache would keep every
        # one of them alive, a few for each turn and each strategy compared.
        self._derived: dict[bytes, int] = {}
        self.encoded_texts = 0  # how many texts were actually encoded (cache misses)

    def count(self, text: str) -> int:
        self.encoded_texts += 1
        return len(self._encode(text))

    def count_cached(self, key: str, text: str) -> int:
        """Count a transcript message's `text`, remembered under `key` (its id)."""
        cached = self._cache.get((key, text))
        if cached is None:
            cached = self._cache[(key, text)] = self.count(text)
        return cached

    def count_derived(self, text: str) -> int:
        """Count a text derived for a request, remembered by its digest only."""
        key = digest(text)
        cached = self._derived.get(key)
        if cached is None:
            cached = self._derived[key] = self.count(text)
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

    def predict_counts(self, counts: Mapping[str, int]) -> int:
        """`predict` from role counts ({"user": 3, ...}): a long request's roles unlisted."""
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
