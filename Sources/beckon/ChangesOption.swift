import ArgumentParser

/// `--changes`, on the commands that record: report the tips, groups and scenarios whose answer
/// the operation changed for the subject, with before and after.
struct ChangesOption: ParsableArguments {
    @Flag(name: .customLong("changes"),
          help: "Also report the tips, groups and scenarios whose answer this operation changed for the subject (before and after).")
    var requested = false
}
