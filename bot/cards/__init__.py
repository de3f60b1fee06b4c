"""Cards: /card, /search and `[[Card Name]]` in messages (`cog`, `messages`), from a name or a search to the reply
(`answers`: the card lookup the other features use too), and the card's embed and a search page (`render`,
`search`)."""
