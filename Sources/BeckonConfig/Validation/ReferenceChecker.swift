import BeckonCore
import BeckonDiagnostics

/// Checks, once every file is read, that what the configuration refers to is declared.
struct ReferenceChecker {
    let assembly: ConfigurationAssembly

    func check(into diagnostics: inout DiagnosticList) {
        for reference in assembly.references {
            // Every id that was claimed counts as declared, even when its declaration had errors,
            // so one mistake is not reported again at every use.
            let declared = assembly.declaredAt[reference.kind.declarationKind] ?? [:]
            guard declared[reference.id] == nil else { continue }
            if reference.kind == .plugin, assembly.plugins.contains(where: { $0.namespace == nil }) {
                continue  // a plugin without `as:` is named by its own descriptor, known only once loaded
            }
            diagnostics.error(
                "config.undeclared",
                "\(reference.owner) refers to \(reference.kind.rawValue) '\(reference.id)', which is not declared\(NameSuggester.hint(for: reference.id, among: declared.keys.sorted()))",
                at: reference.span
            )
        }
        checkGroupMembership(into: &diagnostics)
    }

    /// A tip may belong to at most one group, and at most once.
    private func checkGroupMembership(into diagnostics: inout DiagnosticList) {
        var groupOfTip: [String: String] = [:]
        for membership in assembly.memberships {
            guard let other = groupOfTip[membership.tip] else {
                groupOfTip[membership.tip] = membership.group
                continue
            }
            let message = other == membership.group
                ? "group '\(other)' lists tip '\(membership.tip)' more than once"
                : "tip '\(membership.tip)' is already in group '\(other)'; a tip belongs to at most one group"
            diagnostics.error("config.groupMembership", message, at: membership.span)
        }
    }
}
