"""The offline recogniser: reads facts (figures, dates, owners, topics) from what a user types.

Pure text in, values out; no I/O. finance_facts.py and fact_extraction.py put its pieces
together into the facts the memory keeps."""
