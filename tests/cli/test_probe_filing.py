"""The probe reads a request's labels from the sections the memory built: the fact store's
and the summary's lines are filed, the user's words are not; and the report counts a
needed fact the memory sent only under another fact's label as misfiled, per strategy, in
the JSON and by kind."""

from __future__ import annotations

from fincoach_tui.cli.probe import Answer, Run, StrategyResult, request_judged, request_text
from fincoach_tui.cli.probe_report import as_json, kind_table, summary_table
from fincoach_tui.domain.context import Section, system_message
from fincoach_tui.domain.memory.facts import FACTS_LABEL
from fincoach_tui.domain.memory.hybrid_sections import RECALL_LABEL
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.probe.matcher import Value, judge
from fincoach_tui.domain.records import SentMessage

PAY = Value("amount", 1_10_000)


def sent(*sections: Section, question: str = "what can we save?") -> list[SentMessage]:
    system = system_message(FINCOACH_SYSTEM_PROMPT, sections)
    return [
        SentMessage("system", system.content, "system", 0, sections=system.sections),
        SentMessage("user", question, "new", 0),
    ]


def test_the_fact_stores_lines_are_filed_and_the_users_words_are_not():
    facts = Section("fact", FACTS_LABEL, "- spouse salary: ₹1,10,000 (turn 3, 4 Jun 2026)")
    request = sent(facts)
    text = request_judged(request)
    assert text.text == request_text(request)
    assert FINCOACH_SYSTEM_PROMPT not in text.text
    found = judge(text, "salary.self", PAY, ())
    assert (found.present, found.misfiled) == (False, True)
    # the question (or any message of the user's) is the user's words
    text = request_judged(sent(facts, question="I make 1.1 lakh, what can we save?"))
    assert judge(text, "salary.self", PAY, ()).present


def test_a_recalled_passage_is_as_said_but_for_its_outdated_note():
    passage = (
        "[Turn 3, 4 Jun 2026]\nUser: payslips:\n- spouse salary: 1.1 lakh\n"
        "(Outdated: spouse salary was ₹1,10,000 then; the current fact is ₹1,25,000.)"
    )
    text = request_judged(sent(Section("recalled", RECALL_LABEL, passage)))
    assert judge(text, "salary.self", PAY, ()).present  # the user's own "- ...:" line
    note_only = passage.replace("- spouse salary: 1.1 lakh", "- my wife earns well")
    found = judge(
        request_judged(sent(Section("recalled", RECALL_LABEL, note_only))), "salary.self", PAY, ()
    )
    assert (found.present, found.misfiled) == (False, True)


def result(strategy: str, *answers: Answer) -> StrategyResult:
    return StrategyResult(strategy, (Run(strategy, 0, (100, 120), answers, ()),))


def test_the_report_counts_misfiled_facts_per_strategy_in_the_json_and_by_kind():
    needed = ("salary", "rent")
    facts = result("facts", Answer(9, needed, ("rent",), (), (), ("salary",)))
    summary = result("summary", Answer(9, needed, needed, (), ()))
    table = summary_table([facts, summary])
    assert "| needed facts sent only under another fact's label |" in table.splitlines()[0]
    assert "| `facts` | 50% | 50% (#0: 1/2) | 0 of 0 | 1 |" in table
    assert "| `summary` | 100% | 100% (#0: 2/2) | 0 of 0 | 0 |" in table
    assert "| salary | 0% (1 misfiled) | 100% |" in kind_table([facts, summary])
    data = as_json([facts, summary], seed=3)["strategies"][0]
    assert data["misfiled_under_another_label"] == 1
    assert data["by_kind"]["salary"] == {"present": 0, "needed": 1, "misfiled": 1}
    assert data["conversations"][0]["misfiled"] == 1
