"""/deck check: the deck check's verdict (`cardsdb.deck`) as Discord answers. `answers` (from the options to a reply),
`render` (the embeds), `form` (the modal for a pasted list), `cog` (the command). No ruling is decided here."""
