"""The context ledger of the request in flight is read from the counts the coach measured
the request with (RequestReady carries them): it reads none of the request's messages and
counts no text, whatever the session's length, and every figure is the one counting every
message again (the old computation) gives."""

from __future__ import annotations

import pickle

import pytest

from fincoach_tui.domain.ledger import MeasuredSent, context_ledger, part_tokens
from fincoach_tui.llm.embeddings import Embedded
from fincoach_tui.service.events import RequestReady
from fincoach_tui.service.ledger import ledger_for
from tests.memory_helpers import PLANTED, MemoryHarness, filler


class Embedder:
    """Vectors from the text's length: recall has something to find."""

    model = "fake-embed"

    async def embed(self, texts):
        return Embedded(tuple((float(len(t)), 1.0, float(len(t) % 7)) for t in texts), 0)


class Watched(MeasuredSent):
    """A measured request that notes every read of its messages."""

    reads = 0

    def __iter__(self):
        Watched.reads += 1
        return super().__iter__()

    def __getitem__(self, index):
        Watched.reads += 1
        return super().__getitem__(index)

    def __len__(self):
        Watched.reads += 1
        return super().__len__()


QUESTIONS = [
    *PLANTED,
    *filler(4),
    "Remember that I pay ₹5,000 a month into a PPF.",
    *filler(5, 5),
    "What was my FD again?",
]
PARAMS = {"summary": {"tail_turns": 2, "batch_turns": 2}, "hybrid": {"tail_turns": 2}}


@pytest.mark.parametrize("strategy", ["buffer", "summary", "facts", "hybrid"])
async def test_the_ledger_in_flight_reads_no_message_and_matches_counting_them_all(
    counter, strategy
):
    h = MemoryHarness(counter, strategy, PARAMS.get(strategy), embedder=Embedder())
    coach = h.coach
    counted: list[str] = []
    count_text = coach.count_text

    def counting(text: str) -> int:
        counted.append(text)
        return count_text(text)

    seen: set[str] = set()
    for question in QUESTIONS:
        events = await h.turn(question)
        (request,) = [e for e in events if isinstance(e, RequestReady)]
        assert isinstance(request.sent, MeasuredSent)
        every = part_tokens(tuple(request.sent), count_text)  # the old computation
        assert request.parts == every
        watched = Watched(request.sent, request.parts)
        Watched.reads, counted[:] = 0, []
        coach.count_text = counting
        try:
            ledger = ledger_for(
                coach, watched, request.predicted_prompt_tokens, estimated=True,
                context_window=128_000,
            )  # fmt: skip
        finally:
            del coach.count_text
        assert (Watched.reads, counted) == (0, [])
        assert ledger == context_ledger(
            tuple(request.sent), count_text, prompt_tokens=request.predicted_prompt_tokens,
            price=coach.prices.get(coach.choice.model), context_window=128_000, estimated=True,
        )  # fmt: skip
        seen.update(part for part, tokens in every.items() if tokens)
    # Every part the strategy sends was in some request (the comparison is not of zeros).
    expected = {
        "buffer": {"system", "verbatim", "new"},
        "summary": {"system", "summary", "verbatim", "new"},
        "facts": {"system", "fact", "verbatim", "new"},
        "hybrid": {"system", "summary", "recalled", "fact", "verbatim", "new"},
    }
    assert seen == expected[strategy]


def test_a_measured_request_is_its_tuple_of_messages(counter):
    from fincoach_tui.domain.records import SentMessage

    sent = (SentMessage("user", "hi there", "new", 2, ("m1",)),)
    measured = MeasuredSent(sent, {"new": 2})
    assert measured == sent and hash(measured) == hash(sent)
    copied = pickle.loads(pickle.dumps(measured))
    assert copied == sent and dict(copied.parts) == {"new": 2}
    assert RequestReady(None, sent, 2, 9).parts is None  # by hand
