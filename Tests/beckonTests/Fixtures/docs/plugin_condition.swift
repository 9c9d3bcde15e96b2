// Docs/plugins.md's condition in Swift, checked as this value by docs_check.py.
import BeckonPluginKit

let condition =
// BLOCK
