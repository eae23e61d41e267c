"""One sentence per kind of failure, saying what happened and what to do."""

from __future__ import annotations

from typing import TYPE_CHECKING

# Only named in annotations: the app's turn handlers import this module for its first
# frame, and llm.base brings the records and context modules with it.
if TYPE_CHECKING:
    from fincoach_tui.llm.base import LLMError

# The advice names no key to send again: the callers add it once, where the question is
# (the activity line's "Ctrl+R retries", the notice's send_again_hint), and a failed fold
# or extraction, which nothing resends, quotes this advice too.
_ADVICE = {
    "auth": "the provider refused the API key; check the key variable, or run with --provider offline",
    "not_found": "the provider does not know this model; pick another with --model",
    "rate_limit": "the provider is rate-limiting; wait a moment and retry",
    "server": "the provider had a server error; retry in a moment",
    "timeout": "the provider did not answer in time; retry",
    "connection": "cannot reach the provider; check the network or the base URL",
    "context_length": (
        "the request is longer than the model's context window. Switch to a bounded "
        "strategy (Ctrl+S to choose window, budget or summary; Ctrl+T for the next one), "
        "then send your message again"
    ),
    "bad_request": "the provider rejected the request",
    "bad_response": "the provider's answer was not a usable reply; retry",
    "stream_cut": "the reply was cut off mid-stream",
    "stopped": "you stopped the reply before it began",
    "local": "your message was not sent",  # FinCoach itself refused or failed (a write)
}


def explain(error: LLMError) -> str:
    advice = _ADVICE.get(error.kind, "the call failed")
    detail = error.detail.strip()  # the server's words: the advice already says the rest
    return f"{advice} ({detail})" if detail else advice


def send_again_hint(*, in_composer: bool, resendable: bool) -> str:
    """How to send a question that was not answered: Enter sends the composer (where it
    is when it was handed back), Ctrl+R (the app's "retry" binding) the question itself,
    when it may be sent again. "" if neither is so."""
    if in_composer:
        keys = "Enter or Ctrl+R sends" if resendable else "Enter sends"
        return f"your question is back in the composer: {keys} it again"
    return "Ctrl+R sends your question again; your draft stays" if resendable else ""


def interrupted_hint(*, typed_after: bool) -> str:
    """The notice for a question a stopped process left unanswered, handed back at start:
    what is in the composer and which key sends what (Enter: all of it; Ctrl+R: the
    question alone, ui/turn_handlers.py)."""
    if typed_after:
        return (
            "the interrupted question is back in the composer, what you had typed kept "
            "after it: Enter sends both, Ctrl+R the question alone"
        )
    return "the interrupted question is back in the composer: Enter or Ctrl+R sends it"
