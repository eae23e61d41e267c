"""The recall probe's conversations and judge: generated conversations with their ground
truth (conversations.py, kinds.py, phrasing.py), amounts in every format (amounts.py), and
the matcher that says whether a request carries a fact's current value (matcher.py). Pure.
"""
