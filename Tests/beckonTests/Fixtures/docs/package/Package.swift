// swift-tools-version:6.1
// Docs/plugins.md's package of a Swift plugin, type-checked as this manifest by docs_check.py.
import PackageDescription

let package = Package(
    name: "my-store",
// BLOCK
)
