"""What every answer is made of, whatever the command: the `Reply` and `send` (the leaf every answer goes through),
Discord's limits, echoing user text safely, card symbols in words or emoji, the rendering every feature shares
(colours, fields, rule marks, packing embeds into messages), the one-line notices (errors, "did you mean"), and the
machinery of buttons that survive a restart (`persistent`). It knows no feature."""
