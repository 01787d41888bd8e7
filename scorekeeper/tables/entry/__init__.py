"""What a player typed or tapped, read and checked: forms, the win entry and its keypad, quick entry, backups."""
