"""The natural-claims dev set builder (issue 15): claims about shared filings in five styles, labelled from
the instances through Arelle, never from the verifier. Run it with `python -m auditgraph.eval.claims_devset`
(`__main__.py` holds the rules); the data it writes lives in eval/datasets/claims/, outside the package.
"""
