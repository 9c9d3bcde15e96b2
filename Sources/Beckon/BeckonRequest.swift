public import FoundationEssentials

/// Who a call decides for and when, with the context of the moment: every operation takes one.
public struct BeckonRequest: Sendable {
    /// The subject (a user, a device, an installation): non-empty, at most 256 UTF-8 bytes, as in
    /// every host (`invalidValue` otherwise).
    public var subject: String
    /// The decision's instant in Unix milliseconds; nil is the wall clock at the call.
    public var milliseconds: Int64?
    /// The current app version (`2.3.1`); nil uses the configuration's `app.version`.
    public var appVersion: String?
    /// Values of transient parameters for this call only, never stored; each must be declared
    /// `transient: true`, typed as declared (a string is read as its command-line text).
    public var transients: [String: BeckonValue]
    /// Testing overrides for this call (QA), merged with the configuration's `testing:`.
    public var testing: Testing
    /// The languages the answer's content is wanted in, as the CLI's `--locale` and serve's
    /// `Accept-Language` take them: one tag (`de-CH`), a list with q-values (`de-CH, fr;q=0.8`), or
    /// a POSIX locale name as `$LANG` holds one (`de_CH.UTF-8` is `de-CH`).
    /// The text is chosen by RFC 4647 lookup (`de-CH`, then `de`, then the default locale) and an
    /// answer with content says which in its `locale`. Nil uses the configuration's `app.defaultLocale`.
    public var locale: String?
    /// Whether an operation that records (a donation, a parameter set, a tip displayed, shown,
    /// invalidated or reset, a scenario triggered, tried or reset, what's new next or present, a
    /// subject reset) also reports what it changed for the subject, in its answer's `changes`.
    /// Operations that only read ignore it; without it nothing of this is computed.
    public var reportingChanges: Bool

    /// A request at a `Date` (nil: the wall clock at the call).
    public init(subject: String = "default", now: Date? = nil, appVersion: String? = nil,
                transients: [String: BeckonValue] = [:], testing: Testing = Testing(), locale: String? = nil,
                reportingChanges: Bool = false) {
        self.init(subject: subject, milliseconds: now.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) },
                  appVersion: appVersion, transients: transients, testing: testing, locale: locale, reportingChanges: reportingChanges)
    }

    /// A request at an instant in Unix milliseconds (nil: the wall clock at the call).
    public init(subject: String = "default", milliseconds: Int64?, appVersion: String? = nil,
                transients: [String: BeckonValue] = [:], testing: Testing = Testing(), locale: String? = nil,
                reportingChanges: Bool = false) {
        self.subject = subject
        self.milliseconds = milliseconds
        self.appVersion = appVersion
        self.transients = transients
        self.testing = testing
        self.locale = locale
        self.reportingChanges = reportingChanges
    }

    /// The decision's instant as a `Date`; nil is the wall clock at the call.
    public var now: Date? {
        get { milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
        set { milliseconds = newValue.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) } }
    }

    /// Testing overrides (SEMANTICS §4.1). A tip in `show` (here or in the configuration) is
    /// available, then one in `hide` is pending, then `showAll`, then `hideAll`.
    public struct Testing: Hashable, Sendable {
        /// Tips shown whatever their rules.
        public var show: [String]
        /// Tips hidden.
        public var hide: [String]
        /// Every tip shown.
        public var showAll: Bool
        /// Every tip hidden.
        public var hideAll: Bool

        /// Overrides; the default overrides nothing.
        public init(show: [String] = [], hide: [String] = [], showAll: Bool = false, hideAll: Bool = false) {
            self.show = show
            self.hide = hide
            self.showAll = showAll
            self.hideAll = hideAll
        }
    }
}
