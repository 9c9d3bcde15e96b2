import BeckonDiagnostics

extension TestingOverrides {
    /// A request's testing overrides (QA), every tip they name declared in `configuration`; the
    /// engine merges them with the configuration's `testing:` (SEMANTICS §4.1). Every host (CLI,
    /// C API, Swift library) checks its overrides here.
    public static func forRequest(show: [String], hide: [String], showAll: Bool, hideAll: Bool,
                                  in configuration: Configuration) throws(EngineError) -> TestingOverrides {
        let tips = configuration.tips
        for tip in show + hide where tips[tip] == nil {
            throw .undeclared(kind: "tip", id: tip, suggestion: NameSuggester.suggestion(for: tip, among: tips.ids))
        }
        return TestingOverrides(show: show, hide: hide, showAll: showAll, hideAll: hideAll)
    }
}
