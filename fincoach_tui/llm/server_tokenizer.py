"""Asking a local server how it counts: its tokenizer, its chat template, its context window.

llama.cpp's server tokenizes (`POST /tokenize`) and renders its chat template
(`POST /apply-template`) on request; vLLM tokenizes a text or a whole chat
(`POST /tokenize`, its answer carries `count` and `max_model_len`). Both live at the
server root, not under /v1. With them a request is counted with the model's own
tokenizer and template, so what we count is what the server bills.

The context window: llama.cpp `GET /props` -> `default_generation_settings.n_ctx`,
Ollama `POST /api/show` -> `model_info["<arch>.context_length"]`, vLLM's `max_model_len`.

Each server is asked once per base URL (the answers are cached for the process); a 404,
an error or a timeout means "no", and the caller counts locally instead. Every failure
here is `TokenizerUnavailable`, never anything the turn has to handle.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# The HTTP client the openai SDK itself uses: httpx, renamed httpx2 in newer SDKs.
try:
    import httpx2 as httpx
except ImportError:  # pragma: no cover - an older SDK
    import httpx  # type: ignore[no-redef,import-not-found]

from fincoach_tui.domain.tokens import TokenizerUnavailable

# Short: a local server answers these in milliseconds, and a slow one must not hold a turn.
TIMEOUT_S = 3.0
LLAMA_CPP = "llama.cpp"
VLLM = "vllm"


def server_root(base_url: str) -> str:
    """ "http://host:8080/v1" -> "http://host:8080": where the native endpoints live."""
    return re.sub(r"/v1$", "", base_url.rstrip("/"))


@dataclass(frozen=True)
class ServerFacts:
    """What one server said about itself, probed once."""

    dialect: str | None  # LLAMA_CPP, VLLM or None (no tokenizer endpoint)
    context_window: int | None


_probed: dict[tuple[str, str], ServerFacts] = {}
_probed_lock = threading.Lock()


class ServerTokenizer:
    """Counts with a server's own tokenizer and template (domain.tokens.ServerCounting)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout: float = TIMEOUT_S,
        client: httpx.Client | None = None,
    ) -> None:
        self.root = server_root(base_url)
        self.model = model
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = client or httpx.Client(timeout=timeout, headers=headers)
        self._facts: ServerFacts | None = None

    # ---- probing -------------------------------------------------------------------------
    def facts(self) -> ServerFacts:
        """What this server offers; asked once per (root, model) in this process."""
        if self._facts is None:
            key = (self.root, self.model)
            with _probed_lock:
                cached = _probed.get(key)
            if cached is None:
                cached = ServerFacts(self._probe_dialect(), None)
                cached = ServerFacts(cached.dialect, self._probe_context(cached.dialect))
                with _probed_lock:
                    _probed[key] = cached
            self._facts = cached
        return self._facts

    @property
    def dialect(self) -> str | None:
        return self.facts().dialect

    @property
    def context_window(self) -> int | None:
        return self.facts().context_window

    def _probe_dialect(self) -> str | None:
        try:
            answer = self._post("/tokenize", {"content": "probe", "add_special": False})
            if isinstance(answer.get("tokens"), list) and "count" not in answer:
                rendered = self._post("/apply-template", {"messages": _probe_messages()})
                return LLAMA_CPP if isinstance(rendered.get("prompt"), str) else None
        except TokenizerUnavailable:
            pass
        try:
            answer = self._post("/tokenize", {"model": self.model, "prompt": "probe"})
            return VLLM if isinstance(answer.get("count"), int) else None
        except TokenizerUnavailable:
            return None

    def _probe_context(self, dialect: str | None) -> int | None:
        for probe in (self._llama_cpp_context, self._vllm_context, self._ollama_context):
            if dialect == LLAMA_CPP and probe != self._llama_cpp_context:
                continue
            try:
                window = probe()
            except TokenizerUnavailable:
                continue
            if window:
                return window
        return None

    def _llama_cpp_context(self) -> int | None:
        props = self._get("/props")
        settings = props.get("default_generation_settings")
        return _positive_int(settings.get("n_ctx") if isinstance(settings, Mapping) else None)

    def _vllm_context(self) -> int | None:
        return _positive_int(
            self._post("/tokenize", {"model": self.model, "prompt": ""}).get("max_model_len")
        )

    def _ollama_context(self) -> int | None:
        info = self._post("/api/show", {"model": self.model}).get("model_info")
        if not isinstance(info, Mapping):
            return None
        arch = info.get("general.architecture")
        return _positive_int(info.get(f"{arch}.context_length"))

    # ---- counting (raises TokenizerUnavailable) -----------------------------------------
    def encode(self, text: str) -> list[int]:
        """Tokens of one message's text, without BOS or template."""
        if self.dialect == LLAMA_CPP:
            tokens = self._post("/tokenize", {"content": text, "add_special": False}).get("tokens")
        elif self.dialect == VLLM:
            body = {"model": self.model, "prompt": text, "add_special_tokens": False}
            tokens = self._post("/tokenize", body).get("tokens")
        else:
            raise TokenizerUnavailable("the server has no tokenizer endpoint")
        if not isinstance(tokens, list):
            raise TokenizerUnavailable("the server's /tokenize gave no tokens")
        return tokens

    def count_prompt(self, messages: Sequence[Mapping[str, str]]) -> int:
        """Tokens of the whole request as the server templates it: what it will bill."""
        chat = [{"role": m["role"], "content": m["content"]} for m in messages]
        if self.dialect == LLAMA_CPP:
            prompt = self._post("/apply-template", {"messages": chat}).get("prompt")
            if not isinstance(prompt, str):
                raise TokenizerUnavailable("the server's /apply-template gave no prompt")
            # As the chat path tokenizes it: with BOS (if the model has one), specials parsed.
            tokens = self._post("/tokenize", {"content": prompt, "add_special": True}).get("tokens")
            if not isinstance(tokens, list):
                raise TokenizerUnavailable("the server's /tokenize gave no tokens")
            return len(tokens)
        if self.dialect == VLLM:
            count = self._post("/tokenize", {"model": self.model, "messages": chat}).get("count")
            if not isinstance(count, int):
                raise TokenizerUnavailable("the server's /tokenize gave no count")
            return count
        raise TokenizerUnavailable("the server has no tokenizer endpoint")

    def close(self) -> None:
        self._client.close()

    # ---- HTTP ----------------------------------------------------------------------------
    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        return self._answer(lambda: self._client.post(self.root + path, json=body))

    def _get(self, path: str) -> dict[str, Any]:
        return self._answer(lambda: self._client.get(self.root + path))

    @staticmethod
    def _answer(send: Any) -> dict[str, Any]:
        try:
            response = send()
        except (httpx.HTTPError, OSError) as exc:
            raise TokenizerUnavailable(f"the server did not answer: {exc}") from None
        if response.status_code != 200:
            raise TokenizerUnavailable(f"HTTP {response.status_code}")
        try:
            data = response.json()
        except (ValueError, json.JSONDecodeError):
            raise TokenizerUnavailable("the server's answer is not JSON") from None
        if not isinstance(data, dict):
            raise TokenizerUnavailable("the server's answer is not a JSON object")
        return data


def _probe_messages() -> list[dict[str, str]]:
    return [{"role": "user", "content": "probe"}]


def _positive_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def forget_probes() -> None:
    """Tests: servers come and go on the same port."""
    with _probed_lock:
        _probed.clear()
