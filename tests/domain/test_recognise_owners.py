"""Whose a figure is, and what a later figure may replace: made-up sentences of each class."""

from __future__ import annotations

from fincoach_tui.domain.fact_keys import is_known_key, key_of, label_of
from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.statement_verdicts import replaced, replacing
from fincoach_tui.domain.statement_words import topic_words


def _values(texts: list[str]) -> dict[str, str]:
    facts = find_facts([(f"m{n}", text) for n, text in enumerate(texts, start=1)])
    return {key: fact.value for key, fact in facts.items()}


# ---- another person's pay or pension is theirs ----------------------------------------


def test_a_spouses_pension_is_filed_as_the_spouses_and_leaves_the_users_alone():
    facts = _values(
        [
            "I live with my wife Meera.",
            "I get a pension of 52,000. Meera taught at a college; her pension is 31,000.",
            "My pension is now 55,000 after the revision.",
        ]
    )
    assert facts["pension"] == "₹55,000"
    assert facts["spouse_pension"] == "₹31,000"


def test_a_parents_pension_or_pay_is_not_the_users():
    mother = dict(recognise("My mother, who stays with us, draws a pension of 18,000."))
    assert mother["pension_of_mother"] == "₹18,000" and "pension" not in mother
    assert recognise("my dad earns 40k at the shop") == [("salary_of_father", "₹40,000")]
    assert recognise("I earn 60k") == [("salary", "₹60,000")]


def test_someone_unnamed_has_no_pay_of_the_users():
    # "his" or a name the user has not said is the spouse's: whose is unknown, so not filed
    assert recognise("his salary is 70k") == []
    assert recognise("Ravi gets 45k pension") == []


def test_two_people_typing_together_each_keep_their_own_pay_and_sip():
    facts = _values(
        [
            "A here: my take-home is 70k.",
            "B: mine is 90k in hand",
            "A: SIP 5k. B: SIP 8k.",
            "B: got a raise, take-home 1L now",
            "A+B: we also do a joint SIP of 3k",
        ]
    )
    assert facts["salary_of_a"] == "₹70,000"
    assert facts["salary_of_b"] == "₹1,00,000"
    assert (facts["sip_of_a"], facts["sip_of_b"]) == ("₹5,000", "₹8,000")
    assert facts["sip"] == "₹3,000"  # the household's


def test_a_speakers_key_reads_back_from_its_label():
    assert label_of("salary_of_a") == "salary of A"
    assert label_of("sip_of_ravi") == "SIP of Ravi"
    assert is_known_key(key_of("SIP of Ravi")) and key_of("SIP of Ravi") == "sip_of_ravi"
    assert recognise("- salary of A: ₹70,000") == [("salary_of_a", "₹70,000")]


def test_another_persons_value_does_not_outdate_the_users_statement():
    facts = {"pension": "₹55,000", "spouse_pension": "₹31,000"}
    assert replaced("her pension is 31,000", facts) == ((), False)
    assert replaced("I get a pension of 52,000", facts) == (("pension",), True)
    speakers = {"salary_of_a": "₹70,000", "salary_of_b": "₹1,00,000"}
    assert replaced("A here: my take-home is 70k", speakers) == ((), False)


# ---- a figure of something else is not a new value -------------------------------------


def test_a_share_of_a_figure_just_given_is_not_a_new_value():
    assert recognise(
        "The cook and the driver cost 15,000 a month; the driver alone is 9k of that."
    ) == [("cost_driver", "₹15,000")]


def test_a_sentence_on_a_topic_of_its_own_ends_what_it_refers_to():
    facts = _values(
        [
            "The driver costs 12,000 a month.",
            "Our niece wants to become a pilot someday. We would like to give 5 lakh towards it.",
        ]
    )
    assert facts["cost_driver"] == "₹12,000"


