"""The Discord bot: commands, rendering, and the interaction harness. It renders rulings; it never decides one."""
