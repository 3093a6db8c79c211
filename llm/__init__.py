"""The LLM stage: talking to model servers (OpenAI, Anthropic, OpenAI-compatible), shared by agents and verifier.

Import from the module: `from auditgraph.llm.providers import ModelSpec, PlainChat, ToolChat`.
"""
