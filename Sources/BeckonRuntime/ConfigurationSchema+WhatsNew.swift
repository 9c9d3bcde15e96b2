import BeckonConfig
import BeckonCore

/// `whatsNew:` in the configuration's schema: its settings and release-note entries.
extension ConfigurationSchema {
    static var whatsNew: JSONValue {
        typealias F = SchemaFragments
        let action = F.mapping(ConfigurationKeys.whatsNewAction, "A button: title required, url optional.", properties: [
            "title": F.content("The button's title."),
            "url": F.text("The link it opens."),
        ])
        let feature = F.mapping(ConfigurationKeys.whatsNewFeature, "A feature line.", properties: [
            "image": F.text("An image name for the host."),
            "title": F.content("The feature's title."),
            "subtitle": F.content("The feature's subtitle."),
        ])
        let entry = F.mapping(ConfigurationKeys.whatsNewEntry, "Release notes of one version.", properties: [
            "version": F.version("The version the entry describes (unique, compared numerically)."),
            "title": F.content("Its title."),
            "features": F.list("Feature lines.", of: feature, default: .array([])),
            "primaryAction": action,
            "secondaryAction": action,
        ])
        return F.mapping(ConfigurationKeys.whatsNew, "Release notes.", properties: [
            "mode": F.choice(ConfigurationValues.whatsNewModes, "How entries are chosen.", default: WhatsNewMode.exact.rawValue),
            "freshInstall": F.choice(ConfigurationValues.freshInstallPolicies, "What a subject with no recorded app version sees.",
                                     default: FreshInstallPolicy.show.rawValue),
            "entries": F.list("Release notes, one per version.", of: entry, default: .array([])),
        ])
    }
}
