"""Which code a kept walk (store/walk_cache.py) was taken by: a walk kept by other code is
walked again rather than read.

Bump WALK_VERSION whenever what a step of the comparison's walk holds changes for the same
session: what a strategy sends (domain/memory/*.py: its sections, reach, caps, what it
keeps or recalls), how the walk counts, pairs or prices a step (domain/counterfactual.py,
buffer_sums.py, request_measure.py, real_calls.py, fact_replay.py), or what the kept data
means (domain/walk_state.py; its FORMAT covers only the data's layout). A kept walk is
only a cache: bumping costs one walk from scratch at the next opening of each session.
tests/store/test_walk_cache.py keeps a fixed session's walk digest beside this number, so a
change to what a walk keeps without a bump fails there.
"""

from __future__ import annotations

# 1: hybrid sends the user's statements from the last 60 turns it neither keeps nor recalls
# 2: the recogniser files a figure under its owner and topic (a spouse's or parent's pay, two
#    people typing together, a share "of that", a figure needed for something new), and a
#    summary marks a statement outdated only by a value said on its topic
# 3: statements with no figure of a kind that has none (a stance, a dependant, a city) are kept
#    with figures; a cautious or bold stance is read without its word ("can't sleep if markets
#    fall", "only FDs", "can take a hit"); a figure is not filed under what it comes through
# 4: the facts notes (and hybrid's) send statements of a kind no current fact holds, that say
#    something ended, or a newer value than a fact said before them, before those whose kinds
#    the facts already hold; only a value said after a statement marks it outdated; a stance,
#    dependant or city said without a figure is never taken as held by the fact's paraphrase
# 5: the fold request dates the user's lines; a stance, place or family statement is kept in
#    the user's words beside the fact read from it; corrections keep their scale ("18k no
#    wait 16"), run-on speech is cut where each statement starts, a vehicle's or shop's
#    insurance is a premium, money set aside for a bill is not the bill, "Priya here!" hands
#    the keyboard over, a policy given up ends its premium, money lost is a story, stances
#    said as feelings, localities name their city, numbers and rates said in words, a long
#    dictation is kept in pieces, and under the cap a family/stance statement outlasts others
# 6: stopping one named fund's SIP ends that fund's entry only, a stance said after a "Name:"
#    tag the chat knows is that person's, and a question about how the
#    user feels about money or losses asks their stance (its notes are chosen first)
# 7: a question asks about the notes that share its topic words, not those that share only
#    how it asks or "money" ("tell me honestly", "can we", "next year")
# 8: a figure followed by "ho gaya" (became) is a new value, not money lost
# 9: a note with an amount or a name no current fact holds is sent with the notes new to the
#    facts (before chatter); a note goes with the newer notes sharing its topic, not a chain;
#    a summary's fact line says each thing once ("goal: trip (Kashi)"); a question about
#    "my nature" asks the stance
# 10: what is left of a term is its end date ("22 mahine aur bache hain"), income from a
#     source that is not a salary is its own fact, foreign amounts keep their currency, a
#     bare city or a locality names the city, a loan is named by what it bought, a cost may
#     be given as a label, the spouse typing files their own pay as the spouse's
#     (and a deposit kept at a named bank is that bank's: fd_sbi_amount; a range "40-50k" is kept)
# 11: income_<source> and fd_<bank>_* keys read back as "label: value" lines; a deposit
#     named without its bank is the one bank deposit of its type known; the offline coach's
#     surplus is computed within one currency; a listed household is a fact of its own
# 12: a question about where a sum should go ("should the money go to the flat or into
#     funds") asks the stance
# 13: hybrid recalls from its newest `recall_window` turns (a new parameter, in its key);
#     older turns are the summary's only
# 14: a classless piece of a message that goes on with the classed statement before it (a
#     figure, or a word pointing back) is one statement with it in the notes and the
#     summary; under the cap a lesser statement no longer takes an older one worth more
# 15: the recogniser reads units ("2 kg", "10 km") as no money, a range's currency at both
#     ends ("$3-4k"), income paid by a giver, household spending as expenses, a dash as a
#     clause break (a headcount kept with its list), medical costs apart from insurance
# 16: the offline summary keeps a statement the recogniser says was replaced until the
#     cap's later passes unless a later statement on its topic replaced it; shows an ending
#     in the user's words; sums the "dropped" note's counts across folds; ranks a statement
#     naming someone or somewhere with a place's; a remark takes no older figure with it;
#     more Hindi function words ("pe", "koi", "har") make no topic
# 17: the notes send a wholly replaced statement with a figure before chatter, and first when
#     the question asks its kind; a message's opening header ("[0742]") is no statement
# 18: the recogniser reads a share taken by a named thing ("rent takes 25k of it"), a figure
#     that includes a cost ("31k with maintenance"), figures after a thing announced alone,
#     festivals with their year as dates, a new purpose as a new loan, a minus sign; a wish
#     for a state of things ("get my money sorted") is no goal
#     (and more: romanised Indian number words, dates, pay and rent words, pasted
#     statement lines, city locatives)
# 19: a family fact keeps the user's own words beside its count ("do bachche", twins), and
#     money sent to parents named in their words says they depend on the user; "to" in
#     "cost to parents" no longer names that cost again ("promotion to manager. credit 1 lakh")
# 20: a price before the thing wanted is its goal's amount ("a 1.2 crore house by 2030"); a
#     total over a list is one combined cost; a cover and its premium each keep their own
#     figure in any order; a figure "from freelancing" is that income; money given to the
#     family "for the house" is support, not rent; a stance restated keeps its value
# 21: a role before a known city is the user's city, a trip's, past home's or relative's
#     is not; the short half of a pay pair ("mine is 1.1L") is its opener's; pay to come
#     is salary_expected; elders living with the user in Indian languages; a city's older
#     name and a stance's words quoted beside the value
# 22: a question in romanised Hindi, Marathi, Bengali or Tamil asks the notes of its topics
#     (`fact_relevance.LANGUAGE_TOPICS`), not those sharing only its grammar words; a
#     statement is marked outdated only by a newer value of the same fact (`misfiled`); a
#     pasted bank statement is one statement of its entries (`ledger_statements`)
# 23: the bare noun "pay" before the future ("pay will be about 90k") is the pay to come
# 24: an ended loan, SIP, RD or policy keeps a short quote of how the user said it ended
# 25: money moved into an instrument is the instrument's ("4L of my retirement savings into an
#     FD"), and "home" where money is sent is not a home loan
# 26: window keeps whole exchanges: an odd k takes its first reply's question too (k=1
#     sends the last question and answer, not nothing)
# 27: a risk stance's reason told in the sentence before or after it, not another thing's
#     "because"; a clause describing a goal names no subject; money sent home is no new
#     rent; a wish to plan is no goal; a terse cost, a "??" cost, a period after the
#     thing ("16,400 premium yearly"), a rent that stopped, two loans of a type told apart
# 28: one parent's pay apart from the other's (`salary_of_father`), "incomes" and a contract
#     renewed name pay, a deducted aside names nothing, a figure corrected by its old number,
#     more currencies (KES, ZAR, NGN, THB ...)
# 29: money sent home is one fact, `remittance`; time left said as "more" is an end date; a
#     chit fund or a savings scheme keeps when it ends; more currencies, dates and amounts
# 30: under its cap the summary keeps longer a statement with a figure no fact read from it
#     holds (a chit's end) than one whose every figure is a fact's value
#     a fact line says an ending once with the user's words quoted after it, and read back
#     it holds the statement it came from (`statement_verdicts.same_said`)
#     a question in romanised Telugu, Gujarati, Punjabi, Kannada, Malayalam or Odia asks the
#     notes of its topics (`language_topics.LANGUAGE_TOPICS`); their grammar words name no topic
#     a fact ranks under the cap as its kind whoever's it is (a wife's cover, a parent's
#     pension), and a statement with money no current fact holds is kept the longest
# 31: a rent ends only where the rent itself is said to end, not on another thing's end,
#     a wished end or "over" a figure
# 32: money someone else sends home is other income (`income_support`: "Biju sends home",
#     "bhejta hai ghar", "bhejega"); "Rinki ko ... bhejte hain" is the remittance; Chhath,
#     Eid, Bakrid, Easter, Deepavali and a festival with its year are dates
# 33: a household's size said alone ("kul paanch log") is the household; fees from the
#     user's own pupils are what tuition brings in, not a cost; a figure kept "as my own
#     pay" is the pay
# 34: money said in an Indian language's scale word the amount reader left unread is a
#     figure the summary keeps; a clause of when a value ends or starts names no topic
# 35: a business's premises' rent is its own fact (rent_shop, rent_godown...); a PG, a
#     hostel, a lease are the rent; HRA is no rent; a thing priced after the rent, a home
#     saved for, are not the rent; an ended rent quotes where the user lives now
# 36: who sends family money decides its way ("hum ghar 8k bhejte hain" is a remittance);
#     an amount is no child's age or name, pupils are not children, settling in a place
#     ends no policy, a cover "on him 1Cr" is the spouse's, a spouse who introduces
#     himself types his own figures
# 37: a figure taken back in the same breath ("EMI 32k, sorry, 23k") gives its role to the
#     correction; a plain EMI goes to the one of two loans told apart that it names or the
#     message before spoke of; a state's social insurance is a deduction, not term cover; a
#     loan closed in free wording ("all paid up", "chuka diya") is closed
# 38: Tamil, Malayalam, Telugu and Kannada number words are money ("iravai velu",
#     "pathinaarayiram"); pay to come said verb-last in Gujarati and Marathi ("thashe",
#     "milnar"); fees are income when the user's work is paid in fees; a place of origin
#     is not the city; a currency said by its code is written back by its code
# 39: a statement opening with what the user does with money ("what I take home is ...") is
#     no question; "bring home" is pay; the user's age is a fact; refusing speculation is a
#     cautious stance; a self-interview's "A:" answers its "Q:"; kids stay kids
# 40: a foreign currency said by its word keeps its word where it was said ("3,350 euro",
#     "riyal 4,200"), a sign without a symbol of its own stays that sign ("S$1,200"); a
#     code before number words is that currency ("usd five thousand"); a currency is no
#     cost's thing ("krw 5,200,000 a month" is no `cost_krw`)
# 41: who pays and the verb said after a rented home ("paying 21k", "hum unko 9k bhejte
#     hain", "revised to 17k") name no other thing; a hostel of one money is sent to ("Sonu
#     ko hostel mein ...") is no rent; an ended rent said with the new home in one sentence
#     quotes from the ending's words
# 42: a practice's receipts, billing and collections are its income (`income_practice`),
#     as are consultation or professional fees said by the month; a bare figure after news
#     of the user's job ("got the offer!!!") is the pay; income said per head ("4 kids,
#     1,500 each") is the total; superannuation is a deduction and a 401(k) savings
#     ("401k" no figure)
# 43: a housing society's charges ("society charges 3k", "CAM 5k") and the power bill
#     ("bijli 2k", "light bill") are costs beside the rent, "+ bijli ~2k" with its own figure
#     another thing; "no rent now", "ab kiraya nahi dena" end the rent; a usual purpose
#     opening a clause before "loan" ("plot loan outstanding ...") types the loan; two
#     loans of no type named apart ("Thar loan EMI 18,400 and the i20 one 9,200") keep
#     their own EMIs, a later one naming either replacing it alone; a loan of no type is
#     labelled "loan EMI", not "loan loan EMI"
# 44: under the summary's cap a stance's reason (said beside it) is kept as long as the
#     stance is; a person's name ("Kavya's share", "appu ki fees") and foreign money's word
#     ("euro") are no topic two statements share; a question naming someone asks its other
#     words of the notes; a note's names count possessives ("Ravi's")
# 45: a figure said as what it was ("pehle 10k tha", "rent 12k now, 10k earlier", "munnadi
#     25k irundhuchu") is no value; a bare number taking back a foreign figure keeps its
#     currency ("4,200 euros. sorry, 4,400"); a city abroad is read as an Indian one, a
#     planned move's city is not the user's; someone else's children are not the user's;
#     "RM" is the ringgit; a lone "no," "nahi," "ugh" or "uff" takes back the figure just
#     said, and one the message said that filed nothing leaves an earlier message's fact
#     as it was; a flat in a city is owned there; Gujarati "thi" (than, from) is no "was";
#     a household listed with "+" or "&" keeps its items apart
# 46: a fee per piece of work ("avg per survey now 2,650") is not the cost before; "plus"
#     after a figure, a thing with its own figure in any currency ("rent PHP 24,000 plus
#     dues PHP 3,200") is another thing; money kept ("I keep roughly 68k", "after
#     medicines and the compounder's pay I keep 68k for the house") or "another 2k" after
#     the rent is no rent; a stance in Hindi words ("jokhim madhyam") is its level
# 47: money that comes in from fees or from a van, a tempo or a cab ("dono van se 1.52
#     lakh aata hai ... fees se", "fees se mahine ka 60 hazaar aa jata hai", "the vans earn
#     1.2 lakh in fees", "fees received from parents") is that work's income, not a cost of
#     fees; "my dance academy" is work paid in fees; "from my pottery classes" names the
#     classes; "aa jaata", "bach jata" are money coming in; a fee per head and the count of
#     those who pay it are facts of their own beside the total ("4 bacche ... 1,300 each");
#     a retainer, training cars are sources of income; "clinic ton ... aa
#     janda", "clinic nunchi ... vastundi" are money coming in; "own small practice" is
#     work paid in fees; "audit fees come in" are its takings
# 48: a payslip's net is the pay ("gross 6,200, CPF 1,240, net S$4,640", "haath me 91,800"),
#     its gross and its taxes are blanked, a deduction's own figure after "after" is its own
#     ("1,21,000 after PF 9,000"); "my net is ..." is the pay; "I clear 62k a year"; a
#     fortnight is a period; children counted in a batch are pupils
# 49: money given to a relative towards their home or rent ("I give papa 12k towards the
#     bhara", "mummy ko ghar kharch ke liye 8k") is support, not the rent; a bare figure
#     added after the rent ("rent 12k plus 2k", "bhada 9k aur 1k light") is an extra; a
#     monthly bill under a thousand with no currency ("wifi 499", "light bill 800") is a cost
# 50: a stance in a few Hindi, Punjabi or Urdu words ("dhire dhire chalo", "koi jokhim
#     nahi", "safe hi theek", "thoda risk chalega") with its reason ("us din ton");
#     staff's pay said with a possessive ("staff ki tankha") is a cost; a sibling's own
#     rent or EMI said with their pronoun ("ohda kiraya") is theirs; a bare pay after news
#     of the spouse's work is the spouse's; "mummy ko 9k deti hu kiraye ke liye" is
#     support, not the rent
# 51: a loan named by its vehicle is a car or bike loan kept under the model
#     (loan_car_thar_emi), labelled "car loan (Thar) EMI"; loans closed in free wording
#     ("poora bhar ditta", "pura zala"); a spouse's or a parent's EMI is theirs
#     (spouse_loan_*, parents_loan_*); the fact section's labels read back normalised.
# 52: a plain EMI in a message naming the loan by its owner ("baba's loan - my brother paid
#     part, EMI now 5,250", "biwi ki EMI ab 1,900") is that owner's one loan known, not the
#     user's
# 53: a Kisan Credit Card is a farm loan said without the word ("KCC ka 1.6 lakh baaki hai")
# 54: the spouse's, in an Indian language's possessive opening a clause ("navryacha utpanna",
#     "bayko chi", "pati ka", "patni ki"), is the spouse's money
# 55: one clause that opens with a sibling and goes on with their pronoun ("chhota bhai
#     salman ka tempo h uski emi 9,800 hai") is theirs
WALK_VERSION = 55
