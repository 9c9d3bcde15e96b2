// A store backend plugin written in Swift.
