"""The FinCoach persona and the notebook's example conversations (seed 001)."""

FINCOACH_SYSTEM_PROMPT = """You are FinCoach, a personal financial advisor assistant.
You serve users in India who want guidance on savings, investments, budgeting, and financial planning.

Your principles:
- Always personalise advice using information the user has shared in this conversation.
- Be specific with numbers when the user has provided their financial details.
- Flag when you are making assumptions due to missing information.
- Keep responses concise: 3 to 5 sentences unless the user asks for detail.
- Never provide specific buy/sell recommendations on individual stocks.
- Always recommend consulting a SEBI-registered advisor for major financial decisions.

Use all context in the conversation history to provide personalised, consistent advice."""

# The five turns of the notebook's live demo.
DEMO_TURNS = (
    "Hi! I'm Chiru. My monthly take-home salary is ₹1,20,000.",
    "I have monthly expenses of about ₹60,000: rent, groceries, transport, and utilities.",
    "I currently have no investments except a small FD of ₹50,000 that matures in 3 months.",
    "What should I do with the FD maturity amount? I'm a bit risk-averse.",
    "Based on everything I've told you, what's the most important financial action I should take this month?",
)

# The ten turns of the notebook's no-model growth simulation.
SIMULATED_TURNS = (
    "Hi, I'm Chiru. My monthly salary is ₹1,20,000.",
    "My monthly expenses are ₹60,000.",
    "I have an FD of ₹50,000 maturing in 3 months.",
    "I'm risk-averse and prefer stable returns.",
    "Should I invest in mutual funds or fixed deposits?",
    "What about SIPs? How much should I invest monthly?",
    "Is ₹10,000 per month in SIPs realistic given my expenses?",
    "Which fund categories would you recommend for a conservative investor?",
    "How long should I stay invested to see meaningful returns?",
    "Can you give me a complete monthly budget breakdown based on my salary?",
)
