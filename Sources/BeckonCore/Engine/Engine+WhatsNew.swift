public import BeckonRules

/// What's new (SEMANTICS §7): WhatsNewKit's `exact` choice, `catchUp`, and fresh installs.
extension Engine {
    /// The entries to present now, newest first (empty: nothing to show, with why).
    public struct WhatsNewDecision: Sendable {
        /// The current app version decided for.
        public var version: Version
        /// The entries, their texts in `locale`.
        public var entries: [WhatsNewEntry]
        /// The locale the entries' texts were chosen in, as the configuration writes it.
        public var locale: String
        /// Why nothing is shown, when nothing is.
        public var reason: String?
        /// Whether the subject had no recorded app version (a fresh install).
        public var isFreshInstall: Bool
        /// Versions presented to the subject (after the operation).
        public var presented: [Version]
    }

    /// The entries for the current version. Records the version as seen (its only side effect).
    public func whatsNewNext(_ request: DecisionRequest) throws(EngineError) -> WhatsNewDecision {
        let version = try currentVersion(request)
        return try mutate(request) { record, _ throws(EngineError) in
            Outcome(result: Self.nextEntries(localizedWhatsNew(request), version: version, record: &record.whatsNew))
        }
    }

    /// What `next` would answer, recording nothing (for overviews such as `beckon status`).
    public func whatsNewPreview(_ request: DecisionRequest) throws(EngineError) -> WhatsNewDecision {
        let version = try currentVersion(request)
        return try read(request) { scope throws(EngineError) in
            var copy = scope.record.whatsNew
            return Self.nextEntries(localizedWhatsNew(request), version: version, record: &copy)
        }
    }

    /// `next` and marking what it returned as presented, in one atomic step.
    public func whatsNewPresent(_ request: DecisionRequest) throws(EngineError) -> WhatsNewDecision {
        let version = try currentVersion(request)
        return try mutate(request) { record, _ throws(EngineError) in
            var decision = Self.nextEntries(localizedWhatsNew(request), version: version, record: &record.whatsNew)
            for entry in decision.entries { record.whatsNew.presented.insert(entry.version) }
            decision.presented = record.whatsNew.presented.sorted()
            return Outcome(result: decision)
        }
    }

    /// Records a version as presented.
    public func whatsNewMark(_ version: Version, _ request: DecisionRequest) throws(EngineError) -> [Version] {
        try mutate(request) { record, _ throws(EngineError) in
            record.whatsNew.presented.insert(version)
            return Outcome(result: record.whatsNew.presented.sorted())
        }
    }

    /// Removes a version from the presented ones, or all of them when `version` is nil.
    public func whatsNewUnmark(_ version: Version?, _ request: DecisionRequest) throws(EngineError) -> [Version] {
        try mutate(request) { record, _ throws(EngineError) in
            if let version { record.whatsNew.presented.remove(version) } else { record.whatsNew.presented = [] }
            return Outcome(result: record.whatsNew.presented.sorted())
        }
    }

    /// The what's-new settings with the entries in the request's locale, and that locale.
    private func localizedWhatsNew(_ request: DecisionRequest) -> (settings: WhatsNewSettings, locale: String) {
        let locale = localeIndex(request)
        var settings = configuration.whatsNew
        if locale != 0 { settings.entries = content.whatsNewEntries[locale] }
        return (settings, content.locales[locale])
    }

    func currentVersion(_ request: DecisionRequest) throws(EngineError) -> Version {
        guard let version = request.appVersion ?? configuration.appVersion else {
            throw .notApplicable("no app version: set app.version in the configuration or pass the current version")
        }
        return version
    }

    /// The choice of entries, and the bookkeeping of `next` on `record`; `presented` is the
    /// subject's whole set of presented versions, as in `present`, `mark` and `unmark`.
    static func nextEntries(_ localized: (settings: WhatsNewSettings, locale: String), version: Version,
                            record: inout WhatsNewRecord) -> WhatsNewDecision {
        var decision = chooseEntries(localized.settings, version: version, record: &record)
        decision.locale = localized.locale
        decision.presented = record.presented.sorted()
        return decision
    }

    /// The entries `next` chooses, with the version recorded as seen (`presented` left empty).
    private static func chooseEntries(_ settings: WhatsNewSettings, version: Version, record: inout WhatsNewRecord) -> WhatsNewDecision {
        let isFresh = record.lastSeenAppVersion == nil
        // The version seen before this one: what catchUp shows entries after.
        let previous = record.lastSeenAppVersion != version ? record.lastSeenAppVersion : record.previousAppVersion
        if record.lastSeenAppVersion != version {
            record.previousAppVersion = record.lastSeenAppVersion
            record.lastSeenAppVersion = version
        }
        var decision = WhatsNewDecision(version: version, entries: [], locale: "", reason: nil, isFreshInstall: isFresh, presented: [])
        if isFresh, settings.freshInstall == .skip {
            // Nothing now, nor later for this version or older ones.
            record.presented.insert(version)
            record.previousAppVersion = version
            decision.reason = "fresh install (freshInstall: skip)"
            return decision
        }
        switch settings.mode {
        case .exact:
            if record.presented.contains(version) {
                decision.reason = "\(version) was already presented"
            } else if let entry = settings.entries.first(where: { $0.version == version }) {
                decision.entries = [entry]
            } else {
                let minor = version.withoutPatch
                if record.presented.contains(minor) {
                    decision.reason = "\(minor) was already presented"
                } else if let entry = settings.entries.first(where: { $0.version == minor }) {
                    decision.entries = [entry]
                } else {
                    decision.reason = minor == version ? "no entry for \(version)" : "no entry for \(version) or \(minor)"
                }
            }
        case .catchUp:
            decision.entries = settings.entries
                .filter { entry in
                    entry.version <= version && !record.presented.contains(entry.version) && previous.map { entry.version > $0 } ?? true
                }
                .sorted { $0.version > $1.version }
            if decision.entries.isEmpty {
                decision.reason = "no unpresented entry" + (previous.map { " newer than \($0)" } ?? "") + " up to \(version)"
            }
        }
        return decision
    }
}
