"""The controls under an answer and what every slash command shares. `buttons`: Details and Show the cited rules
(anyone may press them) and "did you mean"; `answer`: how an answer to /hidden or /rule is sent, Post publicly and
the position builder (the asker's); `judge`: judge mode's words; `pagers`: the /search and /changes pagers;
`commands`: the services a command's server sees, autocomplete, sending an answer with its buttons. A button answers
again through a feature's `answers`, so this folder sits above the features' answers and below their cogs."""
