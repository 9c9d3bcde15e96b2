internal import CBeckonPlugin

/// Conditions, stores and the string fields they share with the plugin descriptor.
extension DescriptorValidator {
    /// Checks `conditions[index]`; nil when a required part is missing or unreadable.
    mutating func readCondition(_ raw: UnsafePointer<beckon_condition>, index: Int) -> ConditionDescriptor? {
        let field = "conditions[\(index)]"
        guard structSize(of: raw, field: field, atLeast: ABISizes.condition) != nil else { return nil }
        let condition = raw.pointee
        let name = requiredString(condition.name, field: "\(field).name", rule: .condition)
        let signatureText = requiredString(condition.signature, field: "\(field).signature")
        var signature: FunctionSignature?
        if let signatureText {
            do {
                signature = try FunctionSignature(parsing: signatureText)
            } catch {
                problems.append("\(field).signature \(DescriptorString.quoted(signatureText)) is malformed: \(error.reason)")
            }
        }
        let summary = optionalString(condition.summary, field: "\(field).summary")
        if condition.evaluate == nil { problems.append("\(field).evaluate is NULL") }

        guard let name, let signatureText, let signature, condition.evaluate != nil else { return nil }
        return ConditionDescriptor(
            name: name, signatureText: signatureText, parameters: signature.parameters, result: signature.result,
            flags: condition.flags, summary: summary, raw: raw
        )
    }

    /// Checks `stores[index]`; nil when a required part is missing or unreadable.
    mutating func readStore(_ raw: UnsafePointer<beckon_store>, index: Int) -> StoreDescriptor? {
        let field = "stores[\(index)]"
        guard let size = structSize(of: raw, field: field, atLeast: ABISizes.store) else { return nil }
        // The bytes its struct_size covers: a 1.0 or 1.1 store reads as having no check_options.
        let store = DescriptorValidator.contents(raw)
        let name = requiredString(store.name, field: "\(field).name", rule: .store)
        let summary = optionalString(store.summary, field: "\(field).summary")
        let required: [(String, Bool)] = [
            ("open", store.open != nil), ("load", store.load != nil),
            ("commit", store.commit != nil), ("read_log", store.read_log != nil),
        ]
        for (slot, present) in required where !present { problems.append("\(field).\(slot) is NULL") }
        // 1.3: both or neither, since the host's export, erase and expiry need both.
        var subjectData: SubjectDataFunctions?
        if size >= ABISizes.store13 {
            switch (store.list_subjects, store.erase_subject) {
            case let (list?, erase?): subjectData = SubjectDataFunctions(listSubjects: list, eraseSubject: erase)
            case (nil, nil): break
            case (nil, _): problems.append("\(field).list_subjects is NULL but erase_subject is set: set both or neither")
            case (_, nil): problems.append("\(field).erase_subject is NULL but list_subjects is set: set both or neither")
            }
        }

        guard let name, required.allSatisfy(\.1) else { return nil }
        return StoreDescriptor(
            name: name, capabilities: store.capabilities, flags: store.flags, summary: summary, raw: raw,
            checkOptions: size >= ABISizes.store12 ? store.check_options : nil, subjectData: subjectData
        )
    }

    /// The `struct_size` of the item at `raw` (its leading `uint32_t`); nil after a problem when it
    /// is smaller than `minimum`, the item's size in ABI 1.0, so that its fields cannot be read.
    mutating func structSize<Item>(of raw: UnsafePointer<Item>, field: String, atLeast minimum: Int) -> Int? {
        let size = Int(UnsafeRawPointer(raw).load(as: UInt32.self))
        guard size >= minimum else {
            problems.append("\(field).struct_size is \(size), smaller than \(Item.self) in ABI 1.0 (\(minimum) bytes)")
            return nil
        }
        return size
    }

    /// A required, non-empty string field, following `rule` when given; nil after a problem.
    mutating func requiredString(_ pointer: UnsafePointer<CChar>?, field: String, rule: NameRule? = nil) -> String? {
        guard let pointer else {
            problems.append("\(field) is NULL")
            return nil
        }
        guard let text = readString(pointer, field: field) else { return nil }
        guard !text.isEmpty else {
            problems.append("\(field) is empty")
            return nil
        }
        if let problem = rule?.problem(with: text) {
            problems.append("\(field) \(DescriptorString.quoted(text)) \(problem)")
            return nil
        }
        return text
    }

    /// An optional string field: nil when NULL or after a problem.
    mutating func optionalString(_ pointer: UnsafePointer<CChar>?, field: String) -> String? {
        pointer.flatMap { readString($0, field: field) }
    }

    private mutating func readString(_ pointer: UnsafePointer<CChar>, field: String) -> String? {
        switch DescriptorString.read(pointer) {
        case .text(let text):
            return text
        case .tooLong:
            problems.append("\(field) is longer than \(DescriptorString.maximumLength) bytes (or not NUL-terminated)")
        case .invalidUTF8:
            problems.append("\(field) is not valid UTF-8")
        }
        return nil
    }
}