def test_a_short_and_names_another_item_rather_than_changing_the_last():
    facts = _values(["tuition er jonno 3,000 jay mashe", "ar gaan er mastermoshai 1,500"])
    assert facts["cost_tuition"] == "₹3,000"
    # a part of the same thing still belongs to it
    assert _values(["my FD is 4 lakh", "and interest 7.2%"])["fd_rate"] == "7.2%"
    assert _values(["rent is 20k", "and now 22k"])["rent"] == "₹22,000"


def test_money_credited_once_is_not_pay():
    assert recognise("A refund of 12,000 was credited yesterday.") == []
    assert recognise("85k is credited to my account every month") == [("salary", "₹85,000")]


# ---- places ----------------------------------------------------------------------------


def test_a_city_said_with_an_arriving_verb_or_an_indian_languages_verb_of_living():
    assert recognise("we came back to Pune from Delhi last year") == [("city", "Pune")]
    assert recognise("Chennai la irukkom, Adyar side") == [("city", "Chennai")]
    assert recognise("the bill came to Rs 5000") == []


def test_a_relatives_place_is_not_the_users_city():
    assert "city" not in dict(recognise("nani's treatment in Agra is on me"))


# ---- what cannot be compared is not outdated -------------------------------------------


def test_a_relative_date_is_no_evidence_a_statement_is_out_of_date():
    assert replaced("my RD ends in 10 months", {"rd_end": "Mar 2028"}) == ((), False)
    assert replaced("my RD ends in March 2027", {"rd_end": "Mar 2028"}) == (("rd_end",), True)


def test_function_words_of_other_languages_are_no_topic():
    assert topic_words("ar ekta FD ache") == frozenset({"fd"})
    assert topic_words("Pune la ghar ahe") == frozenset({"pune", "ghar"})


def test_a_figure_needed_for_something_new_is_not_a_deposits_amount():
    facts = _values(
        [
            "My FD is 6 lakh at 7%, it matures in June 2027.",
            "We want to open a cafe, need 12 lakh for the fit-out and deposit by 2028.",
        ]
    )
    assert (facts["fd_amount"], facts["fd_maturity"]) == ("₹6,00,000", "Jun 2027")
    # a figure about the deposit itself still updates it
    assert _values(["My FD is 6 lakh", "the deposit is 7 lakh now"])["fd_amount"] == "₹7,00,000"


def test_someone_elses_want_is_not_the_users_goal():
    assert recognise("the landlord wants the flat to take 31k from next month") == [
        ("rent", "₹31,000")
    ]
    assert recognise("we want a bike next year, 1.2 lakh")[-1] == ("goal_bike_amount", "₹1,20,000")


def test_a_clause_after_a_goal_label_is_not_the_goals_name():
    assert not any(
        k.startswith("goal_we") for k, _ in recognise("About the goal: we settled on 9 lakh.")
    )


def test_a_later_value_replaces_a_statement_only_when_said_on_its_topic():
    from fincoach_tui.domain.user_statements import Statement

    old = Statement(3, "Household help costs 9,000 a month")
    facts = {"cost_maid": "₹50,000", "rent": "₹20,000"}
    said_in = {"cost_maid": 7, "rent": 1}
    unrelated = [Statement(7, "We'd like to give 50k towards the school trip")]
    assert replacing(old, facts, said_in, unrelated) == {"rent": "₹20,000"}
    on_topic = [Statement(7, "the household help costs 50k now")]
    assert replacing(old, facts, said_in, on_topic) == facts
    # a value whose statement is not known (said outside what is kept) still replaces
    assert replacing(old, facts, said_in, []) == facts


def test_a_subject_named_in_the_same_message_survives_a_sentence_about_something_else():
    assert (
        _values(["Got a raise! My manager agreed after a long chat. 95k from April."])
        == {"salary_expected": "₹95,000 from April"}  # said at no known time: pay to come
    )


def test_an_abbreviation_before_a_colon_is_not_a_speaker():
    assert recognise("PS: my salary is 80k now") == [("salary", "₹80,000")]
    assert recognise("Q: my salary is 80k, enough?") == [("salary", "₹80,000")]


