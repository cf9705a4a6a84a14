// Spec 9 menu delays, shared by the main navigation's dropdowns and the search suggestions so
// both menus feel the same: open after a short pause (hover or typing), close a moment after the
// pointer or focus has left, so a slightly wandering pointer does not snap the menu shut.
export const MENU_OPEN_DELAY_MS = 300
export const MENU_CLOSE_DELAY_MS = 250
