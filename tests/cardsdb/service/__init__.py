"""Tests of cardsdb/service/: the answers for other programs, over HTTP and MCP."""
