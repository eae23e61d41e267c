"""One sentence per kind of failure, saying what happened and what to do."""

from __future__ import annotations

from typing import TYPE_CHECKING

# Only named in annotations: the app's turn handlers import this module for its first
# frame, and llm.base brings the records and context modules with it.
if TYPE_CHECKING:
    from fincoach_tui.llm.base import LLMError

_ADVICE = {
    "auth": "the provider refused the API key; check the key variable, or run with --provider offline",
    "not_found": "the provider does not know this model; pick another with --model",
    "rate_limit": "the provider is rate-limiting; wait a moment and retry (Ctrl+R)",
    "server": "the provider had a server error; retry in a moment (Ctrl+R)",
    "timeout": "the provider did not answer in time; retry (Ctrl+R)",
    "connection": "cannot reach the provider; check the network or the base URL",
    "context_length": (
        "the request is longer than the model's context window. Switch to a bounded "
        "strategy (Ctrl+S to choose window, budget or summary; Ctrl+T for the next one), "
        "then Ctrl+R sends your message again"
    ),
    "bad_request": "the provider rejected the request",
    "bad_response": "the provider's answer was not a usable reply; retry (Ctrl+R)",
    "stream_cut": "the reply was cut off mid-stream",
    "stopped": "you stopped the reply before it began; your message is back in the input",
    "local": "your message was not sent",  # FinCoach itself refused or failed (a write)
}


def explain(error: LLMError) -> str:
    advice = _ADVICE.get(error.kind, "the call failed")
    detail = error.detail.strip()  # the server's words: the advice already says the rest
    return f"{advice} ({detail})" if detail else advice
