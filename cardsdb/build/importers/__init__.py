"""Readers for each source format; each turns a file's content into plain records for `cardsdb.build`."""
