"""The rules and the engine as a service: one answer per question, in JSON, for the command line and other programs.

`answers.py` turns a question into its answer (the look-up, the one line when the question is bad) and the answer
into JSON (`shapes.py`: each model as JSON); the command line (`cardsdb/cli/`) prints that JSON with `--json`, the
HTTP API (`http.py`, `python -m cardsdb serve`, described by `openapi.py`) and the MCP server (`mcp_server.py`,
`python -m cardsdb mcp`) answer with it, so a change to an answer reaches all three. `limits.py` holds what a caller
may send (the bot's caps, a body limit, a rate per client).
"""