def test_a_pronoun_or_a_clause_is_no_goals_name():
    for said in ("how much should I save for it", "I want a plan for someone like me"):
        assert not any(k.startswith("goal_") for k, _ in recognise(said))
    assert [k for k, _ in recognise("we are saving for my son after all the EMIs")] == ["goal_son"]


def test_paying_is_not_pay():
    facts = _values(
        ["in-hand salary is 1.5L a month", "rent is 40k, my flatmate and I split it so I pay 20k"]
    )
    assert facts["salary"] == "₹1,50,000"


def test_what_a_figure_is_net_of_is_not_what_it_is():
    assert recognise("my pay averages 1.2 lakh a month after platform fees") == [
        ("salary", "₹1,20,000")
    ]
    assert recognise("After tax, PF and all, what comes to my account is 52,000.") == [
        ("salary", "₹52,000")
    ]


def test_a_greeted_hand_over_to_the_named_spouse_files_their_pay_under_them() -> None:
    facts = find_facts(
        [
            ("m1", "My wife Kavya and I share this laptop. My take-home is 96k"),
            ("m2", "Hi, Kavya here. My take-home is 1.08 lakh now"),
        ]
    )
    assert facts["salary"].value == "₹96,000"
    assert facts["spouse_salary"].value == "₹1,08,000"
    facts = find_facts(
        [
            ("m1", "My take-home is ₹1,34,000. Meera's (wife) is 1.05 lakh I think"),
            ("m2", "Hi, Meera here. My take-home is 1.12 lakh since April, not 1.05"),
        ]
    )
    assert {k: f.value for k, f in facts.items()} == {
        "salary": "₹1,34,000",
        "spouse_name": "Meera",
        "spouse_salary": "₹1,12,000",
    }
    # with no one named before, a greeting and a name open the chat: the user's own pay
    assert recognise("Hello, Arun here. SIP is 15k") == [("sip", "₹15,000")]


# ---- a pair said contrastively, the second half cut short -------------------------------


def test_the_second_half_of_a_pair_is_its_openers_own():
    cases = {
        "My wife's salary is 60k and mine is 1.1L.": ("₹1,10,000", "₹60,000"),
        "Husband's in-hand is 1.5L, mine 60k.": ("₹60,000", "₹1,50,000"),
        "Wife earns 55k, and I get 90k in hand.": ("₹90,000", "₹55,000"),
        "My partner makes 1L and I make 80k.": ("₹80,000", "₹1,00,000"),
        "Meri salary 80k hai, biwi ki 45k.": ("₹80,000", "₹45,000"),
        "Biwi ki salary 45k hai aur meri 80k.": ("₹80,000", "₹45,000"),
    }
    for text, (own, spouses) in cases.items():
        facts = dict(recognise(text))
        assert (facts.get("salary"), facts.get("spouse_salary")) == (own, spouses), text


def test_a_pronoun_half_is_the_spouses_once_the_spouse_is_known():
    facts = _values(["My wife is a nurse.", "My salary is 1.2L and hers is 65k."])
    assert (facts["salary"], facts["spouse_salary"]) == ("₹1,20,000", "₹65,000")
    facts = _values(["My husband drives.", "His take-home is 72k; I make 48k."])
    assert (facts["salary"], facts["spouse_salary"]) == ("₹48,000", "₹72,000")
    facts = _values(["My husband drives.", "Unki salary 1.2 lakh hai, meri 70k."])
    assert (facts["salary"], facts["spouse_salary"]) == ("₹70,000", "₹1,20,000")


def test_a_half_that_is_someone_elses_never_replaces_the_users_pay():
    # no spouse known: "hers" is someone's, not the user's
    assert recognise("My salary is 1.2L and hers is 65k.") == [("salary", "₹1,20,000")]
    assert recognise("My son earns 50k, I get 30k pension.") == [("pension", "₹30,000")]
    facts = dict(recognise("Papa ki pension 30k hai aur meri salary 75k."))
    assert (facts["salary"], facts["pension_of_father"]) == ("₹75,000", "₹30,000")
