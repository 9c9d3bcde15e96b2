// Docs/plugins.md's `checkConfig:` in Swift, checked as this plugin's argument by docs_check.py.
import BeckonPluginKit

let plugin = BeckonPlugin(name: "memstore", version: "1.0.0",
// BLOCK
)
