"""The text client: menus, the game loop, commands and the terminal."""
