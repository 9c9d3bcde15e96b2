// Helpers for writing Beckon plugins in Swift.
